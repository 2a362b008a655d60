// The Content-Security-Policy of index.html: strict as the issue says (no 'unsafe-inline' or
// 'unsafe-eval', the wasm through 'wasm-unsafe-eval', nothing inline in the page), and no
// violation is reported during a game against the AI with the analysis, a hint, the review
// and the service worker on; an inline script injected on purpose is refused and reported
// (the listener works).

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, closePage, openGame, playToTheEnd, setUp, status } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

const POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; " +
  "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; " +
  "form-action 'self'";

test('the policy of index.html, and nothing inline that it would refuse', () => {
  const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
  assert.ok(meta, 'a CSP meta tag');
  assert.equal(meta[1], POLICY);
  assert.doesNotMatch(meta[1], /'unsafe-inline'|'unsafe-eval'|\*|data:|blob:/);
  // Before any script or style: a meta policy covers only what comes after it.
  assert.ok(html.indexOf(meta[0]) < html.indexOf('<script') && html.indexOf(meta[0]) < html.indexOf('<link'));
  assert.doesNotMatch(html, /<style|\sstyle="|\son[a-z]+="|javascript:|src="data:|href="data:/i);
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(m[1], /\ssrc="/, 'scripts come from files');
    assert.equal(m[2].trim(), '', 'no inline script');
  }
  // No module builds code from strings (every module of www/, but the build's list of files).
  const modules = readdirSync(join(ROOT, 'www')).filter((f) => f.endsWith('.js') && f !== 'sw-manifest.js');
  assert.ok(modules.includes('main.js') && modules.includes('board-canvas.js'), modules.join());
  for (const file of modules) {
    assert.doesNotMatch(readFileSync(join(ROOT, 'www', file), 'utf8'), /\beval\(|new Function\(|innerHTML|insertAdjacentHTML/, file);
  }
});

/**
 * Records the page's CSP violations from its start (window.__csp).
 * @param {Page} page
 */
async function recordViolations(page) {
  await page.addInitScript(() => {
    /** @type {string[]} */
    const seen = [];
    /** @type {typeof window & {__csp: string[]}} */ (window).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

/** @param {Page} page */
const violations = (page) => page.evaluate(() => /** @type {typeof window & {__csp: string[]}} */ (window).__csp);

describe('the policy in force', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp({ serviceWorkers: 'allow' });
  });
  after(async () => {
    await env?.close();
  });

  test('no violation during a whole game against the AI, with analysis, hint and review', async (t) => {
    const { page, problems } = await env.newPage();
    t.after(() => closePage(page));
    await recordViolations(page);
    await openGame(page, env.base, '#black=human&white=ai1');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.click('#analysis');
    await page.click('#hint');
    await page.waitForSelector('[data-cell][aria-label*="suggested move"]');
    await page.selectOption('#theme', 'contrast');
    await page.selectOption('#language', 'uk');
    await page.selectOption('#language', 'en');
    await playToTheEnd(page);
    assert.match(await status(page), /Game over/);
    await page.waitForFunction(() => /discs lost/.test(document.querySelector('#review-summary')?.textContent ?? ''), null, { timeout: 60000 });
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
  });

  test('an inline script injected on purpose is refused and reported', async () => {
    const { page, problems } = await env.newPage();
    await recordViolations(page);
    await openGame(page, env.base, '#black=human&white=human');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = true;';
      document.body.append(s);
      return /** @type {typeof window & {__inline?: boolean}} */ (window).__inline === true;
    });
    assert.equal(ran, false);
    await page.waitForFunction(() => /** @type {typeof window & {__csp: string[]}} */ (window).__csp.length > 0);
    assert.match((await violations(page)).join(), /script-src/);
    assert.ok(problems.some((p) => /Content Security Policy/.test(p)), problems.join('\n'));
    await page.close();
  });
});
