// The words the page says: turn, passes, results. Pure functions of the engine's state.

import { levelName } from './levels.js';

export const COLOR_NAME = { black: 'Black', white: 'White' };

/** "Black", "White (AI, Club player)". */
export function playerLabel(color, player) {
  const name = COLOR_NAME[color];
  return player.ai ? `${name} (AI, ${levelName(player.level)})` : name;
}

/** The announcement of a pass, e.g. "White has no legal move and passes." */
export function passText(color) {
  return `${COLOR_NAME[color]} has no legal move and passes.`;
}

/** The result of a finished game, with the final counts. */
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

/** "White played d6." for the last move, or '' before the first. */
export function lastMoveText(snap) {
  const m = snap.lastMove;
  return m ? `${COLOR_NAME[m.player]} played ${m.square}.` : '';
}

/** The whole status line: the last move, a pass (until the next move), then the turn or the
 * result. */
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
