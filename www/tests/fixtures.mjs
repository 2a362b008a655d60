// Plain data for the unit tests of the pure modules: snapshots as the engine gives them
// (written by hand here, so the tests need no wasm) and states reached by actions.

import { initialState, reduce } from '../state.js';

/** @import { Loaded, Snapshot } from '../engine.js' */
/** @import { Settings } from '../hash.js' */
/** @import { Action, State } from '../state.js' */

export const LEVELS = { minLevel: 1, maxLevel: 10, defaultLevel: 5 };
export const START = '---------------------------OX------XO---------------------------';
/** After f5: Black e4 e5 f5 d5, White d4; White to move. */
export const AFTER_F5 = '---------------------------OX------XXX--------------------------';

/**
 * A snapshot: the standard start unless `over` says otherwise.
 * @param {Record<string, unknown>} [over]
 * @returns {Snapshot}
 */
export function snap(over = {}) {
  return /** @type {Snapshot} */ ({
    board: START,
    side: 'X',
    toMove: 'black',
    over: false,
    legal: ['d3', 'c4', 'f5', 'e6'],
    lastMove: null,
    lastPass: null,
    passes: [],
    events: [],
    transcript: '',
    fullTranscript: '',
    moveCount: 0,
    canUndo: false,
    canRedo: false,
    black: 2,
    white: 2,
    winner: null,
    rules: 'classic',
    flips: { d3: ['d4'], c4: ['d4'], f5: ['e5'], e6: ['e5'] },
    opening: null,
    ...over,
  });
}

/** The snapshot after Black's f5: White to move. */
export function snapAfterF5() {
  return snap({
    board: AFTER_F5,
    side: 'O',
    toMove: 'white',
    legal: ['f4', 'd6', 'f6'],
    lastMove: { player: 'black', square: 'f5', flips: ['e5'] },
    events: [{ type: 'move', player: 'black', square: 'f5' }],
    transcript: 'f5',
    fullTranscript: 'f5',
    moveCount: 1,
    canUndo: true,
    black: 4,
    white: 1,
  });
}

/**
 * Settings: classic, standard start, Black human and White `white` (`human` or a level).
 * @param {'human' | number} white
 * @param {'human' | number} [black]
 * @returns {Settings}
 */
export function settings(white, black = 'human') {
  /** @param {'human' | number} p */
  const player = (p) => (p === 'human' ? { ai: /** @type {const} */ (false) } : { ai: /** @type {const} */ (true), level: p });
  return { rules: 'classic', black: player(black), white: player(white), start: 'standard' };
}

/**
 * What the engine adapter answers to a load that went well.
 * @param {Settings} s
 * @param {Snapshot} [snapshot]
 * @param {Partial<Loaded>} [over]
 * @returns {Loaded}
 */
export function loaded(s, snapshot = snap(), over = {}) {
  return { settings: s, snap: snapshot, startError: null, fallback: null, droppedMoves: '', replayError: null, ...over };
}

/**
 * The state after `actions` from the initial state.
 * @param {Action[]} actions
 * @returns {State}
 */
export function run(...actions) {
  return actions.reduce(reduce, initialState(LEVELS));
}

/**
 * Freezes `value` and everything in it (to catch a reducer that mutates).
 * @template T
 * @param {T} value
 * @returns {T}
 */
export function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
