// Unit tests of the messages (www/i18n.js, www/messages/*.js): the format of entries, errors as
// messages, that every message id the page's modules and index.html name is in the table, and
// that every language has every id, its plural forms and the English entry's placeholders.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  currentLanguage, format, formatAll, isMessageId, languages, pickLanguage, problemMessage, setLanguage, t,
} from '../i18n.js';
import { EN } from '../messages/en.js';
import { RU } from '../messages/ru.js';
import { UK } from '../messages/uk.js';
import { toProblem } from '../problem.js';

const WWW = join(dirname(fileURLToPath(import.meta.url)), '..');

test('templates take their parameters; a message parameter is formatted in place', () => {
  assert.equal(t('status.played', { player: 'white', square: 'd6' }), 'White played d6.');
  assert.equal(t('player.ai', { level: 5 }), 'AI · Club player');
  assert.equal(t('form.ai', { level: 10 }), 'AI 10 · Champion');
  assert.equal(
    t('note.cannot_start', { reason: { id: 'error.board_length', params: { length: 3 } } }),
    'Could not start that game: a board has 64 cells, this one has 3.',
  );
});

test('a prefixed placeholder falls back to `prefix.other`; a missing parameter shows', () => {
  assert.equal(t('player.ai', { level: 12 }), 'AI · Level 12');
  assert.equal(t('status.to_move', {}), '{player:color} to move.');
});

test('plural-aware entries choose by Intl.PluralRules', () => {
  assert.equal(t('error.worker_stuck', { seconds: 1 }), 'the AI did not answer within 1 second');
  assert.equal(t('error.worker_stuck', { seconds: 20 }), 'the AI did not answer within 20 seconds');
});

test('choices: a transcript error names the move, then why', () => {
  assert.equal(
    t('error.bad_transcript', { moveNumber: 2, token: 'zz', reason: 'malformed' }),
    "move 2 'zz' is not a square (a1..h8) or a pass (pa, --)",
  );
  assert.equal(
    t('error.bad_transcript', { moveNumber: 2, token: 'c4', reason: 'illegal_move', square: 'c4', player: 'white' }),
    "move 2 'c4': c4 is not a legal move for White",
  );
  assert.equal(
    t('error.bad_transcript', { moveNumber: 1, token: 'pa', reason: 'pass_not_allowed', player: 'black' }),
    "move 1 'pa': Black has a legal move and may not pass",
  );
});

test('lists of messages are joined, lines of messages too', () => {
  const list = [
    { id: /** @type {const} */ ('link.board_without_side') },
    { id: /** @type {const} */ ('link.unknown_key'), params: { key: 'x' } },
  ];
  assert.equal(
    format({ id: 'note.link_not_understood', params: { problems: list } }),
    'The link was not fully understood: a board needs a side to move (side=X or side=O); ' +
      "unknown setting 'x' (rules, black, white, start, moves, board, side). Defaults are used instead.",
  );
  assert.equal(
    formatAll([{ id: 'status.passed', params: { player: 'black' } }, { id: 'status.to_move', params: { player: 'white' } }]),
    'Black has no legal move and passes. White to move.',
  );
});

test("the engine's errors: by code with their parameters, else their own message", () => {
  // What the wasm binding throws (crate/wasm: an Error with code and params).
  const thrown = Object.assign(new Error('f4 is not a legal move for Black'), {
    code: 'illegal_move',
    params: { square: 'f4', player: 'black' },
  });
  const p = toProblem(thrown);
  assert.deepEqual(p, { code: 'illegal_move', params: { square: 'f4', player: 'black' }, message: thrown.message });
  assert.equal(format(problemMessage(p)), 'f4 is not a legal move for Black');
  // An unknown code, no code, not an Error: the message as it came.
  assert.equal(format(problemMessage(toProblem(Object.assign(new Error('odd'), { code: 'new_code' })))), 'odd');
  assert.equal(format(problemMessage(toProblem(new TypeError('square must be a string')))), 'square must be a string');
  assert.equal(format(problemMessage(toProblem('plain text'))), 'plain text');
  assert.deepEqual(toProblem(null), { code: 'other', params: {}, message: 'null' });
});

test('every code of the wasm binding and of the AI client has a message', () => {
  const codes = [
    'illegal_move', 'game_over', 'pass_not_allowed', 'bad_square', 'bad_transcript', 'board_length',
    'board_cell', 'bad_side', 'bad_color', 'board_without_side', 'side_without_board', 'bad_rules',
    'bad_start', 'out_of_memory', 'ai_busy', 'bad_split_text', 'too_long', 'worker_error', 'worker_crashed', 'worker_stopped', 'worker_stuck',
  ];
  // The binding's documented table of codes is the same list.
  const lib = readFileSync(join(WWW, '..', 'crate', 'wasm', 'src', 'lib.rs'), 'utf8');
  const documented = [...lib.matchAll(/^\/\/! \| `([a-z_]+)`(?:, `([a-z_]+)`)? \|/gm)].flatMap((m) => m.slice(1).filter(Boolean)).filter((c) => c !== 'code');
  assert.deepEqual(documented.sort(), codes.filter((c) => !c.startsWith('worker_')).sort());
  for (const code of codes) assert.ok(isMessageId(`error.${code}`), code);
});

test("every message id that the page's modules name is in the table", () => {
  const prefixes = [...new Set(Object.keys(EN).map((id) => id.split('.')[0]))].join('|');
  const pattern = new RegExp(`'((?:${prefixes})\\.[a-z0-9_]+)'`, 'g');
  const files = readdirSync(WWW).filter((f) => f.endsWith('.js') && f !== 'sw-manifest.js');
  let seen = 0;
  for (const file of files) {
    for (const [, id] of readFileSync(join(WWW, file), 'utf8').matchAll(pattern)) {
      assert.ok(isMessageId(id), `${file}: ${id}`);
      seen++;
    }
  }
  assert.ok(seen > 0, 'no message id found: is the pattern right?');
});

test('three languages; another without a table is refused', () => {
  assert.deepEqual(languages(), ['en', 'uk', 'ru']);
  assert.equal(setLanguage('de'), false);
  assert.equal(currentLanguage(), 'en');
  assert.equal(setLanguage('uk'), true);
  assert.equal(currentLanguage(), 'uk');
  assert.equal(setLanguage('en'), true);
});

/** @type {Record<string, Record<string, import('../i18n.js').Entry>>} */
const TABLES = { en: EN, uk: UK, ru: RU };

/**
 * The placeholders' names of an entry (all of its forms).
 * @param {import('../i18n.js').Entry} entry
 */
function placeholders(entry) {
  const forms = typeof entry === 'string' ? [entry] : Object.entries(entry).filter(([k]) => k !== 'plural' && k !== 'select').map(([, v]) => v);
  const names = new Set();
  for (const form of forms) for (const [, name] of form.matchAll(/\{(\w+)(?::[\w.]+)?\}/g)) names.add(name);
  return names;
}

test('every message id exists in every language, and no other', () => {
  const ids = Object.keys(EN).sort();
  assert.ok(ids.length > 150, `${ids.length} ids`);
  for (const [lang, table] of Object.entries(TABLES)) {
    assert.deepEqual(Object.keys(table).sort(), ids, lang);
    for (const id of ids) {
      const entry = table[id];
      assert.ok(typeof entry === 'string' ? entry.length > 0 || id === 'join.sentences' : 'other' in entry, `${lang} ${id}`);
    }
  }
});

test("every language's entry uses only the English entry's parameters, and the same choices", () => {
  for (const [lang, table] of Object.entries(TABLES)) {
    for (const [id, en] of Object.entries(EN)) {
      const entry = table[id];
      const allowed = placeholders(en);
      // A plural entry may choose by any of the English entry's parameters.
      if (typeof en !== 'string' && 'plural' in en) allowed.add(en.plural);
      for (const name of placeholders(entry)) assert.ok(allowed.has(name), `${lang} ${id}: {${name}}`);
      if (typeof entry !== 'string' && 'plural' in entry) assert.ok(allowed.has(entry.plural), `${lang} ${id}: by ${entry.plural}`);
      if (typeof en !== 'string' && 'select' in en) {
        assert.ok(typeof entry !== 'string' && 'select' in entry && entry.select === en.select, `${lang} ${id}: a choice`);
      }
    }
  }
});

test('Ukrainian and Russian plurals by Intl.PluralRules: 1 диск, 2 диски/диска, 5 дисків/дисков', () => {
  const cases = /** @type {const} */ ([
    ['uk', 1, 'Чорні: 1 диск'], ['uk', 2, 'Чорні: 2 диски'], ['uk', 5, 'Чорні: 5 дисків'],
    ['uk', 21, 'Чорні: 21 диск'], ['uk', 12, 'Чорні: 12 дисків'], ['uk', 64, 'Чорні: 64 диски'],
    ['ru', 1, 'Чёрные: 1 диск'], ['ru', 2, 'Чёрные: 2 диска'], ['ru', 5, 'Чёрные: 5 дисков'],
    ['ru', 22, 'Чёрные: 22 диска'], ['ru', 11, 'Чёрные: 11 дисков'], ['ru', 0, 'Чёрные: 0 дисков'],
    ['en', 1, 'Black: 1 disc'], ['en', 2, 'Black: 2 discs'],
  ]);
  try {
    for (const [lang, count, text] of cases) {
      assert.ok(setLanguage(lang));
      assert.equal(t('score.count', { player: 'black', count }), text);
    }
    setLanguage('uk');
    assert.equal(t('error.worker_stuck', { seconds: 3 }), 'комп’ютер не відповів за 3 секунди');
    assert.equal(t('player.ai', { level: 5 }), 'Комп’ютер · Клубний гравець');
    assert.equal(t('status.to_move', { player: 'white' }), 'Ходять Білі.');
    setLanguage('ru');
    assert.equal(t('moves.mistake', { label: 'x', loss: 7, best: 'c4' }), 'x, ошибка: на 7 дисков хуже, чем c4');
    assert.equal(
      format(problemMessage({ code: 'illegal_move', params: { square: 'f4', player: 'black' }, message: '' })),
      'f4 — недопустимый ход (ходят Чёрные)',
    );
  } finally {
    setLanguage('en');
  }
});

test("the browser's preferred languages choose the language, by primary subtag", () => {
  assert.equal(pickLanguage(['uk-UA', 'en']), 'uk');
  assert.equal(pickLanguage(['de-DE', 'ru_RU', 'uk']), 'ru');
  assert.equal(pickLanguage(['EN-gb']), 'en');
  assert.equal(pickLanguage(['fr', 'de']), 'en');
  assert.equal(pickLanguage([]), 'en');
  assert.equal(pickLanguage([42, null, 'ru']), 'ru');
});

test('every message id that index.html names (data-msg, data-msg-label, data-msg-empty) is in the table', () => {
  const html = readFileSync(join(WWW, '..', 'index.html'), 'utf8');
  const ids = [...html.matchAll(/data-msg(?:-label|-empty)?="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ids.length > 40, `${ids.length} ids`);
  for (const id of ids) assert.ok(isMessageId(id), id);
  // No words outside the table: every text of the body (but the keys' names in <kbd> and the
  // noscript's, in the three languages) is the text of an element with data-msg.
  const body = html.slice(html.indexOf('<body'), html.indexOf('<noscript>'));
  /** @type {string[]} */
  const bare = [];
  let texts = 0;
  for (const m of body.matchAll(/(<[^<>]+>)([^<>]*[A-Za-zА-яІіЇїЄє]{2,}[^<>]*)</g)) {
    const [, tag, words] = m;
    texts++;
    if (/^<kbd/.test(tag)) continue;
    if (tag.startsWith('</') || !/ data-msg="/.test(tag)) bare.push(words.trim());
  }
  assert.ok(texts > 40, `${texts} texts`);
  assert.deepEqual(bare, []);
});
