// End-to-end tests of the evaluation graph and the game review in headless Chromium: after the
// game every move is scored against the best one with the engine's score_moves (run here in
// Node too, with the same depth), exact near the end; mistakes are marked in the move list and
// on the graph; a point of the graph shows its position.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { boardFromDom, openGame, setUp, status, loadPackage } from './helpers.mjs';
import { MISTAKE_DISCS, REVIEW_DEPTH } from '../review.js';

/** @import { Page } from 'playwright-core' */
/** @typedef {typeof import('../pkg/reversi_wasm.js')} Wasm */
/** @typedef {{square: string, score: number, exact: boolean, depth: number}} MoveScore */
/** @typedef {import('../engine.js').Snapshot} Snapshot */

/** @type {Wasm} */
let w;

/**
 * The losses of the moves of `transcript` (from `board`/`side`, or the standard start) as the
 * engine scores them at `depth` (1: solved), by the ply after the move.
 * @param {string} transcript
 * @param {number} depth
 * @param {{board: string, side: string}} [from]
 */
function losses(transcript, depth, from) {
  const g = from ? w.new_game('classic', 'standard', from.board, from.side) : w.new_game('classic', 'standard');
  /** @type {Map<number, number>} */
  const out = new Map();
  for (let i = 0; i < transcript.length; i += 2) {
    const sq = transcript.slice(i, i + 2);
    const s = /** @type {Snapshot} */ (g.state());
    /** @type {MoveScore[]} */
    const list = w.score_moves(s.board, s.side, 'classic', depth, 60000);
    const mine = /** @type {MoveScore} */ (list.find((m) => m.square === sq));
    g.play(sq);
    const after = /** @type {Snapshot} */ (g.state());
    // The ply of the move: the events after it, less a pass that followed it.
    out.set(after.events.length - (after.lastPass ? 1 : 0), Math.max(0, Math.round(list[0].score - mine.score)));
  }
  g.free();
  return out;
}

/**
 * The plies of the move buttons marked as mistakes.
 * @param {Page} page
 */
const marked = (page) => page.$$eval('#moves [data-mistake="true"]', (els) => els.map((e) => Number(/** @type {HTMLElement} */ (e).dataset.ply)));

describe('the evaluation graph and the game review', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    w = await loadPackage();
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test('a finished game is reviewed: the mistakes are the engine\'s, the graph shows positions', async () => {
    const { page, problems } = await env.newPage();
    const moves = 'f5f4f3f6f7e3d3c3b2'; // over: White has no disc left
    await openGame(page, env.base, `#black=human&white=human&moves=${moves}`);
    assert.equal(await page.isVisible('#graph-panel'), true);
    await page.waitForFunction(() => /White: /.test(document.querySelector('#review-summary')?.textContent ?? '') && !/Reviewing/.test(document.querySelector('#review-summary')?.textContent ?? ''), null, { timeout: 60000 });
    const expected = losses(moves, REVIEW_DEPTH);
    const bad = [...expected].filter(([, loss]) => loss >= MISTAKE_DISCS).map(([ply]) => ply).sort((a, b) => a - b);
    assert.deepEqual((await marked(page)).sort((a, b) => a - b), bad);
    assert.ok(bad.length > 0, 'a wipe-out has mistakes');
    const summary = /** @type {string} */ (await page.textContent('#review-summary'));
    for (const [player, parity] of /** @type {const} */ ([['Black', 1], ['White', 0]])) {
      const mine = [...expected].filter(([ply]) => ply % 2 === parity);
      const count = mine.filter(([, l]) => l >= MISTAKE_DISCS).length;
      const lost = mine.reduce((a, [, l]) => a + l, 0);
      assert.match(summary, new RegExp(`${player}: ${count} mistakes?, ${lost} discs lost to best play\\.`));
    }
    // The graph: a point for each position, the start and after each move (the last one from
    // the score of the move to it); the mistakes marked; a click shows the position.
    const points = await page.$$eval('#eval-graph [data-ply]', (els) => els.map((e) => Number(/** @type {SVGElement} */ (e).dataset.ply)));
    assert.deepEqual(points, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const graphBad = await page.$$eval('#eval-graph [data-mistake="true"]', (els) => els.map((e) => Number(/** @type {SVGElement} */ (e).dataset.ply)));
    assert.deepEqual(graphBad.sort((a, b) => a - b), bad);
    await page.click('#eval-graph [data-ply="3"]');
    const g = w.new_game('classic', 'standard');
    g.play_transcript(moves.slice(0, 6));
    assert.equal(await boardFromDom(page), g.board());
    g.free();
    assert.match(await status(page), /Reviewing: after move 3 of 9/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('exact near the end: an endgame between AIs, every move solved', async () => {
    const { page, problems } = await env.newPage();
    // A position with 12 empties (a seeded walk of legal moves), played out by the AI.
    let x = 11;
    const g = w.new_game('classic', 'standard');
    for (;;) {
      const s = /** @type {Snapshot} */ (g.state());
      assert.ok(!s.over);
      if (s.board.split('-').length - 1 === 12) break;
      x = (x * 1103515245 + 12345) % 2 ** 31;
      g.play(s.legal[x % s.legal.length]);
    }
    const from = { board: g.board(), side: g.side() };
    g.free();
    await openGame(page, env.base, `#black=ai1&white=ai1&board=${from.board}&side=${from.side}`);
    await page.fill('#ai-speed', '3000');
    await page.waitForFunction(() => /Game over/.test(document.querySelector('[role="status"]')?.textContent ?? ''), null, { timeout: 60000 });
    await page.waitForFunction(() => /discs lost/.test(document.querySelector('#review-summary')?.textContent ?? '') && !/Reviewing/.test(document.querySelector('#review-summary')?.textContent ?? ''), null, { timeout: 60000 });
    const transcript = /** @type {string} */ (/moves=([a-h1-8]*)/.exec(page.url())?.[1]);
    const expected = losses(transcript, 1, from);
    const bad = [...expected].filter(([, loss]) => loss >= MISTAKE_DISCS).map(([ply]) => ply);
    const points = await page.$$eval('#eval-graph [data-ply]', (els) => els.map((e) => /** @type {SVGElement} */ (e).dataset.exact));
    assert.ok(points.length >= 6);
    assert.ok(points.every((e) => e === 'true'), 'every point exact');
    assert.deepEqual((await marked(page)).sort((a, b) => a - b), bad.sort((a, b) => a - b));
    // A solved position of the review is said, the scores toggle off: the result with best play.
    assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'false');
    await page.click('#eval-graph [data-ply="2"]');
    const value = Number(await page.getAttribute('#eval-graph [data-ply="2"]', 'data-score'));
    const said = value === 0 ? 'A draw with best play.' : `${value > 0 ? 'Black' : 'White'} wins by ${Math.abs(value)} with best play.`;
    assert.equal(await page.textContent('#analysis-solved'), said);
    assert.equal(await page.getAttribute('#analysis-solved', 'aria-live'), 'polite');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
