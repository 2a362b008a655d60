#!/usr/bin/env node
// Measures the web game in headless Chromium (Debian's, via playwright-core):
//  1. the size of the site as served (every file the page and its worker load), raw and gzipped,
//     and as installed (every file the service worker precaches: www/sw-manifest.js, all the
//     languages and the icons);
//  2. the time from navigation to a playable board (median of 5 cold loads);
//  3. the longest main-thread task ('longtask' entries) while the AI thinks, over a whole
//     AI-vs-AI game at the default level, and the AI's thinking times;
//  4. the longest main-thread task while the analysis runs (the scores of every move,
//     deepening, with the flip preview hovered) and while a finished game is reviewed: it
//     exits with status 1 if one is longer than 50 ms.
// Run after scripts/build-web.sh:  node scripts/measure-web.mjs [--level N] [--analysis-only]

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../www/tests/helpers.mjs';
import { installedFiles, readManifest } from './precache.mjs';

/** @import { AddressInfo } from 'node:net' */
/** @import { BrowserContext } from 'playwright-core' */
/**
 * The page's window with the long tasks that the init script below records.
 * @typedef {typeof window & {__longTasks: {start: number, duration: number}[]}} LongTaskWindow
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const levelArg = process.argv.indexOf('--level');
const analysisOnly = process.argv.includes('--analysis-only');
/** The longest main-thread task allowed while the analysis runs. */
const LONG_TASK_MS = 50;
const level = levelArg > 0 ? Number(process.argv[levelArg + 1]) : null;

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {AddressInfo} */ (srv.address()); // a TCP socket's
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @template T
 * @param {(context: BrowserContext) => Promise<T>} fn
 */
async function withBrowser(fn) {
  const profile = mkdtempSync(join(tmpdir(), 'reversi-measure-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 820 },
  });
  try {
    return await fn(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const port = await freePort();
const server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', String(port)], {
  cwd: ROOT,
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(base)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Records the page's long tasks from its start (window.__longTasks).
 * @param {import('playwright-core').Page} page
 */
async function recordLongTasks(page) {
  await page.addInitScript(() => {
    /** @type {LongTaskWindow} */ (window).__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        /** @type {LongTaskWindow} */ (window).__longTasks.push({ start: e.startTime, duration: e.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * The long tasks recorded since `since` (page time, ms).
 * @param {import('playwright-core').Page} page
 * @param {number} since
 */
function longTasksSince(page, since) {
  return page.evaluate((t0) => /** @type {LongTaskWindow} */ (window).__longTasks.filter((t) => t.start >= t0), since);
}

/** 4: long tasks while the analysis runs and while a game is reviewed. Returns the longest. */
async function measureAnalysis() {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await recordLongTasks(page);
    await page.goto(`${base}index.html#black=human&white=human&moves=f5d6c3d3c4f4f6`);
    await page.waitForSelector('html[data-ready="true"]');
    await page.waitForTimeout(500);
    const t0 = await page.evaluate(() => performance.now());
    await page.click('#analysis');
    // Deepening for a while, the flip preview hovered over the legal cells meanwhile.
    const legal = await page.$$eval('[data-legal="true"]', (els) => els.map((e) => /** @type {HTMLElement} */ (e).dataset.cell));
    for (let k = 0; k < 16; k++) {
      await page.hover(`[data-cell="${legal[k % legal.length]}"]`);
      await page.waitForTimeout(500);
    }
    const note = await page.textContent('#analysis-note');
    const analysis = await longTasksSince(page, t0);
    // A finished game, reviewed move by move.
    await page.goto('about:blank');
    await page.goto(`${base}index.html#black=human&white=human&moves=f5f4f3f6f7e3d3c3b2`);
    await page.waitForSelector('html[data-ready="true"]');
    await page.waitForFunction(
      () => /discs lost/.test(document.querySelector('#review-summary')?.textContent ?? '') &&
        !/Reviewing/.test(document.querySelector('#review-summary')?.textContent ?? ''),
      null,
      { timeout: 120000 },
    );
    const playable = await page.evaluate(() => performance.getEntriesByName('reversi-playable')[0].startTime);
    const review = await longTasksSince(page, playable);
    const longest = (/** @type {{duration: number}[]} */ ts) => Math.max(0, ...ts.map((t) => t.duration));
    console.log(`Analysis (8 s of deepening, hovering the legal cells; ${note}):`);
    console.log(`  Main-thread long tasks (>50 ms): ${analysis.length}, longest ${longest(analysis).toFixed(0)} ms`);
    console.log(`Game review of a finished game (after the board was playable):`);
    console.log(`  Main-thread long tasks (>50 ms): ${review.length}, longest ${longest(review).toFixed(0)} ms`);
    return Math.max(longest(analysis), longest(review));
  });
}

try {
  if (analysisOnly) {
    const longest = await measureAnalysis();
    if (longest > LONG_TASK_MS) {
      console.error(`measure-web: a main-thread task of ${longest.toFixed(0)} ms while the analysis ran`);
      process.exitCode = 1;
    }
  } else {
    // 1 and 2: cold loads.
    /** @type {number[]} */
    const times = [];
    let served = new Set();
    for (let run = 0; run < 5; run++) {
      await withBrowser(async (context) => {
        const urls = new Set();
        context.on('request', (r) => urls.add(r.url()));
        const page = await context.newPage();
        await page.goto(`${base}index.html`);
        await page.waitForSelector('html[data-ready="true"]');
        // The worker loads its module and the wasm after its first request, or at start-up.
        await page.waitForTimeout(300);
        times.push(await page.evaluate(() => performance.getEntriesByName('reversi-playable')[0].startTime));
        served = urls;
      });
    }

    console.log('Site as served (files requested by the page and its worker):');
    let raw = 0;
    let gz = 0;
    /** @type {[string, number, number][]} */
    const rows = [];
    for (const url of [...served].sort()) {
      if (!url.startsWith(base)) continue;
      const path = decodeURIComponent(new URL(url).pathname).slice(1) || 'index.html';
      const bytes = readFileSync(join(ROOT, path));
      const g = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gz += g;
      rows.push([path, bytes.length, g]);
    }
    for (const [path, r, g] of rows) console.log(`  ${path.padEnd(32)} ${kb(r).padStart(10)} ${kb(g).padStart(10)} gz`);
    console.log(`  ${'total'.padEnd(32)} ${kb(raw).padStart(10)} ${kb(gz).padStart(10)} gz`);
    const wasm = rows.filter(([p]) => p.endsWith('.wasm'));
    const js = rows.filter(([p]) => p.endsWith('.js'));
    /**
     * @param {[string, number, number][]} rs
     * @param {1 | 2} i  the column: raw or gzipped bytes
     */
    const sum = (rs, i) => rs.reduce((a, r) => a + r[i], 0);
    console.log(`  .wasm: ${kb(sum(wasm, 1))} raw, ${kb(sum(wasm, 2))} gz; JS: ${kb(sum(js, 1))} raw, ${kb(sum(js, 2))} gz`);
    // The whole site, as the service worker installs it (the build's list).
    const { files } = readManifest();
    let allRaw = 0;
    let allGz = 0;
    for (const f of installedFiles(files)) {
      const bytes = readFileSync(join(ROOT, f));
      allRaw += bytes.length;
      allGz += gzipSync(bytes, { level: 9 }).length;
    }
    console.log(
      `Site as installed (the service worker's ${files.length} files, sw.js and its list; all languages): ` +
        `${kb(allRaw)} raw, ${kb(allGz)} gz (budget 1024 KB gz)`,
    );
    console.log(
      `Navigation to playable board (cold, 5 runs): median ${median(times).toFixed(0)} ms ` +
        `(runs: ${times.map((t) => t.toFixed(0)).join(', ')})`,
    );

    // 3: long tasks while the AI thinks.
    await withBrowser(async (context) => {
      const page = await context.newPage();
      await page.addInitScript(() => {
        /** @type {LongTaskWindow} */ (window).__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            /** @type {LongTaskWindow} */ (window).__longTasks.push({ start: e.startTime, duration: e.duration });
          }
        }).observe({ type: 'longtask', buffered: true });
      });
      const lv = level ?? (await (async () => {
        await page.goto(`${base}index.html`);
        await page.waitForSelector('html[data-ready="true"]');
        return page.evaluate(() =>
          Number(/** @type {RegExpMatchArray} */ (new URL(location.href).hash.match(/white=ai(\d+)/))[1]),
        );
      })());
      await page.goto('about:blank');
      await page.goto(`${base}index.html#black=ai${lv}&white=ai${lv}`);
      await page.waitForSelector('html[data-ready="true"]');
      const t0 = Date.now();
      await page.waitForFunction(
        () => /** @type {Element} */ (document.querySelector('[role="status"]')).textContent.includes('Game over'),
        null,
        { timeout: 600000, polling: 250 },
      );
      const wall = Date.now() - t0;
      const r = await page.evaluate(() => {
        const playable = performance.getEntriesByName('reversi-playable')[0].startTime;
        const longTasks = /** @type {LongTaskWindow} */ (window).__longTasks;
        const after = longTasks.filter((t) => t.start >= playable);
        const windows = performance.getEntriesByName('ai-move');
        const thinks = windows.map((m) => m.duration);
        // Long tasks that overlap a time when the AI was thinking.
        const during = longTasks.filter((t) =>
          windows.some((w) => t.start < w.startTime + w.duration && t.start + t.duration > w.startTime),
        );
        return {
          playable,
          longest: Math.max(0, ...after.map((t) => t.duration)),
          count: after.length,
          longestAll: Math.max(0, ...longTasks.map((t) => t.duration)),
          thinks,
          duringCount: during.length,
          duringLongest: Math.max(0, ...during.map((t) => t.duration)),
          list: after.map((t) => `${t.duration.toFixed(0)} ms at +${(t.start - playable).toFixed(0)} ms`),
          status: /** @type {Element} */ (document.querySelector('[role="status"]')).textContent,
        };
      });
      const thinkNet = r.thinks;
      console.log(`AI vs AI at level ${lv}: ${thinkNet.length} AI moves in ${(wall / 1000).toFixed(1)} s; ${r.status}`);
      // The first request also waits for the worker's start-up (the module, the AI's tables).
      const [first, ...later] = thinkNet;
      console.log(
        `  AI reply time (worker request to reply, before the page's 350 ms display pacing): ` +
          `median ${median(thinkNet).toFixed(0)} ms, max ${Math.max(...thinkNet).toFixed(0)} ms` +
          (later.length
            ? `; first ${first.toFixed(0)} ms (with the worker's start-up), the others at most ` +
              `${Math.max(...later).toFixed(0)} ms`
            : ''),
      );
      console.log(
        `  Main-thread long tasks (>50 ms) while the AI was thinking: ${r.duringCount}, ` +
          `longest ${r.duringLongest.toFixed(0)} ms`,
      );
      if (r.list.length) console.log(`  Long tasks after playable: ${r.list.join(', ')}`);
      console.log(
        `  Main-thread long tasks (>50 ms) after the board was playable: ${r.count}, longest ${r.longest.toFixed(0)} ms` +
          ` (including page load: longest ${r.longestAll.toFixed(0)} ms)`,
      );
    });

    // 4: long tasks while the analysis runs.
    const longest = await measureAnalysis();
    if (longest > LONG_TASK_MS) {
      console.error(`measure-web: a main-thread task of ${longest.toFixed(0)} ms while the analysis ran`);
      process.exitCode = 1;
    }
  }
} finally {
  server.kill();
}
