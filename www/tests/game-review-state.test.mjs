// Unit tests of the game review in the reducer (www/review.js through reduce) and its effects:
// pure, no browser, no wasm.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effects } from '../effects.js';
import { formatAll } from '../i18n.js';
import { EXACT_MS, REVIEW_DEPTH, mistakes, reviewMessages } from '../review.js';
import { reduce } from '../state.js';
import { START, deepFreeze, loaded, run, settings, snap } from './fixtures.mjs';

/** @import { ReviewPosition } from '../review.js' */

const OVER = snap({
  over: true,
  toMove: null,
  legal: [],
  transcript: 'f5d6',
  events: [
    { type: 'move', player: 'black', square: 'f5' },
    { type: 'move', player: 'white', square: 'd6' },
  ],
});
/** @type {ReviewPosition[]} */
const POSITIONS = [
  { ply: 0, board: START, side: 'X', rules: 'classic', moves: '', square: 'f5', player: 'black' },
  { ply: 1, board: `${'X'.repeat(44)}${'-'.repeat(20)}`, side: 'O', rules: 'classic', moves: 'f5', square: 'd6', player: 'white' },
];

test('a game over is reviewed: one position a request, the mistakes and a summary', () => {
  const before = run({ type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });
  const over = reduce(before, { type: 'game-loaded', loaded: loaded(settings('human'), OVER), linkProblems: [] });
  assert.deepEqual(effects(before, over).filter((e) => e.type === 'review-game'), [{ type: 'review-game' }]);
  let state = deepFreeze(reduce(over, { type: 'review-started', transcript: 'f5d6', positions: POSITIONS }));
  const first = state.reviewing;
  assert.equal(first?.kind, 'review');
  assert.equal(first?.depth, REVIEW_DEPTH);
  assert.deepEqual(effects(over, state), [{ type: 'ai-request', request: first }]);
  assert.deepEqual(effects(state, state), [], 'reviewed already: no second review');
  const id1 = /** @type {number} */ (first?.id);
  state = reduce(state, { type: 'scores-reply', id: id1, scores: [{ square: 'd3', score: 1, exact: false, depth: 8 }, { square: 'f5', score: 1, exact: false, depth: 8 }] });
  const second = state.reviewing;
  assert.equal(second?.timeMs, EXACT_MS, '20 empties: solved');
  assert.equal(second?.depth, 1);
  state = reduce(state, { type: 'scores-reply', id: /** @type {number} */ (second?.id), scores: [{ square: 'c5', score: 4, exact: true, depth: 20 }, { square: 'd6', score: -6, exact: true, depth: 20 }] });
  assert.equal(state.reviewing, null, 'done');
  assert.deepEqual([...mistakes(state.gameReview).keys()], [2]);
  assert.deepEqual(mistakes(state.gameReview).get(2), { ply: 1, player: 'white', square: 'd6', best: 4, bestMove: 'c5', played: -6, loss: 10, exact: true });
  assert.equal(
    formatAll(reviewMessages(state.gameReview)),
    'Black: 0 mistakes, 0 discs lost to best play. White: 1 mistake, 10 discs lost to best play.',
  );
  // The positions' values: searched (the start, after f5), or from the score of the move to
  // them (after d3, after f5 d6), a search going before a move's score.
  assert.deepEqual(state.evals, {
    '': { score: 1, exact: false },
    d3: { score: 1, exact: false, derived: true },
    f5: { score: -4, exact: true },
    f5c5: { score: -4, exact: true, derived: true },
    f5d6: { score: 6, exact: true, derived: true },
  });
});

test('a review that no longer fits the game is dropped, its request cancelled', () => {
  const over = run({ type: 'game-loaded', loaded: loaded(settings('human'), OVER), linkProblems: [] });
  const reviewing = reduce(over, { type: 'review-started', transcript: 'f5d6', positions: POSITIONS });
  const undone = reduce(reviewing, { type: 'undone', snap: snap({ transcript: 'f5', canRedo: true }), changed: true });
  assert.equal(undone.gameReview, null);
  assert.deepEqual(effects(reviewing, undone).filter((e) => e.type === 'ai-cancel'), [{ type: 'ai-cancel', id: /** @type {number} */ (reviewing.reviewing?.id) }]);
  assert.equal(reduce(over, { type: 'review-started', transcript: 'f5', positions: POSITIONS }), over, 'not this game');
});
