// The sound: no AudioContext before the player's first gesture, sounds for moves once there is
// one (oscillators started), none when muted; the mute toggle is remembered.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closePage, openGame, setUp } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */
/** @typedef {typeof window & {__audio: {contexts: number, tones: number}}} AudioWindow */

/**
 * Counts the AudioContexts made and the oscillators started (window.__audio).
 * @param {Page} page
 */
async function countAudio(page) {
  await page.addInitScript(() => {
    const w = /** @type {AudioWindow} */ (window);
    w.__audio = { contexts: 0, tones: 0 };
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      /** @param {AudioContextOptions} [options] */
      constructor(options) {
        super(options);
        w.__audio.contexts++;
      }

      /** @override */
      createOscillator() {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (/** @type {number | undefined} */ when) => {
          w.__audio.tones++;
          start(when);
        };
        return osc;
      }
    };
  });
}

/** @param {Page} page */
const audio = (page) => page.evaluate(() => /** @type {AudioWindow} */ (window).__audio);

describe('the sound', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test('silent until the first gesture; then a sound a move; muted, none; remembered', async (t) => {
    const { page, problems } = await env.newPage();
    t.after(() => closePage(page));
    await countAudio(page);
    // Moves played without a gesture (an AI game by its link): no AudioContext.
    await openGame(page, env.base, '#black=ai1&white=ai1');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 3, null, { timeout: 30000 });
    assert.deepEqual(await audio(page), { contexts: 0, tones: 0 });
    await openGame(page, env.base, '#black=human&white=human');
    assert.deepEqual(await audio(page), { contexts: 0, tones: 0 });
    // The first gesture (a click on a move) makes it, and the move sounds.
    await page.click('[data-cell="f5"]');
    await page.waitForFunction(() => /** @type {AudioWindow} */ (window).__audio.tones > 0);
    assert.equal((await audio(page)).contexts, 1);
    // Muted: no more sound, and it is remembered.
    assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
    await page.click('#mute');
    assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
    const before = (await audio(page)).tones;
    await page.click('[data-cell="f6"]');
    await page.waitForTimeout(200);
    assert.equal((await audio(page)).tones, before);
    await openGame(page, env.base, '#black=human&white=human');
    assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
    // Muted from the start: a gesture makes no AudioContext either.
    await page.click('[data-cell="f5"]');
    await page.waitForTimeout(200);
    assert.deepEqual(await audio(page), { contexts: 0, tones: 0 });
    // Sound on again: the click on the toggle is the gesture.
    await page.click('#mute');
    await page.click('[data-cell="f6"]');
    await page.waitForFunction(() => /** @type {AudioWindow} */ (window).__audio.tones > 0);
    assert.deepEqual(problems, []);
  });
});
