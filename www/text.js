// The words the page says: turn, passes, results. Pure functions of the engine's state.

import { levelName } from './levels.js';

/** @import { Player, Settings } from './hash.js' */

// The engine's snapshot of a game, `Game.state()` of the wasm package (crate/wasm/src/lib.rs):
/** @typedef {'black' | 'white'} Color */
/** @typedef {{player: Color, square: string, flips: string[]}} LastMove */
/** @typedef {{type: 'move', player: Color, square: string} | {type: 'pass', player: Color}} GameEvent */
/**
 * The disc counts, the winner (null for a draw or while the game goes on) and the rules.
 * @typedef {{black: number, white: number, winner: Color | null, rules: string}} Outcome
 */
/**
 * @typedef {Outcome & {board: string, side: 'X' | 'O', legal: string[], lastMove: LastMove | null,
 *   lastPass: Color | null, passes: Color[], events: GameEvent[], transcript: string,
 *   fullTranscript: string, moveCount: number, canUndo: boolean, canRedo: boolean} &
 *   ({over: false, toMove: Color} | {over: true, toMove: null})} Snapshot
 */

export const COLOR_NAME = { black: 'Black', white: 'White' };

/**
 * "Black", "White (AI, Club player)".
 * @param {Color} color
 * @param {Player} player
 */
export function playerLabel(color, player) {
  const name = COLOR_NAME[color];
  return player.ai ? `${name} (AI, ${levelName(player.level)})` : name;
}

/**
 * The announcement of a pass, e.g. "White has no legal move and passes."
 * @param {Color} color
 */
export function passText(color) {
  return `${COLOR_NAME[color]} has no legal move and passes.`;
}

/**
 * The result of a finished game, with the final counts.
 * @param {Outcome} snap
 */
export function resultText(snap) {
  const { black, white, winner, rules } = snap;
  const goal = rules === 'inverse' ? ' Inverse game: fewer discs win.' : '';
  if (!winner) return `Game over: a draw, ${black}–${white}.${goal}`;
  const loser = winner === 'black' ? 'white' : 'black';
  return (
    `Game over: ${COLOR_NAME[winner]} wins, ${snap[winner]} discs to ${snap[loser]}` +
    ` (Black ${black}, White ${white}).${goal}`
  );
}

/**
 * "White played d6." for the last move, or '' before the first.
 * @param {{lastMove?: LastMove | null}} snap
 */
export function lastMoveText(snap) {
  const m = snap.lastMove;
  return m ? `${COLOR_NAME[m.player]} played ${m.square}.` : '';
}

/**
 * The whole status line: the last move, a pass (until the next move), then the turn or the
 * result.
 * @param {{lastMove?: LastMove | null, lastPass?: Color | null} &
 *   ({over: false, toMove: Color} | ({over: true} & Outcome))} snap  a Snapshot, or the part
 *   of one that is read
 * @param {Pick<Settings, Color>} settings
 * @param {boolean} thinking
 */
export function statusText(snap, settings, thinking) {
  const parts = [];
  const last = lastMoveText(snap);
  if (last) parts.push(last);
  if (snap.lastPass) parts.push(passText(snap.lastPass));
  if (snap.over) {
    parts.push(resultText(snap));
  } else {
    const color = snap.toMove;
    const player = settings[color];
    if (player.ai) {
      parts.push(thinking ? `${playerLabel(color, player)} is thinking…` : `${playerLabel(color, player)} to move.`);
    } else {
      parts.push(`${COLOR_NAME[color]} to move.`);
    }
  }
  return parts.join(' ');
}
