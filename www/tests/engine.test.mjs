// Unit tests of the engine adapter (www/engine.js) over the real wasm package in Node (the one
// scripts/build-web.sh writes to www/pkg, loaded from disk with initSync; no browser).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Engine } from '../engine.js';
import { defaultSettings } from '../hash.js';
import { format, problemMessage, setLanguage } from '../i18n.js';
import { START, settings } from './fixtures.mjs';

/** @import { Settings } from '../hash.js' */
/** @import { Problem } from '../problem.js' */

const PKG = join(dirname(fileURLToPath(import.meta.url)), '..', 'pkg');
/** @type {Engine} */
let engine;

before(async () => {
  assert.ok(existsSync(join(PKG, 'reversi_wasm_bg.wasm')), `no wasm package in ${PKG}: run scripts/build-web.sh`);
  const wasm = await import('../pkg/reversi_wasm.js');
  wasm.initSync({ module: readFileSync(join(PKG, 'reversi_wasm_bg.wasm')) });
  engine = new Engine(wasm);
});

/**
 * Settings from the standard start with a set-up position.
 * @param {string} board
 * @param {string} side
 * @returns {Settings}
 */
const position = (board, side) => ({ ...settings('human'), position: { board, side } });

test("the levels are the engine's", () => {
  assert.deepEqual(engine.levels(), { minLevel: 1, maxLevel: 10, defaultLevel: 5 });
});

test('a game and its moves: a plain snapshot of the engine', () => {
  const loaded = engine.load(settings(2), 'f5d6');
  assert.equal(loaded.startError, null);
  assert.equal(loaded.replayError, null);
  assert.deepEqual(loaded.settings, settings(2));
  const s = loaded.snap;
  assert.equal(s.transcript, 'f5d6');
  assert.equal(s.toMove, 'black');
  assert.deepEqual(s.lastMove, { player: 'white', square: 'd6', flips: ['d5'] });
  // Plain data: a structured clone (what a worker or storage would get) is the same.
  assert.deepEqual(structuredClone(s), s);
  assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
});

test("moves: the engine's snapshot, or its refusal as a code with parameters", () => {
  engine.load(settings('human'), '');
  const bad = engine.play('f4');
  assert.deepEqual(bad, {
    ok: false,
    error: { code: 'illegal_move', params: { square: 'f4', player: 'black' }, message: 'f4 is not a legal move for Black' },
  });
  assert.equal(engine.snapshot().transcript, '', 'unchanged');
  const malformed = engine.play('z9');
  assert.equal(!malformed.ok && malformed.error.code, 'bad_square');
  const good = engine.play('F5');
  assert.ok(good.ok);
  assert.equal(good.snap.transcript, 'f5');
  assert.deepEqual(good.snap.legal, ['f4', 'd6', 'f6']);
});

test('undo and redo: a whole turn for one human, one move for two', () => {
  engine.load(settings(1), 'f5d6c3f4');
  let r = engine.undo(['black']);
  assert.deepEqual([r.changed, r.snap.transcript], [true, 'f5d6']);
  r = engine.redo(['black']);
  assert.deepEqual([r.changed, r.snap.transcript], [true, 'f5d6c3f4']);
  r = engine.undo(['black', 'white']);
  assert.deepEqual([r.changed, r.snap.transcript], [true, 'f5d6c3']);
  engine.load(settings(1), '');
  r = engine.undo(['black']);
  assert.equal(r.changed, false);
});

test('a set-up position is spelt as the engine spells it', () => {
  const board = `${'.'.repeat(27)}ox${'.'.repeat(6)}xo${'.'.repeat(27)}`;
  const loaded = engine.load(position(board, 'x'), '');
  assert.equal(loaded.startError, null);
  assert.deepEqual(loaded.settings.position, { board: START, side: 'X' });
  assert.equal(engine.check(position(board, 'X')), null);
});

test('a game the engine refuses: a set-up position gives way to the standard start, the moves are dropped', () => {
  const loaded = engine.load({ ...settings(2), position: { board: 'XO-', side: 'X' } }, 'f5d6');
  assert.deepEqual(loaded.startError, {
    code: 'board_length',
    params: { length: 3 },
    message: 'a board has 64 cells, this one has 3',
  });
  assert.equal(loaded.fallback, 'standard-start');
  assert.equal(loaded.droppedMoves, 'f5d6');
  assert.deepEqual(loaded.settings, settings(2), 'the same rules and players');
  assert.equal(loaded.snap.board, START);
  assert.equal(loaded.snap.transcript, '');
  // Other settings that the engine refuses give way to the defaults.
  const odd = engine.load({ ...settings(2), start: 'sideways' }, '');
  assert.equal(odd.startError?.code, 'bad_start');
  assert.equal(odd.fallback, 'defaults');
  assert.deepEqual(odd.settings, defaultSettings(5));
});

test('moves the engine refuses: the moves before the bad one are played, the reason is a code', () => {
  const loaded = engine.load(settings('human'), 'f5c4');
  assert.deepEqual(loaded.replayError?.params, {
    moveNumber: 2,
    token: 'c4',
    reason: 'illegal_move',
    square: 'c4',
    player: 'white',
  });
  assert.equal(loaded.replayError?.code, 'bad_transcript');
  assert.equal(loaded.snap.transcript, 'f5');
  assert.equal(engine.load(settings('human'), 'zz').snap.transcript, '');
});

test('moves too long for the engine: the game loads at its start with the reason', () => {
  const loaded = engine.load(settings('human'), 'f5'.repeat(3000));
  assert.equal(loaded.snap.transcript, '');
  assert.equal(loaded.replayError?.code, 'too_long');
  assert.deepEqual(loaded.replayError?.params, { name: 'transcript', length: 6000, max: 4096 });
  // The reason reads in the player's language, not in the engine's English.
  assert.ok(setLanguage('uk'));
  try {
    const text = format(problemMessage(/** @type {Problem} */ (loaded.replayError)));
    assert.match(text, /^задовго, щоб прочитати: 6000 символів \(щонайбільше 4096\)$/);
  } finally {
    setLanguage('en');
  }
});

test('set-up checks and the named starts for the set-up mode', () => {
  assert.equal(engine.check(position(START, 'Z'))?.code, 'bad_side');
  assert.equal(engine.check(position(`Q${'-'.repeat(63)}`, 'X'))?.code, 'board_cell');
  assert.equal(engine.startBoard('standard'), START);
  assert.equal(engine.startBoard('alternative').slice(24, 40), '---OO------XX---');
});
