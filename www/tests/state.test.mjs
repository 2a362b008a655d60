// Unit tests of the page's state and its reducer (www/state.js): pure, no browser, no wasm.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effects } from '../effects.js';
import { formatAll } from '../i18n.js';
import {
  canHint,
  canRedo,
  canUndo,
  formSettings,
  humanToMove,
  initialState,
  reduce,
  thinking,
} from '../state.js';
import { AFTER_F5, LEVELS, START, deepFreeze, loaded, run, settings, snap, snapAfterF5 } from './fixtures.mjs';

/** @import { Problem } from '../problem.js' */
/** @import { Action, State } from '../state.js' */

/**
 * @param {string} code
 * @param {Record<string, string | number>} [params]
 * @returns {Problem}
 */
const problem = (code, params = {}) => ({ code, params, message: `(${code})` });

/**
 * The message line of a state, as text.
 * @param {State} state
 */
const notes = (state) => formatAll(state.notes);

test('a loaded game: its settings, its snapshot, the form, no request when a human is to move', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings(3)), linkProblems: [] });
  assert.deepEqual(state.settings, settings(3));
  assert.equal(state.snap?.board, START);
  assert.deepEqual(state.form, { rules: 'classic', black: 'human', white: 'ai3', start: 'standard' });
  assert.equal(state.games, 1);
  assert.equal(state.request, null);
  assert.ok(humanToMove(state));
  assert.ok(canHint(state));
  assert.ok(!canUndo(state));
  assert.deepEqual(state.notes, []);
});

test('the AI is asked for its move when it is to move, and the human waits', () => {
  const state = run({ type: 'game-loaded', loaded: loaded(settings('human', 7)), linkProblems: [] });
  assert.deepEqual(state.request, { id: 1, kind: 'move', board: START, side: 'X', rules: 'classic', level: 7 });
  assert.ok(thinking(state));
  assert.ok(!humanToMove(state));
  assert.ok(!canHint(state));
});

test('a move of the human: a move played, the AI asked, the message line cleared', () => {
  let state = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'move-refused', error: problem('illegal_move', { square: 'f4', player: 'black' }) },
  );
  assert.equal(notes(state), 'f4 is not a legal move for Black');
  state = reduce(state, { type: 'moved', snap: snapAfterF5() });
  assert.equal(state.played, 1);
  assert.deepEqual(state.notes, []);
  assert.equal(state.request?.kind, 'move');
  assert.equal(state.request?.board, AFTER_F5);
  assert.equal(state.request?.side, 'O');
  assert.equal(state.request?.level, 1);
  assert.ok(!humanToMove(state));
  // Undo is offered: the human's f5 can be taken back.
  assert.ok(canUndo(state));
});

test("the AI's reply is taken for the request waited for only", () => {
  const asked = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  const id = /** @type {number} */ (asked.request?.id);
  const after = snap({ ...snapAfterF5(), toMove: 'black', side: 'X', transcript: 'f5d6', moveCount: 2 });
  assert.equal(reduce(asked, { type: 'ai-moved', id: id + 1, snap: after }), asked);
  assert.equal(reduce(asked, { type: 'ai-failed', id: id - 1, error: problem('worker_stopped') }), asked);
  const state = reduce(asked, { type: 'ai-moved', id, snap: after });
  assert.equal(state.request, null);
  assert.equal(state.answered, id);
  assert.equal(state.played, 2);
  assert.ok(humanToMove(state));
});

test('two AIs: each reply asks for the next move, with a new id', () => {
  let state = run({ type: 'game-loaded', loaded: loaded(settings(2, 4)), linkProblems: [] });
  assert.deepEqual([state.request?.id, state.request?.level], [1, 4]);
  state = reduce(state, { type: 'ai-moved', id: 1, snap: snapAfterF5() });
  assert.deepEqual([state.request?.id, state.request?.level, state.request?.side], [2, 2, 'O']);
});

test('a failing AI: a message, and it is not asked again until the game changes', () => {
  let state = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  const id = /** @type {number} */ (state.request?.id);
  state = reduce(state, { type: 'ai-failed', id, error: problem('worker_error', { detail: 'test failure' }) });
  assert.equal(state.request, null);
  assert.equal(notes(state), 'The AI failed (test failure). Undo or start a new game to go on.');
  assert.ok(!humanToMove(state), 'still the AI to move');
  assert.ok(canUndo(state));
  // Undo takes back the human's move and clears the message.
  state = reduce(state, { type: 'undone', snap: snap({ canRedo: true }), changed: true });
  assert.deepEqual(state.notes, []);
  assert.ok(humanToMove(state));
  assert.ok(canRedo(state));
});

test("the engine refusing the AI's move is said, with the engine's reason", () => {
  let state = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  const id = /** @type {number} */ (state.request?.id);
  state = reduce(state, { type: 'ai-refused', id, error: problem('illegal_move', { square: 'a1', player: 'white' }) });
  assert.equal(notes(state), "The AI's move was refused: a1 is not a legal move for White");
  assert.equal(state.request, null);
});

test('undo while the AI thinks drops its request; undo that takes nothing back keeps the message', () => {
  let state = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  state = reduce(state, { type: 'undone', snap: snap({ canRedo: true }), changed: true });
  assert.equal(state.request, null);
  assert.ok(humanToMove(state));
  state = reduce(state, { type: 'move-refused', error: problem('game_over') });
  const same = reduce(state, { type: 'undone', snap: snap({ canRedo: true }), changed: false });
  assert.equal(notes(same), 'the game is over');
  // Redo (the whole turn) clears it.
  const redone = reduce(same, { type: 'redone', snap: snapAfterF5() });
  assert.deepEqual(redone.notes, []);
  assert.equal(redone.request?.kind, 'move');
});

test('a hint: asked only when the human may move and nothing is asked; gone with the next move', () => {
  let state = run({ type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });
  state = reduce(state, { type: 'hint-asked' });
  assert.deepEqual(state.request, { id: 1, kind: 'hint', board: START, side: 'X', rules: 'classic', level: LEVELS.defaultLevel });
  assert.ok(!thinking(state), 'a hint is not the AI thinking');
  assert.ok(humanToMove(state), 'the human may still move');
  assert.ok(!canHint(state));
  assert.equal(reduce(state, { type: 'hint-asked' }), state);
  assert.equal(reduce(state, { type: 'hint-reply', id: 2, move: 'c4' }), state);
  state = reduce(state, { type: 'hint-reply', id: 1, move: 'f5' });
  assert.equal(state.hint, 'f5');
  assert.equal(state.request, null);
  state = reduce(state, { type: 'moved', snap: snapAfterF5() });
  assert.equal(state.hint, null);
});

test('a failing hint says so; a hint asked while the AI moves is refused', () => {
  let state = run(
    { type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] },
    { type: 'hint-asked' },
  );
  state = reduce(state, { type: 'ai-failed', id: 1, error: problem('worker_crashed', { detail: 'boom' }) });
  assert.equal(notes(state), 'The hint failed (boom). You can ask again.');
  const ai = run({ type: 'game-loaded', loaded: loaded(settings('human', 3)), linkProblems: [] });
  assert.equal(reduce(ai, { type: 'hint-asked' }), ai);
});

test('a link that was not fully understood, a game that could not start, moves not replayed', () => {
  const linkProblems = /** @type {import('../i18n.js').Msg[]} */ ([
    { id: 'link.unknown_rules', params: { value: 'chess' } },
    { id: 'link.unknown_key', params: { key: 'colour' } },
  ]);
  let state = run({
    type: 'game-loaded',
    loaded: loaded(settings('human'), snap(), {
      replayError: problem('bad_transcript', { moveNumber: 2, token: 'zz', reason: 'malformed' }),
    }),
    linkProblems,
  });
  assert.equal(
    notes(state),
    "The link was not fully understood: unknown game 'chess' (rules=classic or rules=inverse); " +
      "unknown setting 'colour' (rules, black, white, start, moves, board, side). Defaults are used instead. " +
      "The moves in the link stop at a bad move (move 2 'zz' is not a square (a1..h8) or a pass (pa, --)); " +
      'the moves before it are played.',
  );
  state = run({
    type: 'game-loaded',
    loaded: loaded(settings(2), snap(), {
      startError: problem('board_length', { length: 3 }),
      fallback: 'standard-start',
      droppedMoves: 'f5d6',
    }),
    linkProblems: [],
  });
  assert.equal(
    notes(state),
    'Could not start that game: a board has 64 cells, this one has 3. ' +
      'The moves in the link (f5d6) were not played. The standard start is used instead.',
  );
  state = run({
    type: 'game-loaded',
    loaded: loaded(settings(5), snap(), { startError: problem('bad_start', { text: 'x' }), fallback: 'defaults' }),
    linkProblems: [],
  });
  assert.match(notes(state), /A new game with the default settings starts instead\.$/);
});

test('set-up mode: the board is edited cell by cell, the AI is not asked, cancel goes back', () => {
  let state = run(
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'moved', snap: snapAfterF5() },
  );
  assert.equal(state.request?.kind, 'move');
  state = reduce(state, { type: 'setup-entered' });
  assert.deepEqual(state.setup, { board: AFTER_F5, side: 'O' });
  assert.equal(state.request, null, 'the AI request is dropped');
  assert.ok(!humanToMove(state) && !canUndo(state) && !canRedo(state) && !canHint(state));
  state = reduce(state, { type: 'setup-board', board: '-'.repeat(64) });
  for (const square of ['a1', 'b1', 'b1', 'h8', 'h8', 'h8']) state = reduce(state, { type: 'setup-cell', square });
  assert.equal(state.setup?.board, `XO${'-'.repeat(62)}`);
  state = reduce(state, { type: 'form-changed', name: 'side', value: 'X' });
  assert.equal(state.setup?.side, 'X');
  assert.deepEqual(formSettings(state).position, { board: `XO${'-'.repeat(62)}`, side: 'X' });
  state = reduce(state, { type: 'setup-refused', error: problem('board_cell', { cell: 1, square: 'a1', found: 'Q' }) });
  assert.equal(
    notes(state),
    "This position cannot be played: cell 1 (a1) is 'Q': use X for black, O for white, - for empty.",
  );
  // Cancel: the game as it was, and the AI asked again (it is its turn).
  state = reduce(state, { type: 'setup-cancelled' });
  assert.equal(state.setup, null);
  assert.deepEqual(state.notes, []);
  assert.equal(state.request?.kind, 'move');
  assert.equal(state.snap?.board, AFTER_F5);
});

test('the form: fields as the user left them; the settings they make', () => {
  let state = run({ type: 'game-loaded', loaded: loaded(settings(3)), linkProblems: [] });
  state = reduce(state, { type: 'form-changed', name: 'rules', value: 'inverse' });
  state = reduce(state, { type: 'form-changed', name: 'black', value: 'ai10' });
  state = reduce(state, { type: 'form-changed', name: 'white', value: 'human' });
  assert.equal(reduce(state, { type: 'form-changed', name: 'colour', value: 'red' }), state);
  assert.equal(reduce(state, { type: 'form-changed', name: 'side', value: 'O' }), state, 'no set-up');
  assert.deepEqual(formSettings(state), {
    rules: 'inverse',
    black: { ai: true, level: 10 },
    white: { ai: false },
    start: 'standard',
  });
  // The players apply to the game in progress at once, the rules only to a new game.
  assert.deepEqual(state.settings, { ...settings('human', 10), rules: 'classic' });
  assert.equal(state.request?.kind, 'move', 'Black, now the AI, is asked for its move');
  assert.equal(state.request?.level, 10);
  state = reduce(state, { type: 'game-loaded', loaded: loaded(settings(4)), linkProblems: [] });
  assert.equal(state.form.white, 'ai4');
});

test('a player changed mid-game: the AI thinking for a player now human is dropped', () => {
  let state = run({ type: 'game-loaded', loaded: loaded(settings(3)), linkProblems: [] }, { type: 'moved', snap: snapAfterF5() });
  assert.equal(state.request?.kind, 'move');
  const id = /** @type {number} */ (state.request?.id);
  const level = reduce(state, { type: 'form-changed', name: 'white', value: 'ai7' });
  assert.equal(level.request?.id, id, 'another level: the move being thought of is kept');
  assert.deepEqual(level.settings?.white, { ai: true, level: 7 });
  state = reduce(level, { type: 'form-changed', name: 'white', value: 'human' });
  assert.equal(state.request, null);
  assert.equal(humanToMove(state), true);
  assert.deepEqual(effects(level, state).filter((e) => e.type === 'ai-cancel'), [{ type: 'ai-cancel', id }]);
});

test('a finished game: nobody moves, nothing is asked', () => {
  const over = snap({ over: true, toMove: null, legal: [], winner: 'black', black: 13, white: 0, canUndo: true });
  const state = run({ type: 'game-loaded', loaded: loaded(settings(1), over), linkProblems: [] });
  assert.equal(state.request, null);
  assert.ok(!humanToMove(state) && !canHint(state));
});

test('the engine could not be loaded: the reason is said', () => {
  const state = reduce(initialState(LEVELS), {
    type: 'load-failed',
    error: { code: 'other', params: {}, message: 'CompileError: bad SIMD' },
  });
  assert.match(notes(state), /^The game engine could not be loaded \(CompileError: bad SIMD\)\. This page needs WebAssembly/);
});

test('the reducer is pure: it changes nothing it is given, and the state is plain data', () => {
  /** @type {Action[]} */
  const actions = [
    { type: 'game-loaded', loaded: loaded(settings(1)), linkProblems: [] },
    { type: 'hint-asked' },
    { type: 'hint-reply', id: 1, move: 'd3' },
    { type: 'moved', snap: snapAfterF5() },
    { type: 'ai-failed', id: 2, error: problem('worker_stopped') },
    { type: 'setup-entered' },
    { type: 'setup-cell', square: 'a1' },
    { type: 'form-changed', name: 'side', value: 'X' },
    { type: 'form-changed', name: 'rules', value: 'inverse' },
    { type: 'setup-cancelled' },
    { type: 'undone', snap: snap({ canRedo: true }), changed: true },
    { type: 'redone', snap: snapAfterF5() },
  ];
  let state = deepFreeze(initialState(LEVELS));
  for (const action of actions) {
    const copy = structuredClone(action);
    state = deepFreeze(reduce(state, deepFreeze(action)));
    assert.deepEqual(action, copy);
    // Serialisable: a copy through JSON is the same state.
    assert.deepEqual(JSON.parse(JSON.stringify(state)), state);
  }
  // The same actions give the same state.
  assert.deepEqual(run(...actions), state);
});
