// The URL hash is a contract:
//   #rules=classic|inverse&black=human|aiN&white=human|aiN&start=standard|alternative&moves=TRANSCRIPT
// Keys in any order; a missing key takes its default. Parsing never throws: problems are
// returned as messages (ids with parameters, and as text), and the setting they concern keeps
// its default.
// Extension: `board=<64 cells X/O/- a1..h8>&side=X|O` (both or neither) set up a position; when
// present they replace `start`. The engine checks the position when the game is made.

import { format } from './i18n.js';

/** @import { Msg } from './i18n.js' */
/** @typedef {{ai: false} | {ai: true, level: number}} Player */
/**
 * @typedef {{rules: string, black: Player, white: Player, start: string,
 *            position?: {board: string, side: string}}} Settings
 * `position` is there only for a set-up position.
 */

export const RULES = ['classic', 'inverse'];
export const STARTS = ['standard', 'alternative'];

/**
 * The levels of the engine's AI, from the wasm package (min_level, max_level, default_level).
 * @typedef {{minLevel: number, maxLevel: number, defaultLevel: number}} Levels
 */

/**
 * The settings of a game when nothing is said: classic, human Black, AI White, standard.
 * @param {number} defaultLevel
 * @returns {Settings}
 */
export function defaultSettings(defaultLevel) {
  return {
    rules: 'classic',
    black: { ai: false },
    white: { ai: true, level: defaultLevel },
    start: 'standard',
  };
}

/**
 * `human` or `aiN` for a player.
 * @param {Player} player
 */
export function formatPlayer(player) {
  return player.ai ? `ai${player.level}` : 'human';
}

/**
 * @param {string} value
 * @param {number} minLevel
 * @param {number} maxLevel
 * @returns {Player | null}
 */
function parsePlayer(value, minLevel, maxLevel) {
  if (value === 'human') return { ai: false };
  const m = /^ai(\d{1,3})$/.exec(value);
  if (m) {
    const level = Number(m[1]);
    if (level >= minLevel && level <= maxLevel) return { ai: true, level };
  }
  return null;
}

/**
 * Reads a location hash (with or without the leading `#`). `problems` are what was not
 * understood, as messages; `errors` the same as text.
 * @param {string} hash
 * @param {{minLevel?: number, maxLevel: number, defaultLevel: number}} levels
 * @returns {{settings: Settings, moves: string, problems: Msg[], errors: string[]}}
 */
export function parseHash(hash, { minLevel = 1, maxLevel, defaultLevel }) {
  const settings = defaultSettings(defaultLevel);
  let moves = '';
  /** @type {Msg[]} */
  const problems = [];
  /** @type {string | null} */
  let board = null;
  /** @type {string | null} */
  let side = null;
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let key;
    let value;
    try {
      key = decodeURIComponent(rawKey);
      value = decodeURIComponent(rawValue);
    } catch {
      problems.push({ id: 'link.bad_text', params: { part } });
      continue;
    }
    switch (key) {
      case 'rules':
        if (RULES.includes(value)) settings.rules = value;
        else problems.push({ id: 'link.unknown_rules', params: { value } });
        break;
      case 'black':
      case 'white': {
        const player = parsePlayer(value, minLevel, maxLevel);
        if (player) settings[key] = player;
        else {
          problems.push({
            id: 'link.unknown_player',
            params: { key, value, min: minLevel, max: maxLevel },
          });
        }
        break;
      }
      case 'start':
        if (STARTS.includes(value)) settings.start = value;
        else problems.push({ id: 'link.unknown_start', params: { value } });
        break;
      case 'moves':
        moves = value;
        break;
      case 'board':
        board = value; // the engine judges it when the game is made
        break;
      case 'side':
        side = value;
        break;
      default:
        problems.push({ id: 'link.unknown_key', params: { key } });
    }
  }
  if (board !== null && side !== null) settings.position = { board, side };
  else if (board !== null) problems.push({ id: 'link.board_without_side' });
  else if (side !== null) problems.push({ id: 'link.side_without_board' });
  return { settings, moves, problems, errors: problems.map(format) };
}

/**
 * The hash (with `#`) of a game: every key, in the contract's order (board and side in
 * the place of start for a set-up position).
 * @param {Settings} settings
 * @param {string} moves
 */
export function formatHash(settings, moves) {
  const from = settings.position
    ? `board=${settings.position.board}&side=${settings.position.side}`
    : `start=${settings.start}`;
  return (
    `#rules=${settings.rules}&black=${formatPlayer(settings.black)}` +
    `&white=${formatPlayer(settings.white)}&${from}&moves=${moves}`
  );
}
