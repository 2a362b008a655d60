// Friendly names of the AI levels (the engine has levels 1..max_level).
const NAMES = [
  'Beginner',
  'Novice',
  'Casual',
  'Apprentice',
  'Club player',
  'Skilled',
  'Strong',
  'Expert',
  'Master',
  'Champion',
];

/**
 * The friendly name of AI level `n`, e.g. "Club player".
 * @param {number} n
 * @returns {string}
 */
export function levelName(n) {
  return NAMES[n - 1] ?? `Level ${n}`;
}
