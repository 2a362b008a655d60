// Unit tests of the status line's messages (www/text.js): pure, no browser, no wasm.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pendingPasses, statusText } from '../text.js';
import { settings } from './fixtures.mjs';

/** @import { GameEvent } from '../engine.js' */

/** @type {(player: 'black' | 'white', square: string) => GameEvent} */
const move = (player, square) => ({ type: 'move', player, square });
/** @type {(player: 'black' | 'white') => GameEvent} */
const pass = (player) => ({ type: 'pass', player });

test('a pass is pending until the player who passed moves again', () => {
  assert.deepEqual(pendingPasses([]), []);
  assert.deepEqual(pendingPasses([move('black', 'f5'), pass('white')]), ['white']);
  assert.deepEqual(pendingPasses([move('white', 'c1'), pass('black'), move('white', 'b4')]), ['black']);
  assert.deepEqual(pendingPasses([move('white', 'c1'), pass('black'), move('white', 'b4'), move('black', 'b5')]), []);
});

test('the status line says a pending pass before the last move', () => {
  const events = [move('white', 'c1'), pass('black'), move('white', 'b4')];
  const snap = { over: /** @type {const} */ (false), toMove: /** @type {const} */ ('black'), events, lastMove: { player: /** @type {const} */ ('white'), square: 'b4', flips: [] }, lastPass: null };
  assert.equal(
    statusText(snap, settings(1), false),
    'Black had no legal move and passed. White played b4. Black to move.',
  );
  const right = { ...snap, events: events.slice(0, 2), lastMove: { player: /** @type {const} */ ('white'), square: 'c1', flips: [] }, lastPass: /** @type {const} */ ('black'), toMove: /** @type {const} */ ('white') };
  assert.equal(statusText(right, settings(1), false), 'White played c1. Black has no legal move and passes. White (AI, Beginner) to move.');
});

test('a game over before any move says that neither side can move', () => {
  const over = { over: /** @type {const} */ (true), black: 3, white: 1, winner: /** @type {const} */ ('black'), rules: /** @type {const} */ ('classic'), events: [], lastMove: null, lastPass: null };
  assert.equal(statusText(over, settings(1), false), 'Neither side has a legal move. Game over: Black wins, 3 discs to 1 (Black 3, White 1).');
  // After a move the result alone, as before.
  const played = { ...over, events: [move('black', 'a1')], lastMove: { player: /** @type {const} */ ('black'), square: 'a1', flips: [] } };
  assert.equal(statusText(played, settings(1), false), 'Black played a1. Game over: Black wins, 3 discs to 1 (Black 3, White 1).');
});
