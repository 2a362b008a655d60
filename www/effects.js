// What the world outside the state must do after a change, as data: `effects(prev, next)` is a
// pure function of the two states; main.js has the one small runner that performs them.
// - `write-hash`: the URL hash of the game (a new game, or a change of its moves or settings),
//   and its saved copy in the browser (localStorage), which a page opened without a hash resumes;
// - `ai-cancel`: the AI request the state no longer waits for (undone, replaced, a new game),
//   unless it was answered;
// - `ai-request`: a new AI request (the AI's move, a hint, a step of the analysis or review);
// - `review-game`: a game just over is to be reviewed (the runner asks the engine for its
//   positions);
// - `save-prefs`: the preferences changed (saved in localStorage);
// - `sound`: a move was played (`move`), after which the other player must pass (`pass`), or
//   which ended the game (`end`); never when muted, on loading a game, undoing or reviewing.

import { formatHash } from './hash.js';

/** @import { AiAsk } from './ai-client.js' */
/** @import { State } from './state.js' */
/** @import { Prefs } from './prefs.js' */

/**
 * @typedef {{type: 'write-hash', hash: string} | {type: 'ai-cancel', id: number} |
 *   {type: 'ai-request', request: AiAsk} | {type: 'review-game'} | {type: 'save-prefs', prefs: Prefs} |
 *   {type: 'sound', sound: Sound}} Effect
 */
/** @typedef {'move' | 'pass' | 'end'} Sound */

/**
 * The URL hash of the state's game, or null before the first game.
 * @param {State} state
 */
export function hashOf(state) {
  return state.settings && state.snap ? formatHash(state.settings, state.snap.transcript) : null;
}

/**
 * What must be done in going from `prev` to `next`, in order.
 * @param {State} prev
 * @param {State} next
 * @returns {Effect[]}
 */
export function effects(prev, next) {
  /** @type {Effect[]} */
  const list = [];
  const hash = hashOf(next);
  if (hash !== null && (next.games !== prev.games || hash !== hashOf(prev))) {
    list.push({ type: 'write-hash', hash });
  }
  for (const slot of /** @type {const} */ (['request', 'scoring', 'reviewing'])) {
    const was = prev[slot];
    const now = next[slot];
    if (was && was.id !== now?.id && next.answered !== was.id) list.push({ type: 'ai-cancel', id: was.id });
    if (now && now.id !== was?.id) list.push({ type: 'ai-request', request: now });
  }
  // A game just over (or loaded over) is reviewed.
  const s = next.snap;
  const fresh = !prev.snap?.over || prev.snap.transcript !== s?.transcript || prev.games !== next.games;
  if (s?.over && fresh && next.gameReview?.transcript !== s.transcript) list.push({ type: 'review-game' });
  if (next.prefs !== prev.prefs) list.push({ type: 'save-prefs', prefs: next.prefs });
  if (s && next.played !== prev.played && !next.prefs.muted) {
    list.push({ type: 'sound', sound: s.over ? 'end' : s.lastPass ? 'pass' : 'move' });
  }
  return list;
}
