// End-to-end tests of the page in headless Chromium (playwright-core, Debian's chromium).
// Expected positions were worked out by hand from the rules (docs/rules.md), and the game with
// a forced pass was found offline with the engine and checked by hand.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ARTIFACTS, boardFromDom, counts, legalCells, openGame, setUp, status, waitForHumanOrEnd } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

/** After White's c1 (move 8) Black has no legal move and passes; White then has b4 and d6. */
const PASS_GAME = ['d3', 'c3', 'e6', 'd2', 'd1', 'e1', 'b3', 'c1'];
/** Over after 9 moves: White has no disc left, 13 black discs. */
const WIPEOUT = ['f5', 'f4', 'f3', 'f6', 'f7', 'e3', 'd3', 'c3', 'b2'];

/**
 * A board string a1..h8 with `black` and `white` discs on the named squares.
 * @param {string[]} black
 * @param {string[]} white
 */
function boardWith(black, white) {
  const cells = Array(64).fill('-');
  const idx = (/** @type {string} */ sq) => (Number(sq[1]) - 1) * 8 + 'abcdefgh'.indexOf(sq[0]);
  for (const sq of black) cells[idx(sq)] = 'X';
  for (const sq of white) cells[idx(sq)] = 'O';
  return cells.join('');
}

const START = boardWith(['d5', 'e4'], ['d4', 'e5']);

/**
 * Clicks `square` after checking the page offers it as a legal move.
 * @param {Page} page
 * @param {string} square
 */
async function playCell(page, square) {
  const legal = await legalCells(page);
  assert.ok(legal.includes(square), `${square} should be legal, legal: ${legal}`);
  await page.click(`[data-cell="${square}"]`);
}

/**
 * Clicks `square` and reads the legal cells and the status in the same task, before any reply
 * of the AI can arrive (the page's answer to a click is synchronous).
 * @param {Page} page
 * @param {string} square
 */
async function clickAndRead(page, square) {
  return page.evaluate((sq) => {
    /** @type {HTMLElement} */ (document.querySelector(`[data-cell="${sq}"]`)).click();
    return {
      legal: [...document.querySelectorAll('[data-cell][data-legal="true"]')].map(
        (e) => /** @type {HTMLElement} */ (e).dataset.cell,
      ),
      status: /** @type {Element} */ (document.querySelector('[role="status"]')).textContent,
    };
  }, square);
}

/**
 * How many AI workers the page has started (a new one only after a failing or crashed one).
 * @param {Page} page
 */
async function workerStarts(page) {
  return Number(await page.getAttribute('html', 'data-ai-workers'));
}

/**
 * The result announced in `text`, or null.
 * @param {string} text
 * @returns {{winner: 'black' | 'white' | null, black: number, white: number, own?: number,
 *   other?: number} | null}
 */
function parseResult(text) {
  const m = /Game over: (Black|White) wins, (\d+) discs to (\d+) \(Black (\d+), White (\d+)\)/.exec(text);
  const d = /Game over: a draw, (\d+)–(\d+)/.exec(text);
  if (m) {
    const winner = /** @type {'black' | 'white'} */ (m[1].toLowerCase());
    return { winner, black: Number(m[4]), white: Number(m[5]), own: Number(m[2]), other: Number(m[3]) };
  }
  if (d) return { winner: null, black: Number(d[1]), white: Number(d[2]) };
  return null;
}

describe('the Reversi page', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp();
  });
  after(async () => {
    await env?.close();
  });

  test('a full game against the AI, played through the cells to the end', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=ai1');
    assert.deepEqual((await legalCells(page)).sort(), ['c4', 'd3', 'e6', 'f5']);
    assert.equal(await boardFromDom(page), START);
    let humanMoves = 0;
    while (!(await waitForHumanOrEnd(page))) {
      if (humanMoves === 12) {
        await page.waitForTimeout(500); // let the flips of the AI's move finish
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: join(ARTIFACTS, 'midgame.png') });
      }
      const legal = await legalCells(page);
      const text = await status(page);
      assert.match(text, /Black to move/);
      if (humanMoves > 0) {
        // The last move is announced, and it is the cell marked as the last move: the AI's,
        // or the human's own when the AI then had to pass.
        const passed = /White has no legal move and passes/.test(text);
        const m = (passed ? /Black played ([a-h][1-8])\./ : /White played ([a-h][1-8])\./).exec(text);
        assert.ok(m, `the last move announced in: ${text}`);
        const label = /** @type {string} */ (await page.getAttribute(`[data-cell="${m[1]}"]`, 'aria-label'));
        assert.match(label, /last move/);
      }
      if (humanMoves === 0) {
        // The AI is thinking: the human may not move meanwhile.
        const seen = await clickAndRead(page, legal[0]);
        assert.deepEqual(seen.legal, []);
        assert.match(seen.status, /White \(AI, Beginner\) is thinking/);
      } else {
        await page.click(`[data-cell="${legal[0]}"]`);
      }
      humanMoves++;
    }
    assert.ok(humanMoves >= 5, `only ${humanMoves} moves`);
    const text = await status(page);
    const result = parseResult(text);
    assert.ok(result, `a result in: ${text}`);
    const dom = await counts(page);
    assert.equal(result.black, dom.black);
    assert.equal(result.white, dom.white);
    if (dom.black === dom.white) assert.equal(result.winner, null);
    else assert.equal(result.winner, dom.black > dom.white ? 'black' : 'white');
    assert.deepEqual(await legalCells(page), []);

    // The URL of the finished game restores it.
    const finalBoard = await boardFromDom(page);
    await openGame(page, env.base, new URL(page.url()).hash);
    assert.equal(await boardFromDom(page), finalBoard);
    assert.equal(await status(page), text);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the canvas is sharp (device pixels) and the board fits a phone screen', async () => {
    const { page, problems } = await env.newPage();
    // A phone: 360 CSS pixels wide, 3 device pixels per CSS pixel.
    const cdp = await page.context().newCDPSession(page);
    const phone = { width: 360, height: 740, deviceScaleFactor: 3, mobile: true };
    await cdp.send('Emulation.setDeviceMetricsOverride', phone);
    await openGame(page, env.base, '#black=human&white=human');
    const geometry = () =>
      page.evaluate(() => {
        const c = /** @type {HTMLCanvasElement} */ (document.querySelector('#board-canvas'));
        const r = c.getBoundingClientRect();
        const cell = /** @type {Element} */ (document.querySelector('[data-cell="h8"]')).getBoundingClientRect();
        return { pixels: c.width, css: r.width, right: r.right, dpr: devicePixelRatio, cellRight: cell.right, vw: innerWidth };
      });
    let g = await geometry();
    assert.ok(g.right <= g.vw, `board ${g.right} within ${g.vw}`);
    assert.ok(Math.abs(g.cellRight - g.right) < 1, 'the cells cover the canvas');
    assert.equal(g.dpr, 3);
    assert.equal(g.pixels, Math.round(g.css * 3));
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
    await page.waitForFunction(() => {
      const c = /** @type {HTMLCanvasElement} */ (document.querySelector('#board-canvas'));
      return c.width === Math.round(c.getBoundingClientRect().width * devicePixelRatio);
    });
    g = await geometry();
    assert.ok(g.css > 400, `board ${g.css} px wide on a desktop`);
    assert.equal(g.pixels, Math.round(g.css));
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the canvas shows what the cells say (reduced motion: no flip animation)', async () => {
    const { page, problems } = await env.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3d3c4f4');
    // Play a move and read the canvas two frames later: with reduced motion the flipped discs
    // are drawn in their new colour at once.
    const before = await boardFromDom(page);
    await playCell(page, 'e3');
    assert.notEqual(await boardFromDom(page), before);
    const seen = await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const c = /** @type {HTMLCanvasElement} */ (document.querySelector('#board-canvas'));
              const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
              const cell = c.width / 8;
              const img = ctx.getImageData(0, 0, c.width, c.height).data; // one read-back
              let s = '';
              for (let i = 0; i < 64; i++) {
                // Off the centre, away from the last-move and legal-move dots.
                const x = Math.floor(((i % 8) + 0.7) * cell);
                const y = Math.floor((Math.floor(i / 8) + 0.7) * cell);
                const [r, g, b] = img.slice((y * c.width + x) * 4, (y * c.width + x) * 4 + 3);
                const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
                s += lum < 60 ? 'X' : lum > 190 ? 'O' : g > r + 30 ? '-' : '?';
              }
              resolve(s);
            }),
          ),
        ),
    );
    assert.equal(seen, await boardFromDom(page));
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a forced pass is announced until the player who passed moves again', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human');
    for (const sq of PASS_GAME) {
      assert.doesNotMatch(await status(page), /passes/);
      await playCell(page, sq);
    }
    const text = await status(page);
    assert.match(text, /Black has no legal move and passes\./);
    assert.match(text, /White to move/);
    assert.deepEqual((await legalCells(page)).sort(), ['b4', 'd6']);
    assert.equal(
      await boardFromDom(page),
      boardWith(['b3', 'c3', 'd3', 'd4', 'e4', 'd5', 'e5', 'e6'], ['c1', 'd1', 'e1', 'd2']),
    );
    await playCell(page, 'd6');
    // White moved; Black has not moved since the pass: it stays said.
    assert.equal(await status(page), 'Black had no legal move and passed. White played d6. Black to move.');
    assert.match(page.url(), /moves=d3c3e6d2d1e1b3c1d6$/);
    await playCell(page, 'c4');
    assert.doesNotMatch(await status(page), /pass/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('inverse: the announced winner has fewer discs', async () => {
    const { page, problems } = await env.newPage();
    // A quick wipe-out: Black ends with 13 discs, White with none, so White wins.
    await openGame(page, env.base, '#rules=inverse&black=human&white=human');
    for (const sq of WIPEOUT) await playCell(page, sq);
    let text = await status(page);
    assert.match(text, /Game over: White wins, 0 discs to 13/);
    assert.match(text, /fewer discs win/);
    assert.deepEqual(await counts(page), { black: 13, white: 0 });

    // A whole game, always the first legal move.
    await page.click('#new-game button[type="submit"]'); // same settings: inverse, two humans
    assert.equal(await boardFromDom(page), START);
    while (!(await waitForHumanOrEnd(page))) {
      await page.click(`[data-cell="${(await legalCells(page))[0]}"]`);
    }
    text = await status(page);
    const result = parseResult(text);
    assert.ok(result, text);
    const dom = await counts(page);
    assert.equal(result.black, dom.black);
    assert.equal(result.white, dom.white);
    if (result.winner) {
      const loser = result.winner === 'black' ? 'white' : 'black';
      assert.ok(dom[result.winner] < dom[loser], `${text} with ${JSON.stringify(dom)}`);
    } else {
      assert.equal(dom.black, dom.white);
    }
    assert.match(text, /fewer discs win/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('undo and redo whole turns against the AI; stale AI replies are ignored', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=ai1');
    await playCell(page, 'f5');
    await waitForHumanOrEnd(page);
    const afterTurn = await boardFromDom(page);
    const hash = new URL(page.url()).hash;
    assert.match(hash, /moves=f5[a-h][1-8]$/);
    assert.notEqual(afterTurn, START);

    await page.click('#undo');
    assert.equal(await boardFromDom(page), START);
    assert.match(page.url(), /moves=$/);
    assert.match(await status(page), /Black to move/);
    await page.click('#redo');
    assert.equal(await boardFromDom(page), afterTurn);
    assert.equal(new URL(page.url()).hash, hash);
    assert.ok(await page.isDisabled('#redo'));

    // Undo while the AI thinks: its reply is never played (a search still running finishes
    // and its stale reply is ignored): after d3 the only AI move in the record is its answer
    // to d3.
    await page.click('#undo');
    assert.match((await clickAndRead(page, 'f5')).status, /is thinking/);
    await page.click('#undo');
    assert.equal(await boardFromDom(page), START);
    assert.match(await status(page), /^Black to move/);
    assert.deepEqual((await legalCells(page)).sort(), ['c4', 'd3', 'e6', 'f5']);
    await playCell(page, 'd3');
    assert.equal(await waitForHumanOrEnd(page), false);
    assert.match(page.url(), /moves=d3(c3|c5|e3)$/);
    assert.ok(!(await page.isVisible('#message')), 'no message about a refused AI move');

    // A reply that arrives after the game changed is ignored: the strongest level thinks long
    // enough to undo and play d3 meanwhile. Its reply to f5 (d6, f4 or f6) would be illegal
    // after d3, where White has c3, c5 and e3.
    await openGame(page, env.base, '#black=human&white=ai10');
    assert.match((await clickAndRead(page, 'f5')).status, /is thinking/);
    await page.click('#undo');
    await playCell(page, 'd3');
    assert.equal(await waitForHumanOrEnd(page), false);
    assert.match(page.url(), /moves=d3(c3|c5|e3)$/);
    assert.ok(!(await page.isVisible('#message')), 'no message about a refused AI move');

    // Between two humans, undo takes back one move.
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6c3');
    await page.click('#undo');
    assert.match(page.url(), /moves=f5d6$/);
    assert.equal(await boardFromDom(page), boardWith(['e4', 'e5', 'f5'], ['d4', 'd5', 'd6']));
    await page.click('#redo');
    assert.match(page.url(), /moves=f5d6c3$/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a shared URL hash restores the position', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#moves=f5d6c3&white=human&rules=classic');
    // f5 flips e5; d6 flips d5; c3 flips d4 (worked out by hand).
    assert.equal(await boardFromDom(page), boardWith(['c3', 'd4', 'e4', 'e5', 'f5'], ['d5', 'd6']));
    assert.match(await status(page), /White to move/);
    assert.equal(
      new URL(page.url()).hash,
      '#rules=classic&black=human&white=human&start=standard&moves=f5d6c3',
    );
    assert.equal(await page.textContent('#score-black .count'), '5');
    assert.equal(await page.textContent('#score-white .count'), '2');

    // Changing the hash in place loads the new game.
    await page.evaluate(() => {
      location.hash = '#black=human&white=human&start=alternative';
    });
    await page.waitForFunction(() => location.hash.includes('moves='));
    assert.equal(await boardFromDom(page), boardWith(['d5', 'e5'], ['d4', 'e4']));
    assert.equal(await page.inputValue('#player-white'), 'human');
    assert.ok(await page.isChecked('input[name="start"][value="alternative"]'));
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a bad hash gives a message and a playable game', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#rules=chess&colour=red&black=human&white=human&moves=f5zz');
    const message = /** @type {string} */ (await page.textContent('#message'));
    assert.ok(await page.isVisible('#message'));
    assert.match(message, /unknown game 'chess'/);
    assert.match(message, /unknown setting 'colour'/);
    assert.match(message, /move 2 'zz'/);
    // The legal moves before the bad one are kept: f5, then White to move.
    assert.match(message, /the moves before it are played/);
    assert.match(page.url(), /moves=f5$/);
    assert.deepEqual((await legalCells(page)).sort(), ['d6', 'f4', 'f6']);
    await playCell(page, 'd6');
    assert.match(await status(page), /Black to move/);
    assert.ok(!(await page.isVisible('#message')));

    // An illegal move in the transcript.
    await openGame(page, env.base, '#black=human&white=human&moves=f5c4');
    assert.match(/** @type {string} */ (await page.textContent('#message')), /move 2 'c4'.*not a legal move for White/);
    assert.match(page.url(), /moves=f5$/);
    await playCell(page, 'f6');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('hint: the AI suggests a legal move for the human', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5d6');
    const legal = await legalCells(page);
    await page.click('#hint');
    await page.waitForSelector('[data-cell][aria-label$="suggested move"]');
    const hinted = await page.$$eval('[aria-label$="suggested move"]', (els) =>
      els.map((e) => /** @type {string} */ (e.dataset.cell)),
    );
    assert.equal(hinted.length, 1);
    assert.ok(legal.includes(hinted[0]), `${hinted} among ${legal}`);
    // The hint goes away with the next move.
    await playCell(page, hinted[0]);
    assert.equal(await page.$('[aria-label$="suggested move"]'), null);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('keyboard play: arrows move across the grid, Enter and Space play', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human');
    await page.focus('[data-cell="a1"]');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) {
      await page.keyboard.press(key);
    }
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.cell), 'd3');
    assert.equal(await page.getAttribute('[data-cell="d3"]', 'aria-label'), 'd3, empty, legal move');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('[data-cell="d3"]', 'data-state'), 'black');
    assert.match(/** @type {string} */ (await page.getAttribute('[data-cell="d3"]', 'aria-label')), /^d3, black/);
    // White answers c3 (c3 flips d4), reached with Left, then Space.
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.cell), 'c3');
    await page.keyboard.press(' ');
    assert.equal(await page.getAttribute('[data-cell="c3"]', 'data-state'), 'white');
    assert.equal(await page.getAttribute('[data-cell="d4"]', 'data-state'), 'white');
    // Only one cell is in the tab order (roving focus), the focused one.
    assert.deepEqual(await page.$$eval('[data-cell][tabindex="0"]', (els) => els.map((e) => e.dataset.cell)), ['c3']);
    // Arrows stop at the edge.
    await page.focus('[data-cell="h8"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.cell), 'h8');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('set up a position by clicking, play from it, and restore it from the URL', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=human&moves=f5');
    const gameHash = new URL(page.url()).hash;
    // Set-up mode, then Cancel: the game is untouched.
    await page.click('#setup-enter');
    assert.match(await status(page), /Setting up a position/);
    await page.click('[data-cell="a1"]');
    assert.equal(await page.getAttribute('[data-cell="a1"]', 'data-state'), 'black');
    assert.deepEqual(await legalCells(page), []);
    assert.ok(await page.isDisabled('#undo'));
    await page.click('#setup-cancel');
    assert.equal(new URL(page.url()).hash, gameHash);
    assert.equal(await boardFromDom(page), boardWith(['d5', 'e4', 'e5', 'f5'], ['d4']));
    assert.match(await status(page), /White to move/);

    // A cell cycles empty → black → white → empty.
    await page.click('#setup-enter');
    await page.click('#setup-clear');
    assert.equal(await boardFromDom(page), '-'.repeat(64));
    /** @type {[string, number][]} */
    const cellClicks = [['d4', 1], ['e4', 1], ['f4', 2], ['c5', 2], ['h8', 3]];
    for (const [sq, clicks] of cellClicks) {
      for (let i = 0; i < clicks; i++) await page.click(`[data-cell="${sq}"]`);
    }
    const setUp = boardWith(['d4', 'e4'], ['f4', 'c5']);
    assert.equal(await boardFromDom(page), setUp);
    assert.equal(await page.textContent('#score-black .count'), '2');
    await page.check('input[name="side"][value="O"]');
    assert.match(await status(page), /White to move/);
    await page.click('#new-game button[type="submit"]');

    // White (O) to move: f4 takes d4, e4 through c4; c5 takes d4 through e3 (by hand).
    assert.match(await status(page), /^White to move\.$/);
    assert.deepEqual((await legalCells(page)).sort(), ['c4', 'e3']);
    assert.equal(
      new URL(page.url()).hash,
      `#rules=classic&black=human&white=human&board=${setUp}&side=O&moves=`,
    );
    await playCell(page, 'e3');
    const after = boardWith(['e4'], ['e3', 'd4', 'f4', 'c5']);
    assert.equal(await boardFromDom(page), after);
    assert.match(page.url(), /&side=O&moves=e3$/);

    await openGame(page, env.base, new URL(page.url()).hash);
    assert.equal(await boardFromDom(page), after);
    assert.equal(await status(page), 'White played e3. Black to move.');
    assert.ok(!(await page.isVisible('#message')));
    await page.click('#undo');
    assert.equal(await boardFromDom(page), setUp);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a bad board in the link: the engine says why, the moves are not played', async () => {
    const { page, problems } = await env.newPage();
    await openGame(page, env.base, '#black=human&white=ai2&board=XO-&side=X&moves=f5d6');
    const message = /** @type {string} */ (await page.textContent('#message'));
    assert.match(message, /Could not start that game: a board has 64 cells, this one has 3\./);
    assert.match(message, /The moves in the link \(f5d6\) were not played\./);
    assert.equal(await boardFromDom(page), START);
    assert.equal(await page.inputValue('#player-white'), 'ai2');
    assert.match(page.url(), /start=standard&moves=$/);
    await playCell(page, 'd3');
    assert.equal(await waitForHumanOrEnd(page), false);
    assert.match(page.url(), /moves=d3(c3|c5|e3)$/);

    // A board without a side is reported by the page itself.
    await openGame(page, env.base, `#black=human&white=human&board=${START}`);
    assert.match(/** @type {string} */ (await page.textContent('#message')), /a board needs a side to move/);
    assert.deepEqual((await legalCells(page)).sort(), ['c4', 'd3', 'e6', 'f5']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a failing AI: a clear message, a new worker, and the game goes on', async () => {
    const { page, problems } = await env.newPage();
    // The first worker answers every request with an error; the next ones are the real one.
    let served = 0;
    await page.route('**/www/ai-worker.js', (route) => {
      served++;
      if (served > 1) return route.continue();
      return route.fulfill({
        contentType: 'text/javascript',
        body: "self.onmessage = ({ data }) => self.postMessage({ id: data.id, error: 'test failure' });",
      });
    });
    await openGame(page, env.base, '#black=human&white=ai1');
    assert.equal(await workerStarts(page), 1);
    await playCell(page, 'f5');
    await page.waitForSelector('#message:not([hidden])');
    assert.match(/** @type {string} */ (await page.textContent('#message')), /The AI failed \(test failure\)/);
    assert.equal(await workerStarts(page), 2);
    assert.match(await status(page), /White \(AI, Beginner\) to move/);
    assert.ok(!(await page.isDisabled('#undo')));
    await page.click('#undo');
    assert.equal(await boardFromDom(page), START);
    await playCell(page, 'f5');
    assert.equal(await waitForHumanOrEnd(page), false);
    assert.match(page.url(), /moves=f5[a-h][1-8]$/);
    assert.equal(served, 2);
    assert.deepEqual(problems, []);

    // A worker that crashes (an uncaught error): the same, through the worker's error event.
    const crash = await env.newPage();
    await crash.page.route('**/www/ai-worker.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "self.onmessage = () => { throw new Error('boom'); };" }),
    );
    await openGame(crash.page, env.base, '#black=human&white=ai1');
    await playCell(crash.page, 'f5');
    await crash.page.waitForSelector('#message:not([hidden])');
    assert.match(/** @type {string} */ (await crash.page.textContent('#message')), /The AI failed \(.*boom.*\)/);
    assert.equal(await workerStarts(crash.page), 2);
    assert.ok(!(await crash.page.isDisabled('#undo')));
    await crash.page.click('#undo');
    assert.deepEqual((await legalCells(crash.page)).sort(), ['c4', 'd3', 'e6', 'f5']);
    assert.deepEqual(crash.problems.filter((p) => !/boom/.test(p)), []);
    await crash.page.close();
    await page.close();
  });

  test('undo is offered only when it would take back a move of the human', async () => {
    const { page, problems } = await env.newPage();
    // The AI (White) moves first from a set-up position.
    await openGame(page, env.base, `#black=human&white=ai1&board=${START}&side=O`);
    assert.equal(await waitForHumanOrEnd(page), false);
    assert.match(page.url(), /moves=[a-h][1-8]$/);
    const afterAi = await boardFromDom(page);
    assert.match(await status(page), /^White played [a-h][1-8]\. Black to move\.$/);
    assert.ok(await page.isDisabled('#undo'), 'no move of Black to take back');
    await page.click(`[data-cell="${(await legalCells(page))[0]}"]`);
    assert.equal(await waitForHumanOrEnd(page), false);
    assert.ok(!(await page.isDisabled('#undo')));
    await page.click('#undo');
    assert.equal(await boardFromDom(page), afterAi);
    assert.ok(await page.isDisabled('#undo'));
    assert.ok(!(await page.isDisabled('#redo')));
    assert.deepEqual(problems, []);
    await page.close();
  });
});
