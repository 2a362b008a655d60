// Installable and offline: the site served from a sub-folder (/games/reversi/), its service
// worker precaches every file of www/sw-manifest.js (written by the build) under a versioned
// cache; offline, a reload plays a whole game against the AI; the manifest and its icons are
// there; a new version is offered, taken only when the player asks, and the old cache goes.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readManifest } from '../../scripts/precache.mjs';
import { playToTheEnd, setUp, status } from './helpers.mjs';

/** @import { Page } from 'playwright-core' */

/**
 * Waits until the page is controlled by the service worker and returns its caches' names and
 * the number of entries of each.
 * @param {Page} page
 */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  return page.evaluate(async () => {
    const names = await caches.keys();
    return Promise.all(names.map(async (n) => ({ name: n, entries: (await (await caches.open(n)).keys()).length })));
  });
}

describe('the site from a sub-folder, with its service worker', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp({ serviceWorkers: 'allow', folder: 'games/reversi' });
  });
  after(async () => {
    await env?.close();
  });

  test('load once, go offline, reload: a whole game against the AI', async () => {
    assert.match(env.base, /\/games\/reversi\/$/);
    const { page, problems } = await env.newPage();
    await page.goto(env.base);
    await page.waitForSelector('html[data-ready="true"]');
    const { version, files } = readManifest();
    assert.ok(files.includes('index.html') && files.includes('www/pkg/reversi_wasm_bg.wasm') && files.includes('www/main.js'));
    assert.ok(files.includes('www/messages/uk.js') && files.includes('manifest.webmanifest') && files.includes('www/icons/icon-512.png'));
    assert.ok(!files.some((f) => f.startsWith('www/tests/') || f.endsWith('.d.ts')), 'no test or declaration');
    const cachesNow = await controlled(page);
    assert.deepEqual(cachesNow, [{ name: `reversi-${version}`, entries: files.length }]);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, env.base);

    await env.context.setOffline(true);
    try {
      assert.equal(await page.evaluate(() => fetch('index.html').then((r) => r.ok, () => false)), true, 'from the cache');
      // Offline indeed: what is not the site's is not there (the network's error is said).
      assert.equal(await page.evaluate(() => fetch('no-such-file.txt').then(() => 'fetched', () => 'offline')), 'offline');
      assert.deepEqual(problems.splice(0), ['console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED']);
      await page.goto(`${env.base}index.html#black=human&white=ai1`);
      await page.waitForSelector('html[data-ready="true"]');
      await playToTheEnd(page);
      assert.match(await status(page), /Game over/);
      // The directory's own address works offline too, and resumes the game just played.
      await page.goto('about:blank');
      await page.goto(env.base);
      await page.waitForSelector('html[data-ready="true"]');
      assert.match(await status(page), /Game over/);
    } finally {
      await env.context.setOffline(false);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the manifest: relative start_url and scope, standalone, its icons served', async () => {
    const { page, problems } = await env.newPage();
    await page.goto(env.base);
    await page.waitForSelector('html[data-ready="true"]');
    const href = /** @type {string} */ (await page.getAttribute('link[rel="manifest"]', 'href'));
    const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href);
    assert.equal(manifest.start_url, './');
    assert.equal(manifest.scope, './');
    assert.equal(manifest.display, 'standalone');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.map((/** @type {{sizes: string, purpose: string}} */ i) => `${i.sizes} ${i.purpose}`);
    for (const want of ['192x192 any', '512x512 any', '512x512 maskable']) assert.ok(sizes.includes(want), want);
    const manifestUrl = new URL(href, env.base).href;
    for (const icon of [...manifest.icons.map((/** @type {{src: string}} */ i) => i.src)]) {
      const url = new URL(icon, manifestUrl).href;
      assert.ok(url.startsWith(env.base), url);
      const type = await page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), url);
      assert.match(type ?? '', /^image\//, url);
    }
    // The icons of the page itself (no data: URL: the CSP allows images from the site only).
    for (const sel of ['link[rel="apple-touch-icon"]', 'link[rel="icon"]']) {
      const h = /** @type {string} */ (await page.getAttribute(sel, 'href'));
      assert.ok(!h.startsWith('data:'), h);
      assert.equal(await page.evaluate(async (u) => (await fetch(u)).ok, h), true, h);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('a new version', () => {
  /** @type {Awaited<ReturnType<typeof setUp>>} */
  let env;
  before(async () => {
    env = await setUp({ serviceWorkers: 'allow', folder: 'games/reversi', copy: true });
  });
  after(async () => {
    await env?.close();
  });

  test('is offered, not taken mid-game until the player reloads; the old cache goes', async () => {
    const { page, problems } = await env.newPage();
    await page.goto(`${env.base}index.html#black=human&white=human&moves=f5d6`);
    await page.waitForSelector('html[data-ready="true"]');
    const [first] = await controlled(page);
    assert.equal(await page.isVisible('#update'), false);
    // The build writes a new version (any file changed changes it).
    const path = join(env.dir, 'www', 'sw-manifest.js');
    const { version } = readManifest();
    writeFileSync(path, readFileSync(path, 'utf8').replace(version, 'feedfacefeedface'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.waitForSelector('#update:not([hidden])', { timeout: 30000 });
    assert.match(/** @type {string} */ (await page.textContent('#update')), /A new version is ready - reload to update/);
    // Nothing reloads by itself: the game goes on under the old version.
    await page.click('[data-cell="c3"]');
    assert.match(page.url(), /moves=f5d6c3$/);
    assert.equal((await page.evaluate(() => caches.keys())).includes(first.name), true);
    // The player's choice: the new version takes over, the page reloads, the game is back.
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('html[data-ready="true"]');
    assert.match(page.url(), /moves=f5d6c3$/);
    assert.match(await status(page), /Black played c3/);
    await page.waitForFunction(async () => (await caches.keys()).join() === 'reversi-feedfacefeedface', null, { timeout: 30000 });
    assert.equal(await page.isVisible('#update'), false);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
