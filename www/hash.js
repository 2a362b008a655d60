// The URL hash is a contract:
//   #rules=classic|inverse&black=human|aiN&white=human|aiN&start=standard|alternative&moves=TRANSCRIPT
// Keys in any order; a missing key takes its default. Parsing never throws: problems are
// returned as messages, and the setting they concern keeps its default.

/** @typedef {{ai: false} | {ai: true, level: number}} Player */
/** @typedef {{rules: string, black: Player, white: Player, start: string}} Settings */

export const RULES = ['classic', 'inverse'];
export const STARTS = ['standard', 'alternative'];

/** The settings of a game when nothing is said: classic, human Black, AI White, standard. */
export function defaultSettings(defaultLevel) {
  return {
    rules: 'classic',
    black: { ai: false },
    white: { ai: true, level: defaultLevel },
    start: 'standard',
  };
}

/** `human` or `aiN` for a player. */
export function formatPlayer(player) {
  return player.ai ? `ai${player.level}` : 'human';
}

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
 * Reads a location hash (with or without the leading `#`).
 * @returns {{settings: Settings, moves: string, errors: string[]}}
 */
export function parseHash(hash, { minLevel = 1, maxLevel, defaultLevel }) {
  const settings = defaultSettings(defaultLevel);
  let moves = '';
  const errors = [];
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
      errors.push(`'${part}' is not valid URL text`);
      continue;
    }
    switch (key) {
      case 'rules':
        if (RULES.includes(value)) settings.rules = value;
        else errors.push(`unknown game '${value}' (rules=classic or rules=inverse)`);
        break;
      case 'black':
      case 'white': {
        const player = parsePlayer(value, minLevel, maxLevel);
        if (player) settings[key] = player;
        else {
          errors.push(
            `unknown ${key} player '${value}' (${key}=human or ${key}=ai${minLevel} to ai${maxLevel})`,
          );
        }
        break;
      }
      case 'start':
        if (STARTS.includes(value)) settings.start = value;
        else errors.push(`unknown start '${value}' (start=standard or start=alternative)`);
        break;
      case 'moves':
        moves = value;
        break;
      default:
        errors.push(`unknown setting '${key}' (rules, black, white, start, moves)`);
    }
  }
  return { settings, moves, errors };
}

/** The hash (with `#`) of a game: every key, in the contract's order. */
export function formatHash(settings, moves) {
  return (
    `#rules=${settings.rules}&black=${formatPlayer(settings.black)}` +
    `&white=${formatPlayer(settings.white)}&start=${settings.start}&moves=${moves}`
  );
}
