// Times the top level's search to a fixed depth in WebAssembly with 1 and with N workers
// (Node.js worker threads, each with its own instance of the wasm package and its own
// tables, as the page's Web Workers): the engine's SplitPlan hands out the tasks, as
// www/ai-pool.js does on the page. Timing only, no assertions; needs `www/pkg` (build-web.sh).
// usage: node scripts/measure-split.mjs [DEPTH=14] [WORKERS=2] [POSITIONS=10] [PLIES=20]

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = await import(join(ROOT, 'www', 'pkg', 'reversi_wasm.js'));
pkg.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'reversi_wasm_bg.wasm')) });

if (!isMainThread) {
  // A worker: runs the tasks it is sent, each on its own position.
  const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
  port.on('message', (/** @type {{board: string, side: string, rules: string, task: string}} */ m) => {
    port.postMessage(pkg.run_split_task(m.board, m.side, m.rules, pkg.max_level(), m.task, 600000));
  });
  void workerData;
} else {
  const [depth, workers, count, plies] = process.argv.slice(2).map(Number);
  const D = depth || 14;
  const N = workers || 2;
  const TOP = pkg.max_level();

  /** Positions after `plies` random moves (a fixed generator: the same ones every run). */
  function positions(/** @type {number} */ n, /** @type {number} */ k) {
    let s = 12345;
    const rand = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const out = [];
    while (out.length < n) {
      const g = pkg.new_game('classic', 'standard');
      for (let i = 0; i < k && !g.is_over(); i++) {
        const moves = g.legal_moves();
        g.play(moves[Math.floor(rand() * moves.length)]);
      }
      if (!g.is_over() && g.legal_moves().length > 1) out.push({ board: g.board(), side: g.side() });
      g.free();
    }
    return out;
  }

  /**
   * `n` workers, each with its tables made (the first task makes them) before the clock starts.
   * @param {number} n @param {{board: string, side: string}} pos
   */
  async function startPool(n, pos) {
    const pool = Array.from({ length: n }, () => new Worker(fileURLToPath(import.meta.url), { workerData: {} }));
    await Promise.all(
      pool.map(
        (w) =>
          new Promise((resolve) => {
            w.once('message', resolve);
            w.postMessage({ board: pos.board, side: pos.side, rules: 'classic', task: 'deepen 1' });
          }),
      ),
    );
    return pool;
  }

  /**
   * The split search of `pos` to depth D on `pool`: milliseconds and the best move.
   * @param {Worker[]} pool @param {{board: string, side: string}} pos
   */
  function search(pool, pos) {
    const plan = pkg.SplitPlan.create(pos.board, pos.side, TOP, D);
    if (!plan) return Promise.resolve(null);
    const t0 = performance.now();
    return new Promise((resolve) => {
      /** @type {Map<Worker, string>} */
      const running = new Map();
      const pump = () => {
        for (const [i, w] of pool.entries()) {
          if (running.has(w) || plan.finished()) continue;
          const task = plan.next_task(i);
          if (task === undefined) continue;
          running.set(w, task);
          w.postMessage({ board: pos.board, side: pos.side, rules: 'classic', task });
        }
        if (running.size === 0) {
          const best = plan.best();
          plan.free();
          for (const w of pool) w.removeAllListeners('message');
          resolve({ ms: performance.now() - t0, best });
        }
      };
      for (const w of pool) {
        w.on('message', (/** @type {string} */ outcome) => {
          const task = /** @type {string} */ (running.get(w));
          running.delete(w);
          plan.report(task, outcome);
          pump();
        });
      }
      pump();
    });
  }

  const list = positions(count || 10, plies || 20);
  console.log(`time to depth ${D}, classic, ${list.length} positions: 1 worker, then ${N} (fresh workers each position)`);
  const ratios = [];
  const ones = [];
  const many = [];
  for (const [i, pos] of list.entries()) {
    const r = [];
    for (const n of [1, N]) {
      const pool = await startPool(n, pos);
      r.push(await search(pool, pos));
      await Promise.all(pool.map((w) => w.terminate()));
    }
    const [a, b] = /** @type {{ms: number, best: string}[]} */ (r);
    if (!a || !b) continue;
    ones.push(a.ms);
    many.push(b.ms);
    ratios.push(a.ms / b.ms);
    console.log(`${i + 1}: 1 worker ${a.ms.toFixed(0)} ms (${a.best}), ${N} workers ${b.ms.toFixed(0)} ms (${b.best}), speed-up ${(a.ms / b.ms).toFixed(2)}`);
  }
  const median = (/** @type {number[]} */ xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(`median: 1 worker ${median(ones).toFixed(0)} ms, ${N} workers ${median(many).toFixed(0)} ms, speed-up ${median(ratios).toFixed(2)} (median of the ratios)`);
}
