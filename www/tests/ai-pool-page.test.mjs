// End-to-end tests of the pool of AI workers in headless Chromium: with 4 cores the top level
// searches with 4 workers (www/ai-pool.js, the engine's SplitPlan), with fewer cores with one,
// and the game goes on the same way.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { counts, openGame, setUp } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;

/**
 * Opens a game where level 10 plays Black on a device with `cores` logical processors, waits
 * for its first move, and returns the page's pool size and the workers it started.
 * @param {number} cores
 */
async function firstMove(cores) {
  const { page, problems } = await env.newPage();
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  }, cores);
  /** @type {string[]} */
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openGame(page, env.base, '#black=ai10&white=human');
  await page.waitForFunction(() => document.querySelector('[data-legal="true"]') !== null, null, {
    timeout: 30000,
  });
  const pool = await page.evaluate(() => document.documentElement.dataset.aiPool);
  const discs = await counts(page);
  await page.close();
  return { pool, workers: workers.filter((u) => u.endsWith('ai-worker.js')).length, discs, problems };
}

describe('the pool of AI workers', () => {
  before(async () => {
    env = await setUp();
  });
  after(async () => {
    await env.close();
  });

  test('with 4 cores, the top level moves with 4 workers', async () => {
    const r = await firstMove(4);
    assert.equal(r.pool, '4');
    assert.equal(r.workers, 4);
    assert.deepEqual(r.discs, { black: 4, white: 1 });
    assert.deepEqual(r.problems, []);
  });

  test('with 2 cores, one worker', async () => {
    const r = await firstMove(2);
    assert.equal(r.pool, '1');
    assert.equal(r.workers, 1);
    assert.deepEqual(r.discs, { black: 4, white: 1 });
    assert.deepEqual(r.problems, []);
  });
});
