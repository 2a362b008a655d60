// Shared set-up of the end-to-end tests: a static server for the repo root (unless BASE_URL
// is given, as scripts/test-web.sh does) and Debian's Chromium driven by playwright-core.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { installedFiles } from '../../scripts/precache.mjs';

/** @import { ChildProcess } from 'node:child_process' */
/** @import { AddressInfo } from 'node:net' */
/** @import { Page } from 'playwright-core' */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = join(ROOT, 'www', 'tests', 'artifacts');

/**
 * The wasm package of www/pkg, instantiated in Node: for tests that compare the page with the
 * engine's own answers.
 * @returns {Promise<typeof import('../pkg/reversi_wasm.js')>}
 */
export async function loadPackage() {
  const w = await import('../pkg/reversi_wasm.js');
  w.initSync({ module: readFileSync(join(ROOT, 'www', 'pkg', 'reversi_wasm_bg.wasm')) });
  return w;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {AddressInfo} */ (srv.address()); // a TCP socket's
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} url
 * @param {number} ms
 */
async function waitForServer(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no server at ${url}`);
}

/**
 * Starts what the tests need; returns {base, context, newPage, close}.
 * @param {{serviceWorkers?: 'allow' | 'block', locale?: string, folder?: string, copy?: boolean}} [options]
 *   `serviceWorkers`: blocked unless a test is about them (the tests reload pages a lot, and
 *   the page works the same without one); `locale`: the browser's (its preferred languages);
 *   `folder`: serve the site from this sub-folder of a server of its own (`games/reversi`),
 *   the repository linked in, or with `copy` a copy of the site's files (sw.js and those of
 *   www/sw-manifest.js, with it) that a test may change (`dir`)
 */
export async function setUp({ serviceWorkers = 'block', locale = 'en-US', folder = '', copy = false } = {}) {
  /** @type {ChildProcess | null} */
  let server = null;
  /** @type {string | null} */
  let served = null;
  let base = folder ? undefined : process.env.BASE_URL;
  if (!base) {
    let dir = ROOT;
    if (folder) {
      // A root of its own with the repository linked in as the folder.
      served = mkdtempSync(join(tmpdir(), 'reversi-site-'));
      dir = served;
      mkdirSync(join(served, dirname(folder)), { recursive: true });
      if (copy) {
        for (const f of installedFiles()) {
          mkdirSync(dirname(join(served, folder, f)), { recursive: true });
          cpSync(join(ROOT, f), join(served, folder, f));
        }
      } else {
        symlinkSync(ROOT, join(served, folder));
      }
    }
    const port = await freePort();
    server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', String(port)], {
      cwd: dir,
      stdio: 'ignore',
    });
    base = `http://127.0.0.1:${port}/${folder ? `${folder}/` : ''}`;
    await waitForServer(`${base}index.html`, 10000);
  }
  const profile = mkdtempSync(join(tmpdir(), 'reversi-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 820 },
    serviceWorkers,
    locale,
  });

  /**
   * A new page that records console errors and page errors; `problems` must stay empty.
   * Requests that leave the origin are recorded (and aborted) too.
   */
  async function newPage() {
    const page = await context.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on('console', (m) => {
      // What Playwright says of the page's service worker when the test blocks it.
      if (serviceWorkers === 'block' && /^Service Worker registration blocked by Playwright/.test(m.text())) return;
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const origin = new URL(/** @type {string} */ (base)).origin; // set above
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
      problems.push(`request left the origin: ${url}`);
      return route.abort();
    });
    return { page, problems };
  }

  async function close() {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    if (server) server.kill();
    if (served) rmSync(served, { recursive: true, force: true });
  }
  const dir = served ? join(served, folder) : ROOT;
  return { base, dir, context, newPage, close };
}

/**
 * Clears what the site saved in the page's origin (localStorage: the preferences, the game),
 * then closes the page; never throws. For `t.after` or a `finally`, so that a test that fails
 * leaves nothing behind for the next.
 * @param {Page} page
 */
export async function closePage(page) {
  try {
    if (!page.isClosed() && /^https?:/.test(page.url())) await page.evaluate(() => localStorage.clear());
  } catch {
    // a page that cannot run a script now (crashed, navigating): closing it is all there is to do
  }
  await page.close().catch(() => {});
}

/**
 * Opens the game at `hash` and waits until it is ready.
 * @param {Page} page
 * @param {string} base  the URL of the repository root, ending in `/`
 */
export async function openGame(page, base, hash = '') {
  // A fresh load: going from the page to itself with another hash would only change the hash.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`${base}index.html${hash}`);
  await page.waitForSelector('html[data-ready="true"]');
}

/**
 * The 64 cells as a string a1..h8 of X, O, - read from data-state.
 * @param {Page} page
 */
export async function boardFromDom(page) {
  return page.$$eval('[data-cell]', (els) => {
    /** @type {Record<string, string>} */
    const map = { black: 'X', white: 'O', empty: '-' };
    const byName = Object.fromEntries(
      els.map((e) => [e.dataset.cell, map[/** @type {string} */ (e.dataset.state)]]),
    );
    let s = '';
    for (let r = 1; r <= 8; r++) for (const f of 'abcdefgh') s += byName[f + r] ?? '?';
    return s;
  });
}

/** @param {Page} page */
export async function legalCells(page) {
  return page.$$eval('[data-cell][data-legal="true"]', (els) =>
    els.map((e) => /** @type {string} */ (e.dataset.cell)),
  );
}

/**
 * The text of the status line (an element with text, so never null).
 * @param {Page} page
 */
export async function status(page) {
  return /** @type {string} */ (await page.textContent('[role="status"]'));
}

/**
 * Counts of black and white discs on the board, read from data-state.
 * @param {Page} page
 */
export async function counts(page) {
  const b = await boardFromDom(page);
  return { black: [...b].filter((c) => c === 'X').length, white: [...b].filter((c) => c === 'O').length };
}

/**
 * Waits until a human can move (a legal cell is marked) or the game is over; true when over.
 * @param {Page} page
 */
export async function waitForHumanOrEnd(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-legal="true"]') !== null ||
      /** @type {Element} */ (document.querySelector('[role="status"]')).textContent.includes('Game over'),
    null,
    { timeout: 30000 },
  );
  return (await status(page)).includes('Game over');
}

/**
 * Plays the first legal move whenever a human is to move until the game is over (the AI plays
 * its own moves); fails if it does not end.
 * @param {Page} page
 */
export async function playToTheEnd(page) {
  for (let moves = 0; moves < 64; moves++) {
    if (await waitForHumanOrEnd(page)) return;
    const [square] = await legalCells(page);
    await page.click(`[data-cell="${square}"]`);
  }
  assert.fail('the game did not end');
}
