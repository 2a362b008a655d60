// The wasm package's analysis API in Node (the package scripts/build-web.sh writes to www/pkg,
// loaded from disk): score_moves, the flips of a move, the opening name, the legal prefix of
// a transcript. Exact scores are checked against a plain minimax over the engine's own moves.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

/** @typedef {typeof import('../pkg/reversi_wasm.js')} Wasm */
/** @typedef {import('../pkg/reversi_wasm.js').Game} Game */
/** @typedef {{square: string, score: number, exact: boolean, depth: number}} MoveScore */
/** @import { Snapshot } from '../engine.js' */

/**
 * The engine's snapshot of `g`.
 * @param {Game} g
 */
const stateOf = (g) => /** @type {Snapshot} */ (g.state());

const PKG = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
/** @type {Wasm} */
let w;

before(async () => {
  assert.ok(existsSync(join(PKG, 'reversi_wasm_bg.wasm')), `no wasm package in ${PKG}: run scripts/build-web.sh`);
  w = await import('../pkg/reversi_wasm.js');
  w.initSync({ module: readFileSync(join(PKG, 'reversi_wasm_bg.wasm')) });
});

/**
 * @param {Game} g
 * @returns {MoveScore[]}
 */
const scoresOf = (g, depth = 4, ms = 20000) => w.score_moves(g.board(), g.side(), g.rules(), depth, ms);

/**
 * The value of `g` for `player` with best play, by minimax over the engine's moves: the final
 * disc difference counting the discs on the board, negated in the inverse game.
 * @param {Game} g
 * @param {'black' | 'white'} player
 * @returns {number}
 */
function minimax(g, player) {
  const s = stateOf(g);
  if (s.over) {
    const diff = player === 'black' ? s.black - s.white : s.white - s.black;
    return s.rules === 'inverse' ? -diff : diff;
  }
  let best = -Infinity;
  for (const m of s.legal) {
    const child = w.new_game(s.rules, 'standard', s.board, s.side);
    child.play(m);
    best = Math.max(best, minimax(child, s.toMove));
    child.free();
  }
  return s.toMove === player ? best : -best;
}

/**
 * A position with `empties` empty squares, reached by a seeded walk through legal moves.
 * @param {string} rules
 * @param {number} empties
 * @param {number} seed
 */
function endgame(rules, empties, seed) {
  let x = seed;
  const g = w.new_game(rules, 'standard');
  for (;;) {
    const s = stateOf(g);
    if (s.over) return endgame(rules, empties, seed + 1);
    if (s.board.split('-').length - 1 === empties) return g;
    x = (x * 1103515245 + 12345) % 2 ** 31;
    g.play(s.legal[x % s.legal.length]);
  }
}

test('score_moves: every legal move, best first, the same scores for the same arguments', () => {
  const g = w.new_game('classic', 'standard');
  g.play_transcript('f5d6c3');
  const a = scoresOf(g, 5);
  assert.deepEqual(a.map((m) => m.square).sort(), g.legal_moves().sort());
  for (let i = 1; i < a.length; i++) assert.ok(a[i - 1].score >= a[i].score, 'best first');
  for (const m of a) {
    assert.equal(m.exact, false);
    assert.equal(m.depth, 5);
    assert.ok(Number.isFinite(m.score) && Math.abs(m.score) < 64);
  }
  assert.deepEqual(scoresOf(g, 5), a, 'cleared tables: the same scores again');
  // The four first moves are symmetric: one score.
  const start = w.score_moves(w.new_game('classic', 'standard').board(), 'X', 'classic', 3, 20000);
  assert.equal(new Set(start.map((m) => m.score)).size, 1);
  g.free();
});

test('score_moves: exact scores of small endgames equal a minimax of the engine', () => {
  for (const rules of ['classic', 'inverse']) {
    for (const seed of [1, 7, 42]) {
      const g = endgame(rules, 7, seed);
      const s = stateOf(g);
      const scores = scoresOf(g, 1);
      assert.ok(scores.length > 0);
      for (const m of scores) {
        assert.equal(m.exact, true, `${rules} ${s.board} ${m.square} exact`);
        const child = w.new_game(rules, 'standard', s.board, s.side);
        child.play(m.square);
        assert.equal(m.score, minimax(child, /** @type {'black' | 'white'} */ (s.toMove)), `${rules} ${s.board} ${m.square}`);
        child.free();
      }
      g.free();
    }
  }
});

test('score_moves: no move, bad arguments', () => {
  const g = w.new_game('classic', 'standard');
  g.play_transcript('f5f4f3f6f7e3d3c3b2'); // over: White has no disc
  assert.deepEqual(w.score_moves(g.board(), g.side(), 'classic', 3, 1000), []);
  const board = w.new_game('classic', 'standard').board();
  assert.throws(() => w.score_moves(board, 'X', 'classic', 0, 1000), RangeError);
  assert.throws(() => w.score_moves(board, 'X', 'classic', 3, 0), RangeError);
  assert.throws(() => w.score_moves(board, 'X', 'classic', /** @type {any} */ ('3'), 1000), TypeError);
  assert.throws(() => w.score_moves('XO', 'X', 'classic', 3, 1000), { code: 'board_length' });
  assert.throws(() => w.score_moves(board, 'X', 'chess', 3, 1000), { code: 'bad_rules' });
  g.free();
});

test('flips: the discs a move would turn, from the engine', () => {
  const g = w.new_game('classic', 'standard');
  assert.deepEqual(g.flips('f5'), ['e5']);
  assert.deepEqual(g.flips('a1'), []);
  assert.deepEqual(g.flips('d4'), [], 'an occupied square');
  assert.throws(() => g.flips('z9'), { code: 'bad_square' });
  assert.deepEqual(stateOf(g).flips, { d3: ['d4'], c4: ['d4'], f5: ['e5'], e6: ['e5'] });
  g.play_transcript('f5d6c3d3c4f4');
  for (const m of g.legal_moves()) assert.deepEqual(g.flips(m), stateOf(g).flips[m]);
  g.free();
});

test('opening names: Tiger and its symmetries, none off the table', () => {
  const g = w.new_game('classic', 'standard');
  assert.equal(g.opening_name(), undefined);
  assert.equal(stateOf(g).opening, null);
  g.play_transcript('f5d6');
  assert.equal(g.opening_name(), 'Perpendicular');
  g.play_transcript('c3d3c4');
  assert.equal(g.opening_name(), 'Tiger');
  assert.equal(stateOf(g).opening, 'Tiger');
  const turned = w.new_game('classic', 'standard');
  turned.play_transcript('c4e3f6e6f5');
  assert.equal(turned.opening_name(), 'Tiger');
  const alt = w.new_game('classic', 'alternative');
  assert.equal(stateOf(alt).opening, null);
  g.free();
  turned.free();
  alt.free();
});

test('play_legal_prefix: the moves before the bad one are played, the error returned', () => {
  const g = w.new_game('classic', 'standard');
  const e = g.play_legal_prefix('f5 d6 a1 c3');
  assert.ok(e instanceof Error);
  assert.equal(/** @type {any} */ (e).code, 'bad_transcript');
  assert.deepEqual(/** @type {any} */ (e).params, { moveNumber: 3, token: 'a1', reason: 'illegal_move', square: 'a1', player: 'black' });
  assert.equal(g.transcript(), 'f5d6');
  assert.equal(g.play_legal_prefix('c3d3'), undefined);
  assert.equal(g.transcript(), 'f5d6c3d3');
  assert.equal(/** @type {any} */ (g.play_legal_prefix('zz')).code, 'bad_transcript');
  assert.equal(g.transcript(), 'f5d6c3d3', 'nothing played');
  g.free();
});
