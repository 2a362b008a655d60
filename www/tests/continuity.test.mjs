// End-to-end tests that nothing is lost, in headless Chromium: the game in progress resumes
// after a reload without hash, New game can be taken back, a changed player or level applies
// to the game in progress from its next move; AI against AI is paused, stepped, resumed, paced;
// a pass stays announced while the AI plays in between.

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

  test('AI against AI: pause, step, resume, speed', async () => {
    const { page, problems } = await env.newPage();
    const plies = () => page.evaluate(() => /moves=([a-h1-8]*)/.exec(location.hash)?.[1].length ?? 0);
    await openGame(page, env.base, '#black=ai1&white=ai1');
    assert.equal(await page.isVisible('#ai-controls'), true);
    // A brisk pace (400 ms a move), then pause after a few moves.
    await page.fill('#ai-speed', '2600');
    await page.waitForFunction(() => (/moves=([a-h1-8]*)/.exec(location.hash)?.[1].length ?? 0) >= 6);
    await page.click('#ai-pause');
    assert.equal(await page.getAttribute('#ai-pause', 'aria-pressed'), 'true');
    assert.equal(await page.textContent('#ai-pause'), 'Resume');
    const at = await plies();
    await page.waitForTimeout(800);
    assert.equal(await plies(), at, 'paused: no move');
    // One step: one move.
    assert.equal(await page.isEnabled('#ai-step'), true);
    await page.click('#ai-step');
    await page.waitForFunction((n) => (/moves=([a-h1-8]*)/.exec(location.hash)?.[1].length ?? 0) > n, at);
    await page.waitForTimeout(600);
    assert.equal(await plies(), at + 2, 'one move');
    // Slowest pace: a step takes about 3 s.
    await page.fill('#ai-speed', '0');
    const t0 = Date.now();
    await page.click('#ai-step');
    await page.waitForFunction((n) => (/moves=([a-h1-8]*)/.exec(location.hash)?.[1].length ?? 0) > n, at + 2, { timeout: 10000 });
    assert.ok(Date.now() - t0 >= 2500, `a slow step took ${Date.now() - t0} ms`);
    // Resume: the game goes on.
    await page.fill('#ai-speed', '2600');
    await page.click('#ai-pause');
    assert.equal(await page.getAttribute('#ai-pause', 'aria-pressed'), 'false');
    await page.waitForFunction((n) => (/moves=([a-h1-8]*)/.exec(location.hash)?.[1].length ?? 0) >= n + 4, at + 4);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a pass stays announced while the AI plays in between', async () => {
    const { page, problems } = await env.newPage();
    // Black (human) has to pass after c1; White (the AI) moves again.
    await openGame(page, env.base, '#black=human&white=ai1&moves=d3c3e6d2d1e1b3c1');
    assert.match(await status(page), /Black has no legal move and passes\./);
    assert.match(await status(page), /White \(AI, Beginner\) is thinking/);
    await page.waitForSelector('[data-legal="true"]', { timeout: 30000 });
    const text = await status(page);
    assert.match(text, /^Black had no legal move and passed\. White played (b4|d6)\. Black to move\.$/);
    assert.equal(await page.getAttribute('[role="status"]', 'aria-live'), 'polite');
    const legal = await legalCells(page);
    await page.click(`[data-cell="${legal[0]}"]`);
    assert.doesNotMatch(await status(page), /pass/);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
