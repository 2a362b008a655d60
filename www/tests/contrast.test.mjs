// The board in every theme (light, dark, high contrast, colour-blind safe, and the system's
// forced colours): the legal-move marks have a contrast of at least 3:1 against the felt, the
// black and white discs against each other, the last move's square against its disc:
// computed from styles.css's custom properties (Node), and measured on the canvas in Chromium.
// The theme is remembered. And the keyboard shortcuts, listed in the page, do what they say.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, closePage, openGame, setUp } from './helpers.mjs';

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

/**
 * The board's custom properties of each theme in styles.css (the `:root` block's, then the
 * theme's own block's over them).
 */
function themeColours() {
  const css = readFileSync(join(ROOT, 'styles.css'), 'utf8');
  /** @param {string} block */
  const props = (block) => Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  const root = props(/** @type {RegExpMatchArray} */ (css.match(/^:root \{([^}]*)\}/m))[1]);
  /** @type {Record<string, Record<string, string>>} */
  const themes = { light: root };
  for (const theme of ['dark', 'contrast', 'colorblind']) {
    const block = css.match(new RegExp(`^:root\\[data-theme="${theme}"\\] \\{([^}]*)\\}`, 'm'));
    assert.ok(block, theme);
    themes[theme] = { ...root, ...props(block[1]) };
  }
  return themes;
}

test('in every theme, the marks against every shade of the felt, and the discs: 3:1 or more', () => {
  assert.ok(contrast([0, 0, 0], [255, 255, 255]) > 20, 'the formula');
  const themes = themeColours();
  assert.deepEqual(Object.keys(themes), ['light', 'dark', 'contrast', 'colorblind']);
  for (const [theme, p] of Object.entries(themes)) {
    for (const mark of [p['--mark-black'], p['--mark-white']]) {
      for (const felt of [p['--board-felt'], p['--board-felt-dark']]) {
        const c = contrast(rgb(mark), rgb(felt));
        assert.ok(c >= 3, `${theme}: ${mark} on ${felt}: ${c.toFixed(2)}:1`);
      }
    }
    const discs = contrast(rgb(p['--disc-black-dark']), rgb(p['--disc-white-dark']));
    assert.ok(discs >= 3, `${theme}: the discs ${discs.toFixed(2)}:1`);
  }
});

/**
 * The canvas's colours at points of cells: [square, x, y] with x and y in the cell (0..1).
 * @param {Page} page
 * @param {[string, number, number][]} points
 * @returns {Promise<number[][]>}
 */
function pixels(page, points) {
  return page.evaluate((pts) => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('#board-canvas'));
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d', { willReadFrequently: true }));
    ctx.drawImage(canvas, 0, 0);
    const cell = canvas.width / 8;
    return pts.map(([sq, fx, fy]) => {
      const col = 'abcdefgh'.indexOf(sq[0]);
      const row = Number(sq[1]) - 1;
      return [...ctx.getImageData(Math.floor((col + fx) * cell), Math.floor((row + fy) * cell), 1, 1).data.slice(0, 3)];
    });
  }, points);
}

/**
 * After Black's f5 (White to move, two humans): the contrasts of the board as drawn.
 * @param {Page} page
 */
async function measured(page) {
  const [black, white, felt, mark, last] = await pixels(page, [
    ['e4', 0.5, 0.3], // a black disc
    ['d4', 0.5, 0.3], // a white disc
    ['f4', 0.5, 0.15], // the felt of a cell with a legal mark
    ['f4', 0.5, 0.5], // the mark
    ['f5', 0.5, 0.5], // the last move's square, on a black disc
  ]);
  return {
    discs: contrast(black, white),
    markOnFelt: contrast(mark, felt),
    lastOnDisc: contrast(last, black),
    blackOnFelt: contrast(black, felt),
    whiteOnFelt: contrast(white, felt),
    colours: { black, white, felt, mark, last },
  };
}

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

  for (const theme of ['light', 'dark', 'contrast', 'colorblind']) {
    test(`the ${theme} theme, chosen: discs, marks and the last move told apart (3:1), remembered`, async (t) => {
      const { page, problems } = await env.newPage();
      t.after(() => closePage(page));
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openGame(page, env.base, '#black=human&white=human&moves=f5');
      await page.selectOption('#theme', theme);
      await page.waitForTimeout(100);
      assert.equal(await page.getAttribute('html', 'data-theme'), theme);
      const m = await measured(page);
      const why = `${theme}: ${JSON.stringify(m)}`;
      assert.ok(m.discs >= 3, why);
      assert.ok(m.markOnFelt >= 3, why);
      assert.ok(m.lastOnDisc >= 3, why);
      // The white discs stand out from the felt (the black ones have the white's contrast).
      assert.ok(m.whiteOnFelt >= 2, why);
      // Reloaded, the theme stays, and so do the colours.
      await openGame(page, env.base, '#black=human&white=human&moves=f5');
      assert.equal(await page.getAttribute('html', 'data-theme'), theme);
      assert.equal(await page.inputValue('#theme'), theme);
      await page.waitForTimeout(100);
      assert.deepEqual((await measured(page)).colours, m.colours);
      assert.deepEqual(problems, []);
    });
  }

  test('the themes differ on the canvas (the colours come from the CSS)', async (t) => {
    const { page, problems } = await env.newPage();
    t.after(() => closePage(page));
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
    await openGame(page, env.base, '#black=human&white=human&moves=f5');
    /** @type {Record<string, string>} */
    const felts = {};
    for (const theme of ['system', 'contrast', 'colorblind']) {
      await page.selectOption('#theme', theme);
      await page.waitForTimeout(100);
      felts[theme] = JSON.stringify((await measured(page)).colours.felt);
    }
    assert.equal(new Set(Object.values(felts)).size, 3, JSON.stringify(felts));
    assert.deepEqual(problems, []);
  });

  test('forced colours: discs, marks and the score cards told apart', async (t) => {
    const { page, problems } = await env.newPage();
    t.after(() => closePage(page));
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
    await openGame(page, env.base, '#black=human&white=human&moves=f5');
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), true);
    const m = await measured(page);
    const why = JSON.stringify(m);
    assert.ok(m.discs >= 3, why);
    assert.ok(m.markOnFelt >= 3, why);
    assert.ok(m.lastOnDisc >= 3, why);
    assert.ok(m.blackOnFelt >= 3 || m.whiteOnFelt >= 3, why);
    // The score cards' discs: one filled with the text colour, one with the background.
    const cards = await page.$$eval('.score .disc', (els) => els.map((e) => getComputedStyle(e).backgroundColor));
    assert.equal(cards.length, 2);
    assert.notEqual(cards[0], cards[1], JSON.stringify(cards));
    // Whatever theme is chosen, the system's colours rule the board.
    for (const theme of ['colorblind', 'contrast', 'dark']) {
      await page.selectOption('#theme', theme);
      await page.waitForTimeout(100);
      assert.deepEqual((await measured(page)).colours, m.colours, theme);
    }
    assert.deepEqual(problems, []);
  });

  test('a frame timed before the move (a late frame under load) draws the flip from its start', async () => {
    const { page, problems } = await env.newPage();
    // Every frame's time a second early, as a frame that began before the move was set.
    await page.addInitScript(() => {
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (cb) => raf((time) => cb(time - 1000));
    });
    await openGame(page, env.base, '#black=human&white=human');
    await page.click('[data-cell="f5"]');
    await page.waitForTimeout(200);
    await page.click('[data-cell="f6"]');
    await page.waitForTimeout(1500);
    const [black] = await pixels(page, [['f5', 0.5, 0.3]]);
    assert.ok(contrast(black, [255, 255, 255]) > 3, `f5 is drawn black: ${black}`);
    assert.deepEqual(problems, []);
    await page.close();
  });

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
