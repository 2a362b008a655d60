// Messages: what the page says is a message id with parameters (`Msg`, plain data), formatted
// by `t` from the table of the language (messages/en.js, uk.js, ru.js). The logic modules deal
// in ids, never in words; errors (the engine's and the AI worker's codes) become messages here.

import { EN } from './messages/en.js';
import { RU } from './messages/ru.js';
import { UK } from './messages/uk.js';

/** @import { Problem } from './problem.js' */

/**
 * An entry of a message table: a template, a plural-aware entry or a choice (see messages/en.js).
 * @typedef {string | Readonly<{plural: string, other: string} & Partial<Record<Intl.LDMLPluralRule, string>>> |
 *   Readonly<{select: string, other: string} & Record<string, string>>} Entry
 */
/** @typedef {keyof typeof EN} MessageId */
/**
 * A message: an id and its parameters. A parameter that is a message is formatted in place; a
 * list of messages is joined (`join.list`).
 * @typedef {{id: MessageId, params?: Params}} Msg
 */
/** @typedef {string | number | Msg | Msg[]} Param */
/** @typedef {{[name: string]: Param}} Params */

/** The tables by language: each has every id of the English table (type-checked, and tested). */
const TABLES = /** @type {Record<string, Readonly<Record<MessageId, Entry>>>} */ ({ en: EN, uk: UK, ru: RU });

/** The language when none of the browser's is one of ours. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * The first of the browser's preferred languages (`navigator.languages`: `uk-UA`, `ru`...)
 * that has a table, by its primary subtag; else the default.
 * @param {readonly unknown[]} preferred
 */
export function pickLanguage(preferred) {
  for (const tag of preferred) {
    if (typeof tag !== 'string') continue;
    const primary = tag.split(/[-_]/)[0].toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Whether `lang` is a language with a table.
 * @param {unknown} lang
 * @returns {lang is string}
 */
export function isLanguage(lang) {
  return typeof lang === 'string' && Object.prototype.hasOwnProperty.call(TABLES, lang);
}

let language = 'en';
let table = TABLES.en;
let plurals = new Intl.PluralRules(language);

/**
 * Chooses the language of the messages (one of `languages()`); false if there is no table.
 * @param {string} lang
 */
export function setLanguage(lang) {
  if (!isLanguage(lang)) return false;
  if (lang === language) return true;
  const next = TABLES[lang];
  language = lang;
  table = next;
  plurals = new Intl.PluralRules(lang);
  return true;
}

/** The languages that have a table. */
export function languages() {
  return Object.keys(TABLES);
}

/** The language of the messages now. */
export function currentLanguage() {
  return language;
}

/**
 * Whether `id` is a message of the table.
 * @param {string} id
 * @returns {id is MessageId}
 */
export function isMessageId(id) {
  return Object.prototype.hasOwnProperty.call(table, id);
}

/**
 * The template of `entry` for `params`.
 * @param {Entry} entry
 * @param {Params} params
 */
function template(entry, params) {
  if (typeof entry === 'string') return entry;
  /** @type {Readonly<Record<string, string>>} */
  const forms = entry;
  if ('plural' in entry) {
    const category = plurals.select(Number(params[entry.plural]));
    return forms[category] ?? entry.other;
  }
  return forms[String(params[entry.select])] ?? entry.other;
}

/**
 * A parameter as text.
 * @param {Param} value
 * @returns {string}
 */
function paramText(value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(format).join(t('join.list'));
  return format(value);
}

/**
 * The text of message `id` with `params`. A placeholder whose parameter is missing is left as
 * it is (a visible mistake rather than a silent one).
 * @param {MessageId} id
 * @param {Params} [params]
 * @returns {string}
 */
export function t(id, params = {}) {
  const entry = table[id];
  if (entry === undefined) return id;
  return template(entry, params).replace(/\{(\w+)(?::([\w.]+))?\}/g, (whole, name, prefix) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (prefix && (typeof value === 'string' || typeof value === 'number')) {
      const key = `${prefix}.${value}`;
      if (isMessageId(key)) return t(key, params);
      const other = `${prefix}.other`;
      return isMessageId(other) ? t(other, params) : String(value);
    }
    return paramText(value);
  });
}

/**
 * The text of a message.
 * @param {Msg} msg
 */
export function format(msg) {
  return t(msg.id, msg.params);
}

/**
 * Messages as one line of sentences.
 * @param {Msg[]} msgs
 */
export function formatAll(msgs) {
  return msgs.map(format).join(t('join.sentences'));
}

/**
 * The message of an error: `error.<code>` with the error's parameters when the table has it,
 * else the error's own text (`error.other`).
 * @param {Problem} problem
 * @returns {Msg}
 */
export function problemMessage(problem) {
  const id = `error.${problem.code}`;
  if (problem.code !== 'other' && isMessageId(id)) return { id, params: { ...problem.params } };
  return { id: 'error.other', params: { detail: problem.message } };
}
