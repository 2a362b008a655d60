// The page's own region: the document's language (`lang`) and theme (`data-theme`), the words
// of index.html (elements with `data-msg`: their text; `data-msg-label`: their aria-label;
// `data-msg-empty`: their `data-empty`, which CSS shows when they are empty), the settings
// (language, theme, sound) and the offer of a new version. Runs first in every render (the
// other regions' words follow the language set here).

import { setText } from './dom.js';
import { currentLanguage, isMessageId, setLanguage, t } from './i18n.js';

/** @import { State } from './state.js' */

/** The language and theme this region last wrote. */
let written = '';

/**
 * The message of `id` where `id` is one (index.html names only ids of the table: tested).
 * @param {string | undefined} id
 */
function text(id) {
  return id && isMessageId(id) ? t(id) : '';
}

/**
 * Writes the page's words in the language of the messages now.
 * @param {ParentNode} root
 */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-msg]')) {
    setText(el, text(/** @type {HTMLElement} */ (el).dataset.msg));
  }
  for (const el of root.querySelectorAll('[data-msg-label]')) {
    el.setAttribute('aria-label', text(/** @type {HTMLElement} */ (el).dataset.msgLabel));
  }
  for (const el of root.querySelectorAll('[data-msg-empty]')) {
    /** @type {HTMLElement} */ (el).dataset.empty = text(/** @type {HTMLElement} */ (el).dataset.msgEmpty);
  }
  document.title = t('page.title');
}

/** @param {State} state */
export function renderPage(state) {
  const { language, theme, muted } = state.prefs;
  setLanguage(language);
  const root = document.documentElement;
  const lang = currentLanguage();
  if (root.lang !== lang) root.lang = lang;
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  if (written !== lang) {
    written = lang;
    translatePage();
  }
  const languageSelect = /** @type {HTMLSelectElement | null} */ (document.querySelector('#language'));
  if (languageSelect && languageSelect.value !== lang) languageSelect.value = lang;
  const themeSelect = /** @type {HTMLSelectElement | null} */ (document.querySelector('#theme'));
  if (themeSelect && themeSelect.value !== theme) themeSelect.value = theme;
  document.querySelector('#mute')?.setAttribute('aria-pressed', String(muted));
  const update = /** @type {HTMLElement | null} */ (document.querySelector('#update'));
  if (update) update.hidden = !state.updateReady;
}
