#!/usr/bin/env node
// Draws the site's icons into www/icons/ (committed; re-run after changing the drawing):
// PNGs of 192 and 512 pixels (rounded, transparent corners), a maskable 512 (full bleed, the
// discs inside the safe circle), the apple-touch-icon of 180 (full bleed, opaque), and an SVG
// of the same drawing. Deterministic: a tiny PNG encoder (Node's zlib), 4×4 samples a pixel.
// Usage: node scripts/icons.mjs

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'www', 'icons');

const FELT = [47, 122, 77];
const LINE = [28, 77, 49];
const BLACK = [20, 20, 20];
const WHITE = [245, 245, 240];

/** @type {number[]} */
const CRC_TABLE = [];
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE.push(c >>> 0);
}

/** @param {Buffer} buf */
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type
 * @param {Buffer} data
 */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG of `size`×`size` RGBA pixels.
 * @param {number} size
 * @param {Uint8Array} rgba
 */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The colour of the drawing at (x, y) in the unit square, or null outside it: a green board
 * (`corner`: the radius of its rounded corners, 0 for full bleed) with the four discs of the
 * start, within `inner` of the middle.
 * @param {number} x
 * @param {number} y
 * @param {{corner: number, inner: number}} shape
 * @returns {number[] | null}
 */
function colourAt(x, y, { corner, inner }) {
  if (corner > 0) {
    const cx = Math.min(Math.max(x, corner), 1 - corner);
    const cy = Math.min(Math.max(y, corner), 1 - corner);
    if ((x - cx) ** 2 + (y - cy) ** 2 > corner ** 2) return null;
  }
  const half = inner / 2;
  const u = (x - 0.5) / half; // -1..1 over the 2×2 squares
  const v = (y - 0.5) / half;
  if (Math.abs(u) <= 1 && Math.abs(v) <= 1) {
    const cu = u < 0 ? -0.5 : 0.5;
    const cv = v < 0 ? -0.5 : 0.5;
    if ((u - cu) ** 2 + (v - cv) ** 2 <= 0.4 ** 2) return (cu < 0) === (cv < 0) ? WHITE : BLACK;
    if (Math.abs(u) < 0.025 || Math.abs(v) < 0.025 || Math.abs(u) > 0.975 || Math.abs(v) > 0.975) return LINE;
  }
  return FELT;
}

/**
 * @param {number} size
 * @param {{corner: number, inner: number}} shape
 */
function draw(size, shape) {
  const rgba = new Uint8Array(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, shape);
          if (!c) continue;
          sum[0] += c[0];
          sum[1] += c[1];
          sum[2] += c[2];
          sum[3] += 255;
        }
      }
      const covered = sum[3] / 255;
      const i = (py * size + px) * 4;
      if (covered) for (let k = 0; k < 3; k++) rgba[i + k] = Math.round(sum[k] / covered);
      rgba[i + 3] = Math.round(sum[3] / (n * n));
    }
  }
  return png(size, rgba);
}

const ROUNDED = { corner: 0.18, inner: 0.7 };
writeFileSync(join(OUT, 'icon-192.png'), draw(192, ROUNDED));
writeFileSync(join(OUT, 'icon-512.png'), draw(512, ROUNDED));
// Maskable: the safe zone is the middle circle of 80% of the size; the discs fit within it.
writeFileSync(join(OUT, 'maskable-512.png'), draw(512, { corner: 0, inner: 0.52 }));
writeFileSync(join(OUT, 'apple-touch-icon.png'), draw(180, { corner: 0, inner: 0.66 }));

/** @param {number[]} c */
const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const disc = (/** @type {number} */ cx, /** @type {number} */ cy, /** @type {number[]} */ c) =>
  `<circle cx="${cx}" cy="${cy}" r="14" fill="${hex(c)}"/>`;
writeFileSync(
  join(OUT, 'icon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="18" fill="${hex(FELT)}"/>` +
    `<rect x="15" y="15" width="70" height="70" fill="none" stroke="${hex(LINE)}" stroke-width="1.75"/>` +
    `<path d="M50 15V85M15 50H85" stroke="${hex(LINE)}" stroke-width="1.75"/>` +
    disc(32.5, 32.5, WHITE) + disc(67.5, 32.5, BLACK) + disc(32.5, 67.5, BLACK) + disc(67.5, 67.5, WHITE) +
    `</svg>\n`,
);
console.error(`icons: written to ${OUT}`);
