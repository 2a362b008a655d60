// Screenshots of the analysis page at desktop and phone sizes (www/tests/artifacts/, copied to
// docs/screenshots/ by hand), with checks that the phone layout fits: no sideways scrolling,
// the board and the new controls within the screen.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ARTIFACTS, openGame, setUp } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

/**
 * Opens a reviewed game with the scores on, its review done.
 * @param {Page} page
 * @param {string} base
 */
async function analysed(page, base) {
  // A game over (the review runs by itself), then a position of it reviewed with its scores.
  await openGame(page, base, '#black=human&white=human&moves=f5f4f3f6f7e3d3c3b2');
  await page.waitForFunction(() => /White: /.test(document.querySelector('#review-summary')?.textContent ?? '') && !/Reviewing/.test(document.querySelector('#review-summary')?.textContent ?? ''), null, { timeout: 60000 });
  await page.click('#analysis');
  await page.click('#moves [data-ply="6"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-cell][data-score]').length > 0);
  await page.hover('[data-cell][data-score]');
  await page.waitForTimeout(400);
}

describe('screenshots', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await env?.close();
  });

  test('desktop: the analysis, the graph and the review', async () => {
    const { page, problems } = await env.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await analysed(page, env.base);
    assert.equal(await page.isVisible('#graph-panel'), true);
    await page.screenshot({ path: join(ARTIFACTS, 'analysis-desktop.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('phone: it fits the screen', async () => {
    const { page, problems } = await env.newPage();
    // A phone's viewport (the device pixels are another test's: game.test.mjs).
    await page.setViewportSize({ width: 360, height: 740 });
    await analysed(page, env.base);
    const fit = await page.evaluate(() => {
      const right = (/** @type {string} */ sel) => /** @type {Element} */ (document.querySelector(sel)).getBoundingClientRect().right;
      return {
        scroll: /** @type {Element} */ (document.scrollingElement).scrollWidth,
        vw: innerWidth,
        board: right('#board-canvas'),
        graph: right('#eval-graph'),
        transcript: right('#transcript-form'),
        controls: right('.controls'),
      };
    });
    assert.ok(fit.scroll <= fit.vw, `no sideways scrolling: ${fit.scroll} > ${fit.vw}`);
    for (const [what, r] of Object.entries(fit)) assert.ok(r <= fit.vw + 0.5, `${what} within the screen: ${r}`);
    await page.screenshot({ path: join(ARTIFACTS, 'analysis-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });
});
