// The service worker's list (www/sw-manifest.js, written by the build): up to date with the
// files on disk, every file of the site and nothing else, and a version that changes with any
// file's contents.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { manifestText, siteFiles } from '../../scripts/precache.mjs';
import { ROOT } from './helpers.mjs';

test('www/sw-manifest.js is what the build writes for the files on disk now', () => {
  const message = 'www/sw-manifest.js is stale: run node scripts/precache.mjs (scripts/build-web.sh does)';
  assert.equal(readFileSync(join(ROOT, 'www', 'sw-manifest.js'), 'utf8'), manifestText(), message);
});

test('it lists every file of the site: the modules, the tables, the icons, the wasm package', () => {
  const files = siteFiles();
  const www = readdirSync(join(ROOT, 'www')).filter((f) => f.endsWith('.js') && f !== 'sw-manifest.js');
  assert.ok(www.length > 15);
  for (const f of www) assert.ok(files.includes(`www/${f}`), f);
  for (const f of readdirSync(join(ROOT, 'www', 'messages'))) assert.ok(files.includes(`www/messages/${f}`), f);
  for (const f of readdirSync(join(ROOT, 'www', 'icons'))) assert.ok(files.includes(`www/icons/${f}`), f);
  for (const f of ['index.html', 'styles.css', 'manifest.webmanifest', 'www/pkg/reversi_wasm.js', 'www/pkg/reversi_wasm_bg.wasm']) {
    assert.ok(files.includes(f), f);
  }
  assert.deepEqual(files.filter((f) => /^www\/tests\/|\.d\.ts$|\.md$|sw-manifest/.test(f)), []);
  // Every icon of the manifest is precached.
  const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.webmanifest'), 'utf8'));
  for (const icon of manifest.icons) assert.ok(files.includes(icon.src), icon.src);
});
