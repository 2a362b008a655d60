// The player's preferences: the language, the theme and the sound, as plain data in the state
// (state.js), saved in the browser (localStorage, by the effect `save-prefs`) and read back at
// start-up. Pure: reading what was saved never fails; a value that is not understood (another
// version's, a hand-edited or corrupted one) gives way to the default.

import { DEFAULT_LANGUAGE, isLanguage, pickLanguage } from './i18n.js';

/** The themes, `system` (the default) following the system's light or dark. */
export const THEMES = /** @type {const} */ (['system', 'light', 'dark', 'contrast', 'colorblind']);
/** @typedef {typeof THEMES[number]} Theme */
/**
 * @typedef {{language: string, theme: Theme, muted: boolean}} Prefs
 * - `language`: a language with a table (i18n.js's `isLanguage`);
 * - `theme`: how the page and the board look;
 * - `muted`: no sound.
 */

/** Where the preferences are saved. */
export const PREFS_KEY = 'reversi.prefs';

/**
 * Whether `value` is a theme.
 * @param {unknown} value
 * @returns {value is Theme}
 */
export function isTheme(value) {
  return typeof value === 'string' && /** @type {readonly string[]} */ (THEMES).includes(value);
}

/** The preferences before any is read (and what a value not understood gives way to). */
export const DEFAULT_PREFS = /** @type {Prefs} */ (Object.freeze({ language: DEFAULT_LANGUAGE, theme: 'system', muted: false }));

/**
 * The preferences from their saved text (or null when there is none), the browser's preferred
 * languages (`navigator.languages`) choosing the language when none was saved: the defaults,
 * then what was saved through `changePrefs`'s checks, field by field.
 * @param {string | null} saved
 * @param {readonly unknown[]} preferred
 * @returns {Prefs}
 */
export function readPrefs(saved, preferred) {
  /** @type {unknown} */
  let data = null;
  try {
    data = saved === null ? null : JSON.parse(saved);
  } catch {
    data = null; // not JSON: the defaults
  }
  const language = pickLanguage(Array.isArray(preferred) ? preferred : []);
  const defaults = language === DEFAULT_PREFS.language ? DEFAULT_PREFS : { ...DEFAULT_PREFS, language };
  return typeof data === 'object' && data !== null ? changePrefs(defaults, data) : defaults;
}

/**
 * The text that saves `prefs`.
 * @param {Prefs} prefs
 */
export function writePrefs(prefs) {
  return JSON.stringify({ language: prefs.language, theme: prefs.theme, muted: prefs.muted });
}

/**
 * `prefs` with the changes of `patch` that are valid (others are ignored); `prefs` itself when
 * nothing changes.
 * @param {Prefs} prefs
 * @param {{language?: unknown, theme?: unknown, muted?: unknown}} patch
 * @returns {Prefs}
 */
export function changePrefs(prefs, patch) {
  const next = {
    language: isLanguage(patch.language) ? patch.language : prefs.language,
    theme: isTheme(patch.theme) ? patch.theme : prefs.theme,
    muted: typeof patch.muted === 'boolean' ? patch.muted : prefs.muted,
  };
  const same = next.language === prefs.language && next.theme === prefs.theme && next.muted === prefs.muted;
  return same ? prefs : next;
}
