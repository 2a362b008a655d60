// What the status line says: the last move, a pass, the turn or the result, as messages (ids
// with parameters, i18n.js), from the engine's snapshot. `statusText` and `resultText` give the
// text.

import { formatAll } from './i18n.js';

/** @import { Player, Settings } from './hash.js' */
/** @import { Msg } from './i18n.js' */
/** @typedef {import('./engine.js').Color} Color */
/** @typedef {import('./engine.js').LastMove} LastMove */
/** @typedef {import('./engine.js').GameEvent} GameEvent */
/** @typedef {import('./engine.js').Outcome} Outcome */
/** @typedef {import('./engine.js').Snapshot} Snapshot */

/**
 * The result of a finished game, with the final counts (and the goal of the inverse game).
 * @param {Outcome} snap
 * @returns {Msg[]}
 */
export function resultMessages(snap) {
  const { black, white, winner, rules } = snap;
  /** @type {Msg[]} */
  const msgs = [];
  if (!winner) {
    msgs.push({ id: 'status.draw', params: { black, white } });
  } else {
    const loser = winner === 'black' ? 'white' : 'black';
    msgs.push({ id: 'status.win', params: { winner, own: snap[winner], other: snap[loser], black, white } });
  }
  if (rules === 'inverse') msgs.push({ id: 'status.inverse_goal' });
  return msgs;
}

/**
 * The turn of `color`, played by `player`.
 * @param {Color} color
 * @param {Player} player
 * @param {boolean} thinking  the AI is thinking
 * @returns {Msg}
 */
function turnMessage(color, player, thinking) {
  if (!player.ai) return { id: 'status.to_move', params: { player: color } };
  const params = { player: color, level: player.level };
  return { id: thinking ? 'status.ai_thinking' : 'status.ai_to_move', params };
}

/**
 * The players whose last turn, in the engine's events, was a pass: a pass stays announced
 * until the player who passed has moved again (the opponent may move meanwhile).
 * @param {GameEvent[]} events
 * @returns {Color[]}
 */
export function pendingPasses(events) {
  /** @type {Color[]} */
  const pending = [];
  /** @type {Set<Color>} */
  const seen = new Set();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (seen.has(e.player)) continue;
    seen.add(e.player);
    if (e.type === 'pass') pending.push(e.player);
  }
  return pending;
}

/**
 * The whole status line: a pass made before the last move (until the player who passed moves
 * again), the last move, a pass right after it, then the turn or the result.
 * @param {{lastMove?: LastMove | null, lastPass?: Color | null, events?: GameEvent[]} &
 *   ({over: false, toMove: Color} | ({over: true} & Outcome))} snap  a Snapshot, or the part
 *   of one that is read
 * @param {Pick<Settings, Color>} settings
 * @param {boolean} thinking
 * @returns {Msg[]}
 */
export function statusMessages(snap, settings, thinking) {
  /** @type {Msg[]} */
  const msgs = [];
  const m = snap.lastMove;
  const earlier = snap.over ? [] : pendingPasses(snap.events ?? []).filter((p) => p !== snap.lastPass);
  for (const player of earlier) msgs.push({ id: 'status.passed_earlier', params: { player } });
  if (m) msgs.push({ id: 'status.played', params: { player: m.player, square: m.square } });
  if (snap.lastPass) msgs.push({ id: 'status.passed', params: { player: snap.lastPass } });
  // A position set up (or linked) with no move for either side is over before any turn.
  if (snap.over && !m && (snap.events ?? []).length === 0) msgs.push({ id: 'status.no_moves' });
  if (snap.over) msgs.push(...resultMessages(snap));
  else msgs.push(turnMessage(snap.toMove, settings[snap.toMove], thinking));
  return msgs;
}

/**
 * The status line in set-up mode, with the side to move (`X`/`O`).
 * @param {string} side
 * @returns {Msg[]}
 */
export function setupMessages(side) {
  return [{ id: 'status.setup', params: { player: side === 'X' ? 'black' : 'white' } }];
}

/**
 * The result as text.
 * @param {Outcome} snap
 */
export function resultText(snap) {
  return formatAll(resultMessages(snap));
}

/**
 * The status line as text.
 * @param {Parameters<typeof statusMessages>[0]} snap
 * @param {Pick<Settings, Color>} settings
 * @param {boolean} thinking
 */
export function statusText(snap, settings, thinking) {
  return formatAll(statusMessages(snap, settings, thinking));
}
