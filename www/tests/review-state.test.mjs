// Unit tests of the review, new lines and the AI against itself in the reducer: pure, no browser, no wasm.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effects } from '../effects.js';
import { canHint, canUndo, humanToMove, reduce } from '../state.js';
import { deepFreeze, loaded, run, settings, snap, snapAfterF5 } from './fixtures.mjs';

const afterF5 = () =>
  deepFreeze(
    run({ type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] }, { type: 'moved', snap: snapAfterF5() }),
  );

test('a reviewed position is shown without changing the game; its own ply ends the review', () => {
  const state = afterF5();
  const start = snap();
  const reviewing = reduce(state, { type: 'reviewed', ply: 0, snap: start });
  assert.deepEqual(reviewing.review, { ply: 0, snap: start });
  assert.equal(reviewing.snap, state.snap);
  assert.deepEqual(effects(state, reviewing), [], 'no hash written, nothing asked');
  assert.equal(humanToMove(reviewing), true, 'Black (a human) is to move there');
  assert.equal(canUndo(reviewing), false);
  assert.equal(canHint(reviewing), false);
  assert.equal(reduce(reviewing, { type: 'reviewed', ply: 1, snap: snapAfterF5() }).review, null);
  assert.equal(reduce(reviewing, { type: 'review-ended' }).review, null);
  assert.equal(reduce(state, { type: 'reviewed', ply: 5, snap: start }), state, 'beyond the game');
});

test('a new line keeps the old game to take back; a new game forgets it', () => {
  const state = reduce(afterF5(), { type: 'reviewed', ply: 0, snap: snap() });
  const previous = { settings: settings('human'), moves: 'f5', by: /** @type {const} */ ('line') };
  const branched = reduce(state, { type: 'branched', snap: snap({ transcript: 'd3', toMove: 'white', side: 'O' }), previous });
  assert.equal(branched.review, null);
  assert.deepEqual(branched.previous, previous);
  assert.equal(branched.played, state.played + 1);
  const fresh = reduce(branched, { type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });
  assert.equal(fresh.previous, null);
});

test('undo and redo end the review', () => {
  const state = reduce(afterF5(), { type: 'reviewed', ply: 0, snap: snap() });
  assert.equal(reduce(state, { type: 'undone', snap: snap(), changed: true }).review, null);
});

test('AI against AI: pause drops the pending move, step asks for one, resume goes on', async () => {
  const { aiVsAi } = await import('../state.js');
  let state = run({ type: 'game-loaded', loaded: loaded(settings(1, 1)), linkProblems: [] });
  assert.ok(aiVsAi(state));
  const id = /** @type {number} */ (state.request?.id);
  const paused = reduce(state, { type: 'pause-toggled' });
  assert.equal(paused.paused, true);
  assert.equal(paused.request, null);
  assert.deepEqual(effects(state, paused), [{ type: 'ai-cancel', id }]);
  state = reduce(paused, { type: 'ai-stepped' });
  assert.equal(state.request?.kind, 'move');
  state = reduce(state, { type: 'ai-moved', id: /** @type {number} */ (state.request?.id), snap: snapAfterF5() });
  assert.equal(state.request, null, 'one move only');
  state = reduce(state, { type: 'pause-toggled' });
  assert.equal(state.request?.kind, 'move', 'resumed');
  assert.equal(reduce(state, { type: 'ai-stepped' }), state, 'no step unless paused');
  assert.equal(reduce(state, { type: 'ai-delay-set', ms: 99999 }).aiDelay, 3000);
  assert.equal(reduce(state, { type: 'ai-delay-set', ms: -5 }).aiDelay, 0);
});
