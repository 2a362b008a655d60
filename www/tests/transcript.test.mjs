// End-to-end tests of transcripts in headless Chromium: copy the transcript and the link, load
// a pasted transcript (passes implied or written), a bad one refused with the game unchanged,
// and a link with an illegal move that keeps the moves before it.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { boardFromDom, openGame, setUp } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

/**
 * Pastes `text` into the Transcript box and loads it.
 * @param {Page} page
 * @param {string} text
 */
async function load(page, text) {
  await page.getByLabel('Transcript', { exact: true }).fill(text);
  await page.click('#transcript-load');
}

describe('transcripts', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test('load a transcript, with passes implied or written; a bad one changes nothing', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5');
    await load(page, 'F5 d6 c3 d3 c4');
    assert.match(page.url(), /moves=f5d6c3d3c4$/);
    assert.match(page.url(), /black=human&white=human/);
    const tiger = await boardFromDom(page);
    // A written pass (Black's, after c1) and an implied one give the same game.
    await load(page, 'd3c3e6d2d1e1b3c1pad6');
    assert.match(page.url(), /moves=d3c3e6d2d1e1b3c1d6$/);
    await load(page, 'd3c3e6d2d1e1b3c1d6');
    assert.match(page.url(), /moves=d3c3e6d2d1e1b3c1d6$/);
    // A bad one: which move is wrong, and the game as it was.
    await load(page, 'f5d6c3d3c4');
    await load(page, 'f5d6a1c3');
    const message = /** @type {string} */ (await page.textContent('#message'));
    assert.match(message, /move 3 'a1': a1 is not a legal move for Black/);
    assert.match(message, /the game is unchanged/);
    assert.match(page.url(), /moves=f5d6c3d3c4$/);
    assert.equal(await boardFromDom(page), tiger);
    await load(page, 'f5 xx');
    assert.match(/** @type {string} */ (await page.textContent('#message')), /move 2 'xx' is not a square/);
    assert.match(page.url(), /moves=f5d6c3d3c4$/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('copy the transcript and the link', async () => {
    const { page, problems } = await env.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.base).origin });
    // Two humans: no AI move can change the link while it is copied and compared.
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3');
    await page.click('#copy-transcript');
    await page.waitForFunction(() => /transcript is copied/.test(document.querySelector('#message')?.textContent ?? ''));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'f5d6c3');
    await page.click('#copy-link');
    await page.waitForFunction(() => /link is copied/.test(document.querySelector('#message')?.textContent ?? ''));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, page.url());
    assert.match(link, /moves=f5d6c3/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a link with an illegal move keeps the legal moves before it and says where it stopped', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3a1c4');
    assert.match(page.url(), /moves=f5d6c3$/);
    const message = /** @type {string} */ (await page.textContent('#message'));
    assert.match(message, /stop at a bad move \(move 4 'a1': a1 is not a legal move for White\)/);
    assert.match(await page.textContent('[role="status"]') ?? '', /White to move/);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
