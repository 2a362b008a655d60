// The legal-move marks have a contrast of at least 3:1 against the board: computed from the
// colours (Node), and measured on the canvas in Chromium in the light and the dark theme.
// And the keyboard shortcuts, listed in the page, do what they say.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FELT, LEGAL_MARKS } from '../board-canvas.js';
import { openGame, setUp } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

/**
 * The relative luminance of an sRGB colour (WCAG 2).
 * @param {number[]} rgb  0..255
 */
function luminance(rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * @param {number[]} a
 * @param {number[]} b
 */
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** @param {string} hex  `#rrggbb` */
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

test('the marks against every shade of the felt: 3:1 or more', () => {
  assert.ok(contrast([0, 0, 0], [255, 255, 255]) > 20, 'the formula');
  for (const mark of Object.values(LEGAL_MARKS)) {
    for (const felt of FELT) {
      const c = contrast(rgb(mark), rgb(felt));
      assert.ok(c >= 3, `${mark} on ${felt}: ${c.toFixed(2)}:1`);
    }
  }
});

/**
 * The canvas's colour at the centre of `square` and at a point of the felt in the same cell.
 * @param {Page} page
 * @param {string} square
 */
function sample(page, square) {
  return page.evaluate((sq) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('#board-canvas'));
    // A copy to read from (reading the page's own canvas twice makes Chromium warn).
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d', { willReadFrequently: true }));
    ctx.drawImage(canvas, 0, 0);
    const cell = canvas.width / 8;
    const col = 'abcdefgh'.indexOf(sq[0]);
    const row = Number(sq[1]) - 1;
    const at = (/** @type {number} */ fx, /** @type {number} */ fy) =>
      [...ctx.getImageData(Math.floor((col + fx) * cell), Math.floor((row + fy) * cell), 1, 1).data.slice(0, 3)];
    return { mark: at(0.5, 0.5), felt: at(0.5, 0.2) };
  }, square);
}

describe('the legal marks on the canvas', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    test(`${colorScheme} theme: 3:1 or more for both colours to move`, async () => {
      const { page, problems } = await env.newPage();
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await openGame(page, env.base, '#black=human&white=human');
      await page.waitForTimeout(100);
      // Black to move (f5 is legal), then White (f4 is legal after f5).
      for (const square of ['f5', 'f4']) {
        const { mark, felt } = await sample(page, square);
        const c = contrast(mark, felt);
        assert.ok(c >= 3, `${colorScheme}, ${square}: ${mark} on ${felt}: ${c.toFixed(2)}:1`);
        if (square === 'f5') {
          await page.click('[data-cell="f5"]');
          await page.mouse.move(0, 0);
          await page.waitForTimeout(100);
        }
      }
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test('keyboard shortcuts: listed in the page; undo, redo, review, scores, hint', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3');
    const listed = /** @type {string} */ (await page.textContent('#shortcuts'));
    for (const what of ['Undo', 'Redo', 'Hint', 'Review the game', 'Previous and next position', 'Back to the game']) {
      assert.ok(listed.includes(what), `${what} is listed`);
    }
    await page.focus('[data-cell="a1"]');
    await page.keyboard.press('u');
    assert.match(page.url(), /moves=f5d6$/);
    await page.keyboard.press('r');
    assert.match(page.url(), /moves=f5d6c3$/);
    await page.keyboard.press('[');
    assert.match(/** @type {string} */ (await page.textContent('[role="status"]')), /Reviewing: after move 2 of 3/);
    await page.keyboard.press(']');
    assert.doesNotMatch(/** @type {string} */ (await page.textContent('[role="status"]')), /Reviewing/);
    await page.keyboard.press('[');
    await page.keyboard.press('Escape');
    assert.doesNotMatch(/** @type {string} */ (await page.textContent('[role="status"]')), /Reviewing/);
    await page.keyboard.press('s');
    assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'true');
    await page.keyboard.press('s');
    assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'false');
    await page.keyboard.press('h');
    await page.waitForSelector('[data-cell][aria-label*="suggested move"]');
    await page.keyboard.press('v');
    await page.waitForFunction(() => /discs lost/.test(document.querySelector('#review-summary')?.textContent ?? ''));
    // Not while typing in a field.
    await page.getByLabel('Transcript', { exact: true }).fill('');
    await page.getByLabel('Transcript', { exact: true }).press('u');
    assert.match(page.url(), /moves=f5d6c3$/);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
