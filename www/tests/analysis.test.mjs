// End-to-end tests of the analysis in headless Chromium: the scores on the cells are the
// engine's (score_moves of the wasm package, run here in Node too), exact ones the solver's;
// the flip preview marks the discs the engine says a move turns.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { legalCells, openGame, setUp, loadPackage } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */
/** @typedef {typeof import('../pkg/reversi_wasm.js')} Wasm */
/** @typedef {{square: string, score: number, exact: boolean, depth: number}} MoveScore */

/** @type {Wasm} */
let w;

/**
 * The cells' scores and the analysis line, read in one go.
 * @param {Page} page
 */
async function shownScores(page) {
  return page.evaluate(() => {
    /** @type {Record<string, {score: string, exact: boolean, text: string}>} */
    const cells = {};
    for (const el of document.querySelectorAll('[data-cell][data-score]')) {
      const e = /** @type {HTMLElement} */ (el);
      cells[/** @type {string} */ (e.dataset.cell)] = {
        score: /** @type {string} */ (e.dataset.score),
        exact: e.dataset.exact === 'true',
        text: e.textContent ?? '',
      };
    }
    return { cells, note: /** @type {Element} */ (document.querySelector('#analysis-note')).textContent ?? '' };
  });
}

/** @param {number} n */
const signed = (n) => (Math.round(n) > 0 ? `+${Math.round(n)}` : String(Math.round(n) || 0));

/**
 * A position with `empties` empties reached by a seeded walk of legal moves (classic).
 * @param {number} empties
 * @param {number} seed
 * @returns {{board: string, side: string}}
 */
function endgame(empties, seed) {
  let x = seed;
  const g = w.new_game('classic', 'standard');
  for (;;) {
    const s = /** @type {import('../engine.js').Snapshot} */ (g.state());
    if (s.over) {
      g.free();
      return endgame(empties, seed + 1);
    }
    if (s.board.split('-').length - 1 === empties) {
      g.free();
      return { board: s.board, side: s.side };
    }
    x = (x * 1103515245 + 12345) % 2 ** 31;
    g.play(s.legal[x % s.legal.length]);
  }
}

describe('the analysis', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    w = await loadPackage();
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test("the scores on the cells are the engine's, deepening", async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3');
    assert.deepEqual(await shownScores(page), { cells: {}, note: '' });
    await page.click('#analysis');
    assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'true');
    await page.waitForFunction(() => /looking [3-9]|looking 1\d/.test(document.querySelector('#analysis-note')?.textContent ?? ''));
    const seen = await shownScores(page);
    const depth = Number(/looking (\d+)/.exec(seen.note)?.[1]);
    const board = await page.evaluate(() => location.hash);
    assert.match(board, /moves=f5d6c3$/);
    const g = w.new_game('classic', 'standard');
    g.play_transcript('f5d6c3');
    /** @type {MoveScore[]} */
    const engine = w.score_moves(g.board(), g.side(), 'classic', depth, 60000);
    assert.deepEqual(Object.keys(seen.cells).sort(), g.legal_moves().sort());
    assert.deepEqual((await legalCells(page)).sort(), g.legal_moves().sort());
    for (const m of engine) {
      assert.equal(seen.cells[m.square].score, signed(m.score), `${m.square} at depth ${depth}`);
      assert.equal(seen.cells[m.square].text, signed(m.score));
      assert.equal(seen.cells[m.square].exact, false);
    }
    g.free();
    // Off: no scores.
    await page.click('#analysis');
    assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'false');
    assert.deepEqual(await shownScores(page), { cells: {}, note: '' });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("exact scores of a small endgame are the solver's, and the result is said", async () => {
    const { page, problems } = await env.newPage();
    const { board, side } = endgame(9, 3);
    await openGame(page, env.base, `#black=human&white=human&board=${board}&side=${side}`);
    await page.click('#analysis');
    await page.waitForFunction(() => /with best play/.test(document.querySelector('#analysis-note')?.textContent ?? ''));
    const seen = await shownScores(page);
    /** @type {MoveScore[]} */
    const engine = w.score_moves(board, side, 'classic', 1, 60000);
    assert.ok(engine.length > 0 && engine.every((m) => m.exact));
    assert.equal(Object.keys(seen.cells).length, engine.length);
    for (const m of engine) {
      assert.deepEqual(seen.cells[m.square], { score: signed(m.score), exact: true, text: signed(m.score) });
    }
    const best = Math.round(engine[0].score);
    const mover = side === 'X' ? 'Black' : 'White';
    const other = side === 'X' ? 'White' : 'Black';
    const said = best === 0 ? 'A draw with best play.' : `${best > 0 ? mover : other} wins by ${Math.abs(best)} with best play.`;
    assert.equal(seen.note, said);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('flip preview: hovering or focusing a legal move marks the discs it turns', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3d3c4');
    const flipped = () => page.$$eval('[data-flip="true"]', (els) => els.map((e) => /** @type {HTMLElement} */ (e).dataset.cell).sort());
    assert.deepEqual(await flipped(), []);
    const g = w.new_game('classic', 'standard');
    g.play_transcript('f5d6c3d3c4');
    const legal = g.legal_moves();
    for (const sq of legal.slice(0, 3)) {
      await page.hover(`[data-cell="${sq}"]`);
      assert.deepEqual(await flipped(), g.flips(sq).sort(), `hovering ${sq}`);
    }
    // Not a legal move: nothing.
    await page.hover('[data-cell="a1"]');
    assert.deepEqual(await flipped(), []);
    // Focus (the keyboard) too.
    await page.mouse.move(0, 0);
    await page.focus(`[data-cell="${legal[0]}"]`);
    assert.deepEqual(await flipped(), g.flips(legal[0]).sort());
    assert.ok((await flipped()).length > 0);
    g.free();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
