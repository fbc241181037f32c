// A 1-bit mask far larger than it is drawn (freeculture's two page-sized fax scans) is scaled by our own
// box filter (mask-scale.ts) when its area is rendered, not decoded and subsampled by mupdf. Intended
// output difference: those crops are not byte-identical to mupdf's render (its subsample-and-scale
// filter differs), but the same picture in the same place, with the same ink and the page's other
// content (text, white boxes) drawn as before; every other crop is unchanged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../../engine/pdf/wasm-handle.ts';
import * as mupdf from 'mupdf';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import { MaskScaler } from '../../../engine/pdf/mask-scale.ts';
import type { Rect } from '../../../engine/raw.ts';
import { corpus } from '../parse/helpers.ts';

/** Grey pixels of a PNG decoded by mupdf. */
function gray(png: Uint8Array): { w: number; h: number; px: Uint8Array } {
  const pm = new mupdf.Image(png).toPixmap();
  const w = pm.getWidth(),
    h = pm.getHeight(),
    s = pm.getStride(),
    n = pm.getNumberOfComponents(),
    src = pm.getPixels();
  const px = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = src[y * s + x * n];
  pm.destroy();
  return { w, h, px };
}

/** Mean absolute difference of two same-sized grey images after a 3×3 box blur, with `b` moved by (dx, dy):
 * small for the same picture in the same place whatever the halftone's sampling. */
function blurredDiff(a: ReturnType<typeof gray>, b: ReturnType<typeof gray>, dx = 0, dy = 0): number {
  const at = (g: typeof a, x: number, y: number) => {
    let s = 0;
    for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) s += g.px[(y + j) * g.w + x + i];
    return s / 9;
  };
  let sum = 0,
    n = 0;
  for (let y = 4; y < a.h - 4; y++)
    for (let x = 4; x < a.w - 4; x++, n++) sum += Math.abs(at(a, x, y) - at(b, x + dx, y + dy));
  return sum / n;
}

/** mupdf's own render of a page area at `scale` (what renderPng gave before), in grey. */
function mupdfRender(data: Uint8Array, index: number, bbox: Rect, scale: number): ReturnType<typeof gray> {
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  try {
    const page = doc.loadPage(index),
      b = page.getBounds();
    const pix = new mupdf.Pixmap(
      mupdf.ColorSpace.DeviceGray,
      [
        Math.floor(bbox[0] * scale),
        Math.floor(bbox[1] * scale),
        Math.ceil(bbox[2] * scale),
        Math.ceil(bbox[3] * scale),
      ],
      false,
    );
    pix.clear(255);
    const dev = new mupdf.DrawDevice(
      mupdf.Matrix.concat(mupdf.Matrix.translate(-b[0], -b[1]), mupdf.Matrix.scale(scale, scale)),
      pix,
    );
    page.run(dev, mupdf.Matrix.identity);
    dev.close();
    dev.destroy();
    const png = pix.asPNG();
    pix.destroy();
    page.destroy();
    return gray(png);
  } finally {
    doc.destroy();
  }
}

describe('large 1-bit masks scaled by us', () => {
  it('box-averages the ink of each pixel, from packed rows or from runs alike', () => {
    // 40×20 bits drawn over x 0.5–4.5, y 0–2 of a 5×2 pixmap: pixel columns 1–3 hold 10 bits each, 0 and 4
    // five bits and half their area; each pixel row holds 10 mask rows.
    const w = 40,
      h = 20,
      rb = w >> 3,
      rows: Uint8Array[] = [],
      runs: number[][] = [];
    for (let y = 0; y < h; y++) {
      const r = new Uint8Array(rb).fill(255);
      const [from, to] = y < 10 ? [0, 10] : [5 + (y & 3), 35]; // ink: bits 0–10 above; bits 5–8 on to 35 below
      for (let x = from; x < to; x++) r[x >> 3] &= ~(128 >> (x & 7));
      rows.push(r);
      runs.push([from, to]);
    }
    const paint = (byRuns: boolean) => {
      const s = new MaskScaler(w, h, 0.5, 0, 4.5, 2, 5, 2);
      for (const [y, r] of rows.entries()) {
        if (byRuns) s.addRuns(y, Int32Array.from(runs[y]), 2, false);
        else s.addRow(y, r, 0);
      }
      const px = new Uint8Array(10).fill(255);
      s.paint(px, 5, 1, [0]);
      return [...px];
    };
    expect(paint(false)).toEqual(paint(true));
    // Above: pixel 0 all ink over half its area, pixel 1 half ink. Below: pixel 1 83 of 100 bits ink.
    expect(paint(true)).toEqual([127, 127, 255, 255, 255, 255, 43, 0, 0, 255]);
    // The same row as paper-first changes inverted (ink first): the complement.
    const inv = new MaskScaler(w, h, 0.5, 0, 4.5, 2, 5, 2);
    for (const [y, ch] of runs.entries()) inv.addRuns(y, Int32Array.from(ch), 2, true);
    const px = new Uint8Array(10).fill(255);
    inv.paint(px, 5, 1, [0]);
    expect([...px]).toEqual([255, 127, 0, 0, 127, 127, 212, 255, 255, 127]);
  });

  /** A one-page PDF: a 1600×1600 image mask (uncompressed, so read through mupdf's stream, not fax.ts)
   * drawn on 100×100 points after `before` (clips, graphics states). */
  function maskPdf(before: string): Uint8Array {
    const doc = new mupdf.PDFDocument(),
      n = 1600,
      rb = n >> 3,
      bits = new Uint8Array(rb * n).fill(255);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        if ((x - 800) ** 2 + (y - 800) ** 2 < 600 ** 2 && (x >> 4) % 3 !== 0)
          bits[y * rb + (x >> 3)] &= ~(128 >> (x & 7));
    const dict = doc.newDictionary();
    dict.put('Type', doc.newName('XObject'));
    dict.put('Subtype', doc.newName('Image'));
    dict.put('Width', n);
    dict.put('Height', n);
    dict.put('ImageMask', true);
    dict.put('Decode', doc.newArray()); // [1 0]: bits of 1 are ink
    dict.get('Decode').push(1);
    dict.get('Decode').push(0);
    for (let i = 0; i < bits.length; i++) bits[i] ^= 255;
    const res = doc.addObject({ XObject: { Im0: doc.addStream(bits, dict) }, ExtGState: { Half: { ca: 0.5 } } });
    doc.insertPage(-1, doc.addPage([0, 0, 200, 200], 0, res, `${before} 0 g q 100 0 0 100 50 50 cm /Im0 Do Q`));
    const out = doc.saveToBuffer('').asUint8Array().slice();
    doc.destroy();
    return out;
  }

  it.each([
    ['alone', '', false],
    ['inside rectangular clips', '10 10 180 180 re W n 0 0 200 200 re W n', false],
    ['under a clip that is not a rectangle', '0 0 m 200 0 l 100 200 l h W n', true],
    ['under a clip rectangle smaller than the mask', '60 60 80 80 re W n', true],
    ['at half opacity', '/Half gs', true],
  ])('a large mask %s is painted by us only when nothing changes how it lands', (_what, before, byMupdf) => {
    const data = maskPdf(before),
      doc = new PdfDocument(data),
      pg = doc.loadPage(0);
    try {
      const ours = gray(pg.renderPng([0, 0, 200, 200], 2, true)),
        theirs = mupdfRender(data, 0, [0, 0, 200, 200], 2);
      if (byMupdf) expect(ours.px).toEqual(theirs.px);
      else {
        expect(ours.px).not.toEqual(theirs.px);
        expect(blurredDiff(ours, theirs)).toBeLessThan(6);
      }
    } finally {
      pg.close();
      doc.close();
    }
  });

  it.each([
    [170, 'a cartoon on a text page'],
    [254, 'a whole scanned page with a footer line'],
  ])('renders freeculture page %i (%s) like mupdf, not byte for byte', (index, _what) => {
    const file = corpus('large/freeculture.pdf');
    const doc = new PdfDocument(new Uint8Array(readFileSync(file)));
    const pg = doc.loadPage(index);
    try {
      const im = pg.raw.images.find((i) => i.width > 8000)!;
      const bbox: Rect = index === 254 ? [0, 0, pg.raw.width, pg.raw.height] : im.bbox;
      const ours = gray(pg.renderPng(bbox, 2, true)),
        theirs = mupdfRender(readFileSync(file), index, bbox, 2);
      expect([ours.w, ours.h]).toEqual([theirs.w, theirs.h]);
      expect(ours.px).not.toEqual(theirs.px); // the path was taken
      const ink = (g: typeof ours) => g.px.reduce((a, v) => a + 255 - v, 0);
      expect(Math.abs(ink(ours) / ink(theirs) - 1)).toBeLessThan(0.01);
      const here = blurredDiff(ours, theirs);
      expect(here).toBeLessThan(6);
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ])
        expect(blurredDiff(ours, theirs, dx, dy)).toBeGreaterThan(here); // not moved
    } finally {
      pg.close();
      doc.close();
    }
  });
});
