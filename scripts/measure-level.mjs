// Times one AI level's moves in WebAssembly under Node (V8, as in the page's worker): the
// engine's `ai_move` on positions of random games, with its tables kept between moves as in
// the page. Timing only, no assertions; needs `www/pkg` (scripts/build-web.sh).
// usage: node scripts/measure-level.mjs [LEVEL=max] [POSITIONS=40] [RULES=classic]
// Prints each move's time, then the median, the 90th percentile and the maximum.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = await import(join(ROOT, 'www', 'pkg', 'reversi_wasm.js'));
pkg.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'reversi_wasm_bg.wasm')) });
// As the page's worker does: the AI's tables are made before the first move.
pkg.prepare_ai();

const [levelArg, countArg, rulesArg] = process.argv.slice(2);
const level = Number(levelArg ?? pkg.max_level());
const count = Number(countArg ?? 40);
const rules = rulesArg ?? 'classic';

/** Positions after 12 to 46 random plies (a fixed generator: the same ones every run). */
function positions(/** @type {number} */ n) {
  let s = 2026;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = [];
  while (out.length < n) {
    const plies = 12 + Math.floor(rand() * 35);
    const g = pkg.new_game(rules, 'standard');
    for (let i = 0; i < plies && !g.is_over(); i++) {
      const moves = g.legal_moves();
      g.play(moves[Math.floor(rand() * moves.length)]);
    }
    if (!g.is_over() && g.legal_moves().length > 1) out.push({ board: g.board(), side: g.side() });
    g.free();
  }
  return out;
}

/** @type {number[]} */
const times = [];
for (const [i, p] of positions(count).entries()) {
  const t0 = performance.now();
  const move = pkg.ai_move(p.board, p.side, rules, level, i);
  const ms = performance.now() - t0;
  times.push(ms);
  console.log(`position ${i + 1}: ${move} in ${ms.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
const at = (/** @type {number} */ q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
console.log(
  `${rules} level ${level}, ${times.length} positions: median ${at(0.5).toFixed(0)} ms, ` +
    `p90 ${at(0.9).toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
);
