// A 1-bit image mask that is a whole figure is cropped from the mask itself (a 1-bit PNG at its own
// resolution) instead of rendering the page area: same picture, same orientation, no other content lost.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../../engine/pdf/wasm-handle.ts';
import * as mupdf from 'mupdf';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import { encodeMaskPng } from '../../../engine/pdf/png.ts';
import { maskRows } from '../../../engine/pdf/mask-rows.ts';
import type { Rect } from '../../../engine/raw.ts';
import { corpus } from '../parse/helpers.ts';

/** Grey pixels of a PNG decoded by mupdf. */
function gray(png: Uint8Array): { w: number; h: number; at(x: number, y: number): number } {
  const pm = new mupdf.Image(png).toPixmap();
  const w = pm.getWidth(),
    h = pm.getHeight(),
    s = pm.getStride(),
    n = pm.getNumberOfComponents(),
    px = pm.getPixels().slice();
  pm.destroy();
  return { w, h, at: (x, y) => px[y * s + x * n] };
}

/** Share of b's ink (dark pixels) that is dark in `a` too near the same place (a sampled at b's size,
 * optionally upside down): 1 for the same picture whatever the anti-aliasing, low for another. */
function inkAgreement(a: ReturnType<typeof gray>, b: ReturnType<typeof gray>, flip = false): number {
  let ink = 0,
    hit = 0;
  const sx = a.w / b.w,
    sy = a.h / b.h;
  for (let y = 0; y < b.h; y++)
    for (let x = 0; x < b.w; x++) {
      if (b.at(x, y) >= 128) continue;
      ink++;
      const yy = flip ? b.h - 1 - y : y;
      let dark = false;
      for (let dy = -1; dy <= 1 && !dark; dy++)
        for (let dx = -1; dx <= 1 && !dark; dx++) {
          const ax = Math.floor((x + 0.5 + dx) * sx),
            ay = Math.floor((yy + 0.5 + dy) * sy);
          if (ax >= 0 && ay >= 0 && ax < a.w && ay < a.h && a.at(ax, ay) < 128) dark = true;
        }
      if (dark) hit++;
    }
  return hit / Math.max(1, ink);
}

describe('1-bit mask crops', () => {
  it('encodes coverage as black on white, rows of any width', () => {
    const w = 11,
      h = 3,
      cover = new Uint8Array(w * h);
    for (let i = 0; i < cover.length; i++) cover[i] = i % 3 === 0 ? 255 : i % 3 === 1 ? 100 : 200;
    const g = gray(encodeMaskPng(cover, w, h));
    expect([g.w, g.h]).toEqual([w, h]);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(g.at(x, y)).toBe(cover[y * w + x] >= 128 ? 0 : 255);
  });

  it('crops a scanned screen of the IRS manual like the page render, upright, from the mask alone', () => {
    const doc = new PdfDocument(new Uint8Array(readFileSync(corpus('large/irs-manual-400p.pdf'))));
    const pg = doc.loadPage(16); // image_001: a 300-DPI fax mask drawn alone on its area
    try {
      const im = pg.raw.images.find((i) => i.width > 1000)!;
      const bbox: Rect = im.bbox;
      const shownPx = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]) * 4;
      const mask = pg.maskPng(im.id, 6.25 * shownPx);
      expect(mask).not.toBeNull();
      const m = gray(mask!),
        r = gray(pg.renderPng(bbox, 2, true));
      expect([m.w, m.h]).toEqual([im.width, im.height]);
      const same = inkAgreement(m, r),
        flipped = inkAgreement(m, r, true);
      expect(same).toBeGreaterThan(0.95);
      expect(flipped).toBeLessThan(0.8);
      // Too many pixels for the cap: rendered instead.
      expect(pg.maskPng(im.id, shownPx)).toBeNull();
    } finally {
      pg.close();
      doc.close();
    }
  });

  it('is refused when page text lies over the mask (the render keeps it)', () => {
    const doc = new PdfDocument(new Uint8Array(readFileSync(corpus('large/irs-manual-400p.pdf'))));
    const pg = doc.loadPage(16);
    try {
      const im = pg.raw.images.find((i) => i.width > 1000)!;
      const line = pg.raw.blocks[0].lines[0];
      // The same page with one of its text lines moved onto the picture.
      pg.raw.blocks[0].lines[0] = {
        ...line,
        bbox: [im.bbox[0] + 10, im.bbox[1] + 10, im.bbox[0] + 60, im.bbox[1] + 20],
      };
      pg.raw.blocks[0].bbox = [
        Math.min(pg.raw.blocks[0].bbox[0], im.bbox[0]),
        Math.min(pg.raw.blocks[0].bbox[1], im.bbox[1]),
        Math.max(pg.raw.blocks[0].bbox[2], im.bbox[2]),
        Math.max(pg.raw.blocks[0].bbox[3], im.bbox[3]),
      ];
      expect(pg.maskPng(im.id, 1e9)).toBeNull();
    } finally {
      pg.close();
      doc.close();
    }
  });

  describe('read from the packed rows of the mask', () => {
    /** A one-page PDF drawing `n` w×h image masks of pseudo-random bits side by side (`decode` on each). */
    function maskPdf(w: number, h: number, n: number, decode?: number[]): Uint8Array {
      const out = new mupdf.PDFDocument();
      const xobjects: Record<string, mupdf.PDFObject> = {};
      let content = '';
      for (let k = 0; k < n; k++) {
        const bits = new Uint8Array(((w + 7) >> 3) * h).map((_, i) => (i * 37 + k * 101 + 11) % 251);
        xobjects[`Im${k}`] = out.addStream(bits, {
          Type: 'XObject',
          Subtype: 'Image',
          Width: w,
          Height: h,
          ImageMask: true,
          BitsPerComponent: 1,
          ...(decode ? { Decode: decode } : {}),
        });
        content += `q ${w} 0 0 ${h} ${20 + k * (w + 10)} 20 cm /Im${k} Do Q\n`;
      }
      out.insertPage(-1, out.addPage([0, 0, 400, 200], 0, { XObject: xobjects }, content));
      const bytes = out.saveToBuffer('').asUint8Array().slice();
      out.destroy();
      return bytes;
    }

    it.each([[undefined], [[1, 0]], [[0, 1]]])(
      'gives the PNG of the decoder byte for byte (Decode %j, odd width)',
      (decode) => {
        const bytes = maskPdf(13, 7, 1, decode);
        const doc = new PdfDocument(bytes);
        const pg = doc.loadPage(0);
        const ref = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
        try {
          const xo = (ref.loadPage(0) as mupdf.PDFPage).getObject().get('Resources', 'XObject', 'Im0');
          const pm = ref.loadImage(xo).toPixmap();
          const px = pm.getPixels();
          const want = encodeMaskPng(
            new Uint8Array(px.buffer, px.byteOffset, px.length),
            pm.getWidth(),
            pm.getHeight(),
            pm.getStride(),
          );
          expect(maskRows((pg as unknown as { page: mupdf.Page }).page, 13, 7)).not.toBeNull();
          expect(Buffer.from(pg.maskPng(pg.raw.images[0].id, 1e9)!).equals(Buffer.from(want))).toBe(true);
        } finally {
          pg.close();
          doc.close();
          ref.destroy();
        }
      },
    );

    it('is not used when two masks of the same size could be meant (the image is decoded instead)', () => {
      const doc = new PdfDocument(maskPdf(13, 7, 2));
      const pg = doc.loadPage(0);
      try {
        expect(maskRows((pg as unknown as { page: mupdf.Page }).page, 13, 7)).toBeNull();
        expect(pg.maskPng(pg.raw.images[0].id, 1e9)).not.toBeNull();
      } finally {
        pg.close();
        doc.close();
      }
    });
  });
});
