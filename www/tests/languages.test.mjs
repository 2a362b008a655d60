// The page in English, Ukrainian and Russian (Chromium with the locale en-US, uk-UA, ru-RU):
// the language comes from the browser's preferred languages, `lang` follows it, a short game
// speaks it (status, result, the score cards' plural forms, the cells' labels, an engine error
// and a link's problems), the selector changes it and it is remembered; a corrupted saved
// preference is ignored.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { boardFromDom, closePage, legalCells, openGame, setUp, status } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

/** Over after 9 moves: White has no disc left, 13 black discs. */
const WIPEOUT = ['f5', 'f4', 'f3', 'f6', 'f7', 'e3', 'd3', 'c3', 'b2'];

/**
 * What each language says, to check the page against.
 * @type {Record<string, {lang: string, toMove: RegExp, result: RegExp, discs: (n: number) => string,
 *   black: string, thinking: RegExp, legal: string, newGame: string, badRules: RegExp, illegal: RegExp}>}
 */
const LANGUAGES = {
  'en-US': {
    lang: 'en',
    toMove: /Black to move\.$/,
    result: /Game over: Black wins, 13 discs to 0 \(Black 13, White 0\)\./,
    discs: (n) => `${n} disc${n === 1 ? '' : 's'}`,
    black: 'Black',
    thinking: /White \(AI, Beginner\) is thinking|White \(AI, Beginner\) to move|Black to move/,
    legal: 'd3, empty, legal move',
    newGame: 'New game',
    badRules: /unknown game 'chess'/,
    illegal: /c4 is not a legal move for White/,
  },
  'uk-UA': {
    lang: 'uk',
    toMove: /Ходять Чорні\.$/,
    result: /Гру завершено: перемогли Чорні, 13:0 \(Чорні 13, Білі 0\)\./,
    discs: (n) => `${n} ${n % 10 === 1 && n % 100 !== 11 ? 'диск' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'диски' : 'дисків'}`,
    black: 'Чорні',
    thinking: /Білі \(комп’ютер, Початківець\) думають|Ходять Білі \(комп’ютер, Початківець\)|Ходять Чорні/,
    legal: 'd3, порожня, дозволений хід',
    newGame: 'Нова гра',
    badRules: /невідома гра «chess»/,
    illegal: /c4 — недозволений хід \(ходять Білі\)/,
  },
  'ru-RU': {
    lang: 'ru',
    toMove: /Ходят Чёрные\.$/,
    result: /Игра окончена: победили Чёрные, 13:0 \(Чёрные 13, Белые 0\)\./,
    discs: (n) => `${n} ${n % 10 === 1 && n % 100 !== 11 ? 'диск' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'диска' : 'дисков'}`,
    black: 'Чёрные',
    thinking: /Белые \(компьютер, Начинающий\) думают|Ходят Белые \(компьютер, Начинающий\)|Ходят Чёрные/,
    legal: 'd3, пусто, допустимый ход',
    newGame: 'Новая игра',
    badRules: /неизвестная игра «chess»/,
    illegal: /c4 — недопустимый ход \(ходят Белые\)/,
  },
};

/**
 * The score cards' counts and their accessible names.
 * @param {Page} page
 */
async function scoreLabels(page) {
  return page.$$eval('.score .count', (els) =>
    els.map((e) => /** @type {[number, string]} */ ([Number(e.textContent), e.getAttribute('aria-label') ?? ''])),
  );
}

for (const [locale, words] of Object.entries(LANGUAGES)) {
  describe(`the page in ${locale}`, () => {
    /** @type {Awaited<ReturnType<typeof setUp>>} */
    let env;
    before(async () => {
      env = await setUp({ locale });
    });
    after(async () => {
      await env?.close();
    });

    test('a short game: status, plural forms, labels, result, errors', async () => {
      const { page, problems } = await env.newPage();
      await openGame(page, env.base, '#black=human&white=human');
      assert.equal(await page.getAttribute('html', 'lang'), words.lang);
      assert.equal(await page.inputValue('#language'), words.lang);
      assert.match(await status(page), words.toMove);
      assert.equal(await page.getAttribute('[data-cell="d3"]', 'aria-label'), words.legal);
      assert.equal(await page.textContent('#new-game h2'), words.newGame);
      /** @type {Set<number>} */
      const seen = new Set();
      for (const square of WIPEOUT) {
        assert.ok((await legalCells(page)).includes(square), square);
        await page.click(`[data-cell="${square}"]`);
        for (const [count, label] of await scoreLabels(page)) {
          seen.add(count);
          assert.ok(label?.endsWith(`: ${words.discs(count)}`), `${count}: ${label}`);
        }
      }
      // The forms of 1, 2 and 5 (and more) were all said.
      for (const n of [1, 2, 5]) assert.ok(seen.has(n), `${n} in ${[...seen]}`);
      assert.match(await status(page), words.result);
      assert.equal((await boardFromDom(page)).replace(/-/g, '').length, 13);
      // An engine error (a transcript with an illegal move) and a link's problem.
      await page.fill('#transcript-input', 'f5c4');
      await page.click('#transcript-load');
      assert.match(/** @type {string} */ (await page.textContent('#message')), words.illegal);
      await openGame(page, env.base, '#rules=chess&black=human&white=human');
      assert.match(/** @type {string} */ (await page.textContent('#message')), words.badRules);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test('against the AI: its level and thinking in the language', async () => {
      const { page, problems } = await env.newPage();
      await openGame(page, env.base, '#black=human&white=ai1');
      await page.click('[data-cell="f5"]');
      assert.match(await status(page), words.thinking);
      await page.waitForFunction(() => document.querySelector('[data-legal="true"]') !== null, null, { timeout: 30000 });
      assert.match(await status(page), words.toMove);
      const who = await page.textContent('#score-white .who');
      assert.ok(who && who.length > 3 && !(words.lang !== 'en' && /AI|Beginner/.test(who)), who ?? '');
      assert.deepEqual(problems, []);
      await page.close();
    });

    test('the longer words fit: a phone, a small laptop and a desktop', async () => {
      const { page, problems } = await env.newPage();
      await openGame(page, env.base, '#black=human&white=human&moves=f5d6');
      for (const [width, height] of [[390, 844], [1100, 800], [1280, 800]]) {
        await page.setViewportSize({ width, height });
        const fit = await page.evaluate(() => {
          const box = (/** @type {Element} */ e) => e.getBoundingClientRect();
          const panel = box(/** @type {Element} */ (document.querySelector('#new-game')));
          return {
            scroll: /** @type {Element} */ (document.scrollingElement).scrollWidth,
            controls: box(/** @type {Element} */ (document.querySelector('.controls'))),
            panelRight: panel.right,
            selects: [...document.querySelectorAll('#new-game select')].map((s) => ({ id: s.id, right: box(s).right })),
          };
        });
        const at = `${width}x${height}`;
        assert.ok(fit.scroll <= width, `${at}: no sideways scrolling (${fit.scroll})`);
        assert.ok(fit.controls.right <= width + 0.5, `${at}: the controls within the screen (${fit.controls.right})`);
        for (const { id, right } of fit.selects) {
          assert.ok(right <= fit.panelRight + 0.5, `${at}: #${id} inside the New game panel (${right} > ${fit.panelRight})`);
        }
        // On a laptop's screen the buttons under the board are seen without scrolling.
        if (width >= 1100) assert.ok(fit.controls.bottom <= height, `${at}: the controls above the fold (${fit.controls.bottom})`);
      }
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
}

describe('choosing the language', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp({ locale: 'uk-UA' });
  });
  after(async () => {
    await env?.close();
  });

  test('the selector changes every word, lang follows, and it is remembered', async (t) => {
    const { page, problems } = await env.newPage();
    t.after(() => closePage(page));
    await openGame(page, env.base, '#black=human&white=human&moves=f5');
    assert.equal(await page.getAttribute('html', 'lang'), 'uk');
    await page.selectOption('#language', 'ru');
    assert.equal(await page.getAttribute('html', 'lang'), 'ru');
    assert.equal(await page.title(), 'Реверси');
    assert.match(await status(page), /^Чёрные сделали ход f5\. Ходят Белые\.$/);
    assert.equal(await page.textContent('#new-game h2'), 'Новая игра');
    assert.equal(await page.getAttribute('#cells', 'aria-label'), 'Доска: столбцы от a до h, строки от 1 до 8 сверху. Стрелки перемещают, Enter или пробел делают ход.');
    assert.match(/** @type {string} */ (await page.getAttribute('[data-cell="f5"]', 'aria-label')), /^f5, чёрный диск, последний ход$/);
    assert.match(/** @type {string} */ (await page.textContent('#player-white')), /Компьютер 1 · Начинающий/);
    // Reloaded in a Ukrainian browser, the chosen Russian stays.
    await openGame(page, env.base, '#black=human&white=human');
    assert.equal(await page.getAttribute('html', 'lang'), 'ru');
    assert.equal(await page.inputValue('#language'), 'ru');
    await page.selectOption('#language', 'en');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.match(await status(page), /^Black to move\.$/);
    assert.deepEqual(problems, []);
  });

  test('a corrupted saved preference is ignored: the browser language, no error', async (t) => {
    const { page, problems } = await env.newPage();
    t.after(() => closePage(page));
    await openGame(page, env.base, '#black=human&white=human');
    for (const bad of ['{"language":', '"uk"', 'null', '{"language":"xx","theme":42,"muted":"yes"}', '[1,2]']) {
      await page.evaluate((v) => localStorage.setItem('reversi.prefs', v), bad);
      await openGame(page, env.base, '#black=human&white=human');
      assert.equal(await page.getAttribute('html', 'lang'), 'uk', bad);
      assert.equal(await page.getAttribute('html', 'data-theme'), 'system', bad);
      assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false', bad);
      assert.match(await status(page), /^Ходять Чорні\.$/, bad);
    }
    assert.deepEqual(problems, []);
  });
});
