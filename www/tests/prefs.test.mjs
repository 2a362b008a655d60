// Unit tests of the preferences (www/prefs.js): read back from what was saved, whatever that
// is; the browser's languages when none was chosen.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changePrefs, readPrefs, writePrefs } from '../prefs.js';

test('saved preferences are read back', () => {
  const prefs = { language: 'ru', theme: /** @type {const} */ ('colorblind'), muted: true };
  assert.deepEqual(readPrefs(writePrefs(prefs), ['uk-UA']), prefs);
});

test("nothing saved: the browser's first language that the page speaks, else English", () => {
  assert.deepEqual(readPrefs(null, ['uk-UA', 'ru']), { language: 'uk', theme: 'system', muted: false });
  assert.equal(readPrefs(null, ['de', 'ru-RU']).language, 'ru');
  assert.equal(readPrefs(null, ['fr']).language, 'en');
  assert.equal(readPrefs(null, []).language, 'en');
});

test('a corrupted or foreign saved value gives way to the defaults, field by field', () => {
  for (const bad of ['', '{', 'null', '"uk"', '[1,2]', '42', 'undefined', '{"language":', '\u0000']) {
    assert.deepEqual(readPrefs(bad, ['ru-RU']), { language: 'ru', theme: 'system', muted: false }, JSON.stringify(bad));
  }
  assert.deepEqual(readPrefs('{"language":"xx","theme":"dark","muted":"yes"}', ['uk']), {
    language: 'uk',
    theme: 'dark',
    muted: false,
  });
  assert.deepEqual(readPrefs('{"language":"en","theme":{"a":1},"muted":true,"extra":1}', ['uk']), {
    language: 'en',
    theme: 'system',
    muted: true,
  });
});

test('changes: only valid values are taken; no change keeps the object', () => {
  const prefs = readPrefs(null, ['en']);
  assert.equal(changePrefs(prefs, { language: 'en' }), prefs);
  assert.equal(changePrefs(prefs, { language: 'xx', theme: 'neon', muted: 1 }), prefs);
  assert.deepEqual(changePrefs(prefs, { theme: 'contrast', muted: true }), { language: 'en', theme: 'contrast', muted: true });
});
