#!/usr/bin/env node
// Writes www/sw-manifest.js, the service worker's list of the site's files and their version:
// every file the site serves (index.html, styles.css, the manifest, and www/ but for its tests,
// TypeScript declarations and READMEs: the modules, the message tables, the icons, the wasm
// package with its weights), found on disk, never listed by hand; the version is a hash of
// their names and contents (and of sw.js), so that any change makes a new cache and tells the
// open pages that a new version is ready. Run by scripts/build-web.sh after the wasm build
// (re-run it after editing a file of the site: the service worker serves the cached version).
// Usage: node scripts/precache.mjs [--check]   (--check: exit 1 if the file is not up to date)

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The list's path, as the site serves it (and as it names the files). */
const MANIFEST = 'www/sw-manifest.js';
const OUT = join(...MANIFEST.split('/'));

/**
 * The files of `dir` (a path relative to ROOT), recursively, as paths with `/`.
 * @param {string} dir
 * @returns {string[]}
 */
function walk(dir) {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const path = dir ? `${dir}/${name}` : name;
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Whether `path` (under www/) is served to browsers.
 * @param {string} path
 */
function served(path) {
  if (path === MANIFEST) return false;
  if (path.startsWith('www/tests/')) return false;
  return !/\.(d\.ts|md|map)$/.test(path);
}

/** The site's files, sorted. */
export function siteFiles() {
  const top = ['index.html', 'styles.css', 'manifest.webmanifest'];
  for (const f of top) if (!existsSync(join(ROOT, f))) throw new Error(`precache: ${f} is missing`);
  if (!existsSync(join(ROOT, 'www', 'pkg', 'reversi_wasm_bg.wasm'))) {
    throw new Error('precache: www/pkg has no wasm package (run scripts/build-web.sh)');
  }
  return [...top, ...walk('www').filter(served)].sort();
}

/** The text of www/sw-manifest.js for the files on disk now. */
export function manifestText() {
  const files = siteFiles();
  const hash = createHash('sha256');
  for (const f of [...files, 'sw.js']) {
    hash.update(`${f}\0`);
    hash.update(readFileSync(join(ROOT, f)));
    hash.update('\0');
  }
  const version = hash.digest('hex').slice(0, 16);
  return (
    '// @ts-nocheck\n' +
    '// Written by scripts/precache.mjs (the build): the files the service worker precaches and\n' +
    '// their version. Not to be edited by hand.\n' +
    `self.PRECACHE = ${JSON.stringify({ version, files }, null, 1)};\n`
  );
}

/**
 * The service worker's list as the build wrote it (www/sw-manifest.js): its version and files.
 * @returns {{version: string, files: string[]}}
 */
export function readManifest() {
  const text = readFileSync(join(ROOT, OUT), 'utf8');
  const json = text.match(/= (\{[\s\S]*\});/)?.[1];
  if (json === undefined) throw new Error(`precache: ${MANIFEST} has no list (run scripts/build-web.sh)`);
  return JSON.parse(json);
}

/**
 * Every file a browser installs: the list's files, the service worker and the list itself.
 * @param {readonly string[]} [files]  the list's files (read from www/sw-manifest.js if not given)
 */
export function installedFiles(files = readManifest().files) {
  return [...files, 'sw.js', MANIFEST];
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const text = manifestText();
  const path = join(ROOT, OUT);
  if (process.argv.includes('--check')) {
    const now = existsSync(path) ? readFileSync(path, 'utf8') : '';
    if (now !== text) {
      console.error(`precache: ${OUT} is not up to date (run node scripts/precache.mjs)`);
      process.exit(1);
    }
  } else {
    writeFileSync(path, text);
    console.error(`precache: ${OUT}: ${text.match(/"version": "(\w+)"/)?.[1]}, ${siteFiles().length} files`);
  }
}
