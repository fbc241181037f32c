#!/usr/bin/env node
// Draws the app icon (a page with text lines on a rounded blue tile) and writes build/icon.png,
// 1024×1024 RGBA. electron-builder derives the .icns/.ico and the Linux sizes from it.
// Run: node build/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';

const N = 1024;
const px = new Uint8Array(N * N * 4);

const clamp = (v) => Math.max(0, Math.min(1, v));
/** Coverage of a rounded rectangle at (x, y), anti-aliased over one pixel. */
function roundRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.max(x0 + r, Math.min(x, x1 - r));
  const cy = Math.max(y0 + r, Math.min(y, y1 - r));
  const d = Math.hypot(x - cx, y - cy) - r;
  return clamp(0.5 - d);
}
function blend(i, rgb, a) {
  if (a <= 0) return;
  const da = px[i + 3] / 255;
  const oa = a + da * (1 - a);
  for (let k = 0; k < 3; k++) px[i + k] = Math.round((rgb[k] * a + px[i + k] * da * (1 - a)) / (oa || 1));
  px[i + 3] = Math.round(oa * 255);
}

for (let y = 0; y < N; y++) {
  for (let x = 0; x < N; x++) {
    const i = (y * N + x) * 4;
    const t = (x + y) / (2 * N);
    // Tile: blue gradient.
    blend(
      i,
      [Math.round(37 + 30 * t), Math.round(99 + 40 * t), Math.round(235 - 20 * t)],
      roundRect(x + 0.5, y + 0.5, 64, 64, 960, 960, 190),
    );
    // Page with a folded corner.
    const page = roundRect(x + 0.5, y + 0.5, 282, 196, 742, 828, 36);
    const fold = x > 622 && y < 316 && x - 622 > y - 196 ? 1 : 0;
    blend(i, [255, 255, 255], page * (1 - fold));
    if (fold === 0 && x > 622 && y < 316 && x < 742 && y > 196) blend(i, [203, 220, 250], page);
    // Text lines; the first is a heading.
    const lines = [
      [350, 380, 560],
      [350, 470, 674],
      [350, 540, 674],
      [350, 610, 620],
      [350, 680, 674],
      [350, 750, 540],
    ];
    lines.forEach(([lx, ly, rx], n) => {
      const h = n === 0 ? 40 : 26;
      blend(
        i,
        n === 0 ? [37, 99, 235] : [148, 163, 184],
        roundRect(x + 0.5, y + 0.5, lx, ly - h / 2, rx, ly + h / 2, h / 2),
      );
    });
  }
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) {
  raw[y * (N * 4 + 1)] = 0; // filter: none
  Buffer.from(px.buffer, y * N * 4, N * 4).copy(raw, y * (N * 4 + 1) + 1);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`build/icon.png: ${N}×${N}, ${png.length} bytes`);
