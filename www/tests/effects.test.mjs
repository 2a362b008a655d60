// Unit tests of the effects of a change of state (www/effects.js): pure, no browser, no wasm.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effects } from '../effects.js';
import { initialState, reduce } from '../state.js';
import { AFTER_F5, LEVELS, START, loaded, run, settings, snap, snapAfterF5 } from './fixtures.mjs';

/** @import { Action, State } from '../state.js' */

/**
 * The effects of `action` on `state`, with the next state.
 * @param {State} state
 * @param {Action} action
 */
function step(state, action) {
  const next = reduce(state, action);
  return { next, list: effects(state, next) };
}

const HASH_1 = '#rules=classic&black=human&white=ai1&start=standard&moves=';

test('nothing before the first game; the first game writes the hash', () => {
  const start = initialState(LEVELS);
  assert.deepEqual(effects(start, start), []);
  const { list } = step(start, { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] });
  assert.deepEqual(list, [{ type: 'write-hash', hash: HASH_1 }]);
});

test('loading the same game again writes the hash again (a link typed in another order)', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] });
  const { list } = step(state, { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] });
  assert.deepEqual(list, [{ type: 'write-hash', hash: HASH_1 }]);
});

test('a move writes the hash and asks the AI; its reply asks nothing more of a human game', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] });
  const moved = step(state, { type: 'moved', snap: snapAfterF5() });
  assert.deepEqual(moved.list, [
    { type: 'write-hash', hash: '#rules=classic&black=human&white=ai1&start=standard&moves=f5' },
    { type: 'ai-request', request: { id: 1, kind: 'move', board: AFTER_F5, side: 'O', rules: 'classic', level: 1 } },
    { type: 'sound', sound: 'move' },
  ]);
  // The answer: no cancel of the request answered, the new hash.
  const after = snap({ ...snapAfterF5(), toMove: 'black', side: 'X', transcript: 'f5d6' });
  const answered = step(moved.next, { type: 'ai-moved', id: 1, snap: after });
  assert.deepEqual(answered.list, [
    { type: 'write-hash', hash: '#rules=classic&black=human&white=ai1&start=standard&moves=f5d6' },
    { type: 'sound', sound: 'move' },
  ]);
  // A stale reply changes nothing and does nothing.
  assert.deepEqual(step(answered.next, { type: 'ai-moved', id: 1, snap: after }).list, []);
});

test('undo while the AI thinks cancels its request (the worker is not told to stop)', () => {
  const thinking = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  const { list } = step(thinking, { type: 'undone', snap: snap({ canRedo: true }), changed: true });
  assert.deepEqual(list, [
    { type: 'write-hash', hash: HASH_1 },
    { type: 'ai-cancel', id: 1 },
  ]);
});

test('a request replaced by a new one: cancel first, then the request', () => {
  const thinking = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  // The same link loaded again: the AI is asked again, under a new id.
  const reloaded = loaded(settings(1), snapAfterF5());
  const { list } = step(thinking, { type: 'game-loaded', loaded: reloaded, linkProblems: [] });
  assert.deepEqual(
    list.map((e) => e.type),
    ['write-hash', 'ai-cancel', 'ai-request'],
  );
  assert.deepEqual(list[1], { type: 'ai-cancel', id: 1 });
  assert.equal(list[2].type === 'ai-request' && list[2].request.id, 2);
});

test('hints: asked, answered, cancelled by a move; no hash written for them', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });
  const asked = step(state, { type: 'hint-asked' });
  assert.deepEqual(asked.list, [
    { type: 'ai-request', request: { id: 1, kind: 'hint', board: START, side: 'X', rules: 'classic', level: 5 } },
  ]);
  assert.deepEqual(step(asked.next, { type: 'hint-reply', id: 1, move: 'f5' }).list, []);
  const moved = step(asked.next, { type: 'moved', snap: snapAfterF5() });
  assert.deepEqual(moved.list, [
    { type: 'write-hash', hash: '#rules=classic&black=human&white=human&start=standard&moves=f5' },
    { type: 'ai-cancel', id: 1 },
    { type: 'sound', sound: 'move' },
  ]);
});

test('set-up mode: entering cancels the AI, edits do nothing outside, cancelling asks again', () => {
  const thinking = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  const entered = step(thinking, { type: 'setup-entered' });
  assert.deepEqual(entered.list, [{ type: 'ai-cancel', id: 1 }]);
  const edited = step(entered.next, { type: 'setup-cell', square: 'a1' });
  assert.deepEqual(edited.list, []);
  const cancelled = step(edited.next, { type: 'setup-cancelled' });
  assert.deepEqual(
    cancelled.list.map((e) => e.type),
    ['ai-request'],
  );
});

test('a failure of the AI: no cancel (it was answered), nothing asked again', () => {
  const thinking = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  const failed = step(thinking, {
    type: 'ai-failed',
    id: 1,
    error: { code: 'worker_stopped', params: {}, message: 'worker_stopped' },
  });
  assert.deepEqual(failed.list, []);
});

test('settings in the form are not the game: no hash until a new game', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] });
  assert.deepEqual(step(state, { type: 'form-changed', name: 'rules', value: 'inverse' }).list, []);
});

test('sounds: a move, a pass after it, the end; none when muted, on loading or undoing', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });
  const sounds = (/** @type {import('../effects.js').Effect[]} */ list) => list.filter((e) => e.type === 'sound');
  assert.deepEqual(sounds(step(state, { type: 'moved', snap: snapAfterF5() }).list), [{ type: 'sound', sound: 'move' }]);
  const pass = snap({ ...snapAfterF5(), lastPass: 'white', toMove: 'black', side: 'X' });
  assert.deepEqual(sounds(step(state, { type: 'moved', snap: pass }).list), [{ type: 'sound', sound: 'pass' }]);
  const over = snap({ ...snapAfterF5(), over: true, winner: 'black', toMove: null });
  assert.deepEqual(sounds(step(state, { type: 'moved', snap: over }).list), [{ type: 'sound', sound: 'end' }]);
  // Muted: nothing; the choice itself is saved.
  const muted = step(state, { type: 'prefs-set', prefs: { muted: true } });
  assert.deepEqual(muted.list, [{ type: 'save-prefs', prefs: { language: 'en', theme: 'system', muted: true } }]);
  assert.deepEqual(sounds(step(muted.next, { type: 'moved', snap: snapAfterF5() }).list), []);
  // Loading a game or undoing a move makes no sound.
  const moved = step(state, { type: 'moved', snap: snapAfterF5() }).next;
  assert.deepEqual(sounds(step(moved, { type: 'undone', snap: snap({ canRedo: true }), changed: true }).list), []);
  assert.deepEqual(sounds(step(moved, { type: 'game-loaded', loaded: loaded(settings('human'), snapAfterF5()), linkProblems: [] }).list), []);
});

test('preferences: valid choices are taken and saved, others change nothing', () => {
  const state = initialState(LEVELS);
  const uk = step(state, { type: 'prefs-set', prefs: { language: 'uk' } });
  assert.equal(uk.next.prefs.language, 'uk');
  assert.deepEqual(uk.list, [{ type: 'save-prefs', prefs: { language: 'uk', theme: 'system', muted: false } }]);
  const theme = step(uk.next, { type: 'prefs-set', prefs: { theme: 'contrast' } });
  assert.equal(theme.next.prefs.theme, 'contrast');
  for (const bad of [{ language: 'de' }, { theme: 'neon' }, { muted: 'yes' }, { language: 42 }, {}]) {
    const r = step(theme.next, { type: 'prefs-set', prefs: bad });
    assert.equal(r.next, theme.next, JSON.stringify(bad));
    assert.deepEqual(r.list, []);
  }
});
