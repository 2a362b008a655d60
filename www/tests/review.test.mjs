// End-to-end tests of the move list and the review in headless Chromium: each move a button
// with data-ply, its position shown without losing the game, arrow keys, Back to the game, a
// new line from a reviewed position (undoable, and the old line can be had back). Positions
// are the engine's (the wasm package in Node).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { boardFromDom, legalCells, openGame, setUp, status, loadPackage } from './helpers.mjs';

/** @typedef {typeof import('../pkg/reversi_wasm.js')} Wasm */

/** @type {Wasm} */
let w;

/**
 * The board after `moves` from the standard start (classic), as the engine has it.
 * @param {string} moves
 */
function boardAfter(moves) {
  const g = w.new_game('classic', 'standard');
  g.play_transcript(moves);
  const board = g.board();
  g.free();
  return board;
}

describe('the move list and the review', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    w = await loadPackage();
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test('review by data-ply, arrow keys, back to the game', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3d3c4');
    const hash = await page.evaluate(() => location.hash);
    const plies = await page.$$eval('#moves [data-ply]', (els) => els.map((e) => [/** @type {HTMLElement} */ (e).dataset.ply, e.textContent]));
    assert.deepEqual(plies, [['1', '1. f5'], ['2', '2. d6'], ['3', '3. c3'], ['4', '4. d3'], ['5', '5. c4']]);
    assert.equal(await page.isHidden('#back-to-game'), true);
    await page.click('#moves [data-ply="2"]');
    assert.equal(await boardFromDom(page), boardAfter('f5d6'));
    assert.match(await status(page), /^Reviewing: after move 2 of 5\. White played d6\. Black to move\.$/);
    assert.equal(await page.getAttribute('#moves [data-ply="2"]', 'aria-current'), 'step');
    assert.equal(await page.isVisible('#back-to-game'), true);
    assert.equal(await page.evaluate(() => location.hash), hash, 'the game is kept');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await boardFromDom(page), boardAfter('f5'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await boardFromDom(page), boardAfter('f5d6c3'));
    await page.click('#back-to-game');
    assert.equal(await boardFromDom(page), boardAfter('f5d6c3d3c4'));
    assert.doesNotMatch(await status(page), /Reviewing/);
    assert.equal(await page.isHidden('#back-to-game'), true);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('passes are numbered plies too', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=d3c3e6d2d1e1b3c1d6');
    const plies = await page.$$eval('#moves [data-ply]', (els) => els.map((e) => e.textContent));
    assert.equal(plies.length, 10);
    assert.equal(plies[8], '9. Black passes');
    assert.equal(plies[9], '10. d6');
    await page.click('#moves [data-ply="9"]');
    assert.equal(await boardFromDom(page), boardAfter('d3c3e6d2d1e1b3c1'));
    assert.match(await status(page), /White to move/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a different move in a reviewed position starts a new line, undoable', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3d3c4');
    await page.click('#moves [data-ply="2"]');
    const other = (await legalCells(page)).find((sq) => sq !== 'c3');
    assert.ok(other);
    await page.click(`[data-cell="${other}"]`);
    assert.match(page.url(), new RegExp(`moves=f5d6${other}$`));
    assert.equal(await boardFromDom(page), boardAfter(`f5d6${other}`));
    assert.equal(await page.isHidden('#back-to-game'), true);
    assert.equal(await page.textContent('#take-back'), 'Back to the old line');
    await page.click('#undo');
    assert.match(page.url(), /moves=f5d6$/);
    await page.click('#take-back');
    assert.match(page.url(), /moves=f5d6c3d3c4$/);
    assert.equal(await boardFromDom(page), boardAfter('f5d6c3d3c4'));
    assert.equal(await page.isHidden('#take-back'), true);
    // The game's own next move goes on with the review instead.
    await page.click('#moves [data-ply="2"]');
    await page.click('[data-cell="c3"]');
    assert.match(await status(page), /Reviewing: after move 3 of 5/);
    assert.match(page.url(), /moves=f5d6c3d3c4$/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the opening the moves follow is named, under the symmetries too', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3d3');
    assert.equal(await page.textContent('#opening'), 'Opening: Perpendicular');
    await page.click('[data-cell="c4"]');
    assert.equal(await page.textContent('#opening'), 'Opening: Tiger');
    assert.equal(await page.isVisible('#opening'), true);
    // A reviewed position has its own name; none before the second move.
    await page.click('#moves [data-ply="1"]');
    assert.equal(await page.isHidden('#opening'), true);
    await openGame(page, env.base, '#black=human&white=human&moves=c4e3f6e6f5');
    assert.equal(await page.textContent('#opening'), 'Opening: Tiger');
    await openGame(page, env.base, '#black=human&white=human&start=alternative&moves=f5');
    assert.equal(await page.isHidden('#opening'), true);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
