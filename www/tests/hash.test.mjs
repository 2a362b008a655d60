// Unit tests of the URL hash contract and the announcement texts (pure modules, no browser).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatHash, parseHash } from '../hash.js';
import { resultText, statusText } from '../text.js';

/** @import { Settings } from '../hash.js' */
/** @import { Color, LastMove } from '../text.js' */

const LEVELS = { minLevel: 1, maxLevel: 10, defaultLevel: 5 };

test('an empty hash gives the defaults', () => {
  for (const hash of ['', '#', '#&&']) {
    const { settings, moves, errors } = parseHash(hash, LEVELS);
    assert.deepEqual(settings, {
      rules: 'classic',
      black: { ai: false },
      white: { ai: true, level: 5 },
      start: 'standard',
    });
    assert.equal(moves, '');
    assert.deepEqual(errors, []);
  }
});

test('every key, in any order', () => {
  const { settings, moves, errors } = parseHash(
    '#moves=f5d6&start=alternative&white=human&black=ai10&rules=inverse',
    LEVELS,
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(settings, {
    rules: 'inverse',
    black: { ai: true, level: 10 },
    white: { ai: false },
    start: 'alternative',
  });
  assert.equal(moves, 'f5d6');
});

test('format then parse is the identity', () => {
  /** @type {Settings} */
  const settings = { rules: 'inverse', black: { ai: true, level: 3 }, white: { ai: false }, start: 'standard' };
  const hash = formatHash(settings, 'f5d6c3');
  assert.equal(hash, '#rules=inverse&black=ai3&white=human&start=standard&moves=f5d6c3');
  const back = parseHash(hash, LEVELS);
  assert.deepEqual(back.settings, settings);
  assert.equal(back.moves, 'f5d6c3');
});

test('bad keys and values are reported and keep their defaults', () => {
  const { settings, errors } = parseHash(
    '#rules=chess&black=ai0&white=robot&start=diagonal&colour=red&white=ai11',
    LEVELS,
  );
  assert.deepEqual(settings, {
    rules: 'classic',
    black: { ai: false },
    white: { ai: true, level: 5 },
    start: 'standard',
  });
  assert.equal(errors.length, 6);
  assert.match(errors[0], /unknown game 'chess'/);
  assert.match(errors[1], /unknown black player 'ai0'/);
  assert.match(errors[2], /unknown white player 'robot'/);
  assert.match(errors[3], /unknown start 'diagonal'/);
  assert.match(errors[4], /unknown setting 'colour'/);
  assert.match(errors[5], /'ai11'/);
});

test('malformed percent-encoding is reported, not thrown', () => {
  const { errors } = parseHash('#rules=%E0%A4%A', LEVELS);
  assert.equal(errors.length, 1);
  assert.match(errors[0], /not valid URL text/);
});

test('results name the winner and the final counts', () => {
  assert.equal(
    resultText({ black: 40, white: 24, winner: 'black', rules: 'classic' }),
    'Game over: Black wins, 40 discs to 24 (Black 40, White 24).',
  );
  assert.equal(
    resultText({ black: 40, white: 24, winner: 'white', rules: 'inverse' }),
    'Game over: White wins, 24 discs to 40 (Black 40, White 24). Inverse game: fewer discs win.',
  );
  assert.match(resultText({ black: 30, white: 30, winner: null, rules: 'classic' }), /draw, 30–30/);
});

test('a pass is announced before the turn', () => {
  /** @type {Pick<Settings, Color>} */
  const settings = { black: { ai: false }, white: { ai: true, level: 1 } };
  /** @type {{lastPass: Color, over: false, toMove: Color}} */
  const snap = { lastPass: 'white', over: false, toMove: 'black' };
  assert.equal(statusText(snap, settings, false), 'White has no legal move and passes. Black to move.');
  const thinking = statusText({ lastPass: null, over: false, toMove: 'white' }, settings, true);
  assert.equal(thinking, 'White (AI, Beginner) is thinking…');
});

const SET_UP = `${'-'.repeat(27)}OX${'-'.repeat(6)}XX${'-'.repeat(27)}`;

test('a set-up position: board and side replace start, both ways', () => {
  const { settings, moves, errors } = parseHash(`#side=O&white=human&board=${SET_UP}&moves=c4`, LEVELS);
  assert.deepEqual(errors, []);
  assert.deepEqual(settings.position, { board: SET_UP, side: 'O' });
  assert.equal(moves, 'c4');
  const hash = formatHash(settings, 'c4');
  assert.equal(hash, `#rules=classic&black=human&white=human&board=${SET_UP}&side=O&moves=c4`);
  assert.doesNotMatch(hash, /start=/);
  assert.deepEqual(parseHash(hash, LEVELS).settings, settings);
});

test('a board without a side, or a side without a board, is reported and ignored', () => {
  let r = parseHash(`#board=${SET_UP}`, LEVELS);
  assert.equal(r.settings.position, undefined);
  assert.deepEqual(r.errors, ['a board needs a side to move (side=X or side=O)']);
  r = parseHash('#side=X&start=alternative', LEVELS);
  assert.equal(r.settings.position, undefined);
  assert.equal(r.settings.start, 'alternative');
  assert.equal(r.errors.length, 1);
  assert.match(r.errors[0], /side to move needs a board/);
});

test('the last move is announced before a pass and the turn', () => {
  /** @type {Pick<Settings, Color>} */
  const settings = { black: { ai: false }, white: { ai: true, level: 1 } };
  /** @type {LastMove} */
  const lastMove = { player: 'white', square: 'd6', flips: ['d5'] };
  assert.equal(
    statusText({ lastMove, lastPass: null, over: false, toMove: 'black' }, settings, false),
    'White played d6. Black to move.',
  );
  assert.equal(
    statusText({ lastMove, lastPass: 'black', over: false, toMove: 'white' }, settings, true),
    'White played d6. Black has no legal move and passes. White (AI, Beginner) is thinking…',
  );
});
