// Selectors of the page's state (state.js): what the page may do now, what it shows. Pure.

import { shown } from './analysis.js';

/** @import { Player, Settings } from './hash.js' */
/** @import { Color } from './engine.js' */
/** @import { State } from './state.js' */

/** @type {Color[]} */
export const COLORS = ['black', 'white'];

/**
 * The colours a human plays.
 * @param {Pick<Settings, Color>} settings
 */
export function humans(settings) {
  return COLORS.filter((c) => !settings[c].ai);
}

/**
 * Whether a human may play on the board now.
 * @param {State} state
 */
export function humanToMove(state) {
  const { settings } = state;
  const snap = shown(state);
  if (!snap || !settings || state.setup || snap.over) return false;
  // A reviewed position where a human is to move: a move there starts a new line.
  if (state.review) return !settings[snap.toMove].ai;
  return !settings[snap.toMove].ai && state.request?.kind !== 'move';
}

/**
 * Whether undo would take something back: any move between two humans; against the AI, a
 * move of the human's own (undo_turn goes back to before it).
 * @param {State} state
 */
export function canUndo(state) {
  const { snap, settings } = state;
  if (!snap || !settings || state.setup || state.review) return false;
  const h = humans(settings);
  if (!h.length || !snap.canUndo) return false;
  return h.length === 2 || snap.events.some((e) => e.type === 'move' && e.player === h[0]);
}

/** @param {State} state */
export function canRedo(state) {
  const { snap, settings } = state;
  return !!snap && !!settings && !state.setup && !state.review && humans(settings).length > 0 && snap.canRedo;
}

/**
 * Whether a hint may be asked for.
 * @param {State} state
 */
export function canHint(state) {
  return humanToMove(state) && state.request === null && !state.review;
}

/**
 * The AI is thinking about its move.
 * @param {State} state
 */
export function thinking(state) {
  return state.request?.kind === 'move';
}

/**
 * The settings of the new-game form (with the position, in set-up mode).
 * @param {State} state
 * @returns {Settings}
 */
export function formSettings(state) {
  const { form } = state;
  /** @type {Settings} */
  const settings = { rules: form.rules, black: playerOf(form.black), white: playerOf(form.white), start: form.start };
  if (state.setup) settings.position = { board: state.setup.board, side: state.setup.side };
  return settings;
}

/**
 * A player of the form: `human` or `aiN`.
 * @param {string} value
 * @returns {Player}
 */
export function playerOf(value) {
  return value === 'human' ? { ai: false } : { ai: true, level: Number(value.slice(2)) };
}

/**
 * Both players are the AI's (the game plays itself: it can be paused, stepped, paced).
 * @param {State} state
 */
export function aiVsAi(state) {
  return !!state.settings && COLORS.every((c) => state.settings?.[c].ai);
}
