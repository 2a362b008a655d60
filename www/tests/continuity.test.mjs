// End-to-end tests that nothing is lost, in headless Chromium: the game in progress resumes
// after a reload without hash, New game can be taken back, a changed player or level applies
// to the game in progress from its next move.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { boardFromDom, legalCells, openGame, setUp, status } from './helpers.mjs';

describe('nothing is lost', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test('the game resumes after a reload without hash; New game can be taken back', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6');
    await page.click('[data-cell="c3"]');
    const board = await boardFromDom(page);
    const hash = new URL(page.url()).hash;
    assert.match(hash, /moves=f5d6c3$/);
    await openGame(page, env.base, '');
    assert.equal(new URL(page.url()).hash, hash);
    assert.equal(await boardFromDom(page), board);
    assert.match(/** @type {string} */ (await page.textContent('#message')), /game in progress is back/);
    // New game is one click away, and can be taken back.
    await page.click('#new-game button[type="submit"]');
    assert.match(page.url(), /moves=$/);
    assert.equal(await page.textContent('#take-back'), 'Undo new game');
    await page.click('#take-back');
    assert.equal(new URL(page.url()).hash, hash);
    assert.equal(await boardFromDom(page), board);
    assert.equal(await page.isHidden('#take-back'), true);
    // The new game is saved too.
    await page.click('#new-game button[type="submit"]');
    await openGame(page, env.base, '');
    assert.match(page.url(), /moves=$/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a changed level or player applies to the game in progress from its next move', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6');
    // White to move, now played by the AI at level 2: it moves, the game goes on.
    await page.click('[data-cell="c3"]');
    assert.match(await status(page), /White to move/);
    await page.selectOption('#player-white', 'ai2');
    assert.match(page.url(), /white=ai2&.*moves=f5d6c3$/);
    await page.waitForFunction(() => /moves=f5d6c3[a-h][1-8]$/.test(location.hash));
    assert.match(await status(page), /Black to move/);
    // Another level: the next AI move is at that level, the moves are kept.
    await page.selectOption('#player-white', 'ai5');
    assert.match(page.url(), /white=ai5&.*moves=f5d6c3[a-h][1-8]$/);
    const legal = await legalCells(page);
    const before = new URL(page.url()).hash;
    const seen = await page.evaluate((sq) => {
      /** @type {HTMLElement} */ (document.querySelector(`[data-cell="${sq}"]`)).click();
      return /** @type {Element} */ (document.querySelector('[role="status"]')).textContent;
    }, legal[0]);
    assert.match(seen ?? '', /White \(AI, Club player\) is thinking/);
    // Back to a human while the AI thinks: its move is dropped, the human plays.
    await page.selectOption('#player-white', 'human');
    assert.match(await status(page), /White to move/);
    assert.ok((await legalCells(page)).length > 0);
    await page.waitForTimeout(600);
    assert.equal(new URL(page.url()).hash, before.replace('white=ai5', 'white=human') + legal[0]);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
