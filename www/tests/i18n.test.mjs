// Unit tests of the messages (www/i18n.js, www/messages.js): the format of entries, errors as
// messages, and that every message id the page's modules name is in the table.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { currentLanguage, format, formatAll, isMessageId, languages, problemMessage, setLanguage, t } from '../i18n.js';
import { EN } from '../messages.js';
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
    'bad_start', 'out_of_memory', 'ai_busy', 'worker_error', 'worker_crashed', 'worker_stopped', 'worker_stuck',
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
  const files = readdirSync(WWW).filter((f) => f.endsWith('.js') && f !== 'messages.js');
  let seen = 0;
  for (const file of files) {
    for (const [, id] of readFileSync(join(WWW, file), 'utf8').matchAll(pattern)) {
      assert.ok(isMessageId(id), `${file}: ${id}`);
      seen++;
    }
  }
  assert.ok(seen > 0, 'no message id found: is the pattern right?');
});

test('one language for now; another without a table is refused', () => {
  assert.deepEqual(languages(), ['en']);
  assert.equal(setLanguage('uk'), false);
  assert.equal(currentLanguage(), 'en');
  assert.equal(setLanguage('en'), true);
});
