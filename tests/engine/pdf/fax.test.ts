// The G4 fax decoder of image masks gives the rows mupdf's CCITTFaxDecode gives, bit for bit, on the
// corpus's fax images (small glyph masks, scanned screens, a page-sized scan); anything it does not read
// to the end is null, so that mupdf decodes it instead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../../engine/pdf/wasm-handle.ts';
import * as mupdf from 'mupdf';
import { decodeG4 } from '../../../engine/pdf/fax.ts';
import { corpus } from '../parse/helpers.ts';

interface Fax {
  w: number;
  h: number;
  columns: number;
  raw: Uint8Array;
  want: Uint8Array;
}

/** The G4 (K < 0) image XObjects of a corpus PDF's first `pages` pages: raw data and mupdf's decoding. */
function faxImages(rel: string, pages = Infinity): Fax[] {
  const doc = mupdf.Document.openDocument(readFileSync(corpus(rel)), 'application/pdf') as mupdf.PDFDocument;
  const out: Fax[] = [],
    seen = new Set<number>();
  try {
    for (let p = 0; p < Math.min(pages, doc.countPages()); p++) {
      const xo = (doc.loadPage(p) as mupdf.PDFPage).getObject().getInheritable('Resources').get('XObject');
      if (!xo.isDictionary()) continue;
      xo.forEach((ref) => {
        if (!ref.isIndirect() || seen.has(ref.asIndirect())) return;
        seen.add(ref.asIndirect());
        const parms = ref.get('DecodeParms');
        if (
          ref.get('Filter').toString() !== '/CCITTFaxDecode' ||
          !(parms.get('K').asNumber() < 0) ||
          parms.get('BlackIs1').asBoolean()
        )
          return;
        const w = ref.get('Width').asNumber(),
          h = ref.get('Height').asNumber();
        const columns = parms.get('Columns').isNumber() ? parms.get('Columns').asNumber() : 1728;
        out.push({
          w,
          h,
          columns,
          raw: ref.readRawStream().asUint8Array().slice(),
          want: ref
            .readStream()
            .asUint8Array()
            .slice(0, ((columns + 7) >> 3) * h),
        });
      });
    }
  } finally {
    doc.destroy();
  }
  return out;
}

/** Rows equal but for the unused bits of each row's last byte. */
function sameRows(got: Uint8Array, want: Uint8Array, columns: number): boolean {
  const rb = (columns + 7) >> 3,
    pad = columns & 7 ? 0xff >> (columns & 7) : 0;
  if (got.length !== want.length) return false;
  for (let i = 0; i < got.length; i++)
    if (((got[i] ^ want[i]) & ~(i % rb === rb - 1 ? pad : 0) & 0xff) !== 0) return false;
  return true;
}

describe('G4 fax decoding of image masks', () => {
  it.each([
    ['cjk/small_ocr.pdf', Infinity, 400],
    ['pdf-digital/federal-register-2020-17221.pdf', Infinity, 10],
    ['large/irs-manual-400p.pdf', 40, 8],
  ])('decodes every G4 image of %s as mupdf does', (rel, pages, atLeast) => {
    const images = faxImages(rel, pages);
    expect(images.length).toBeGreaterThanOrEqual(atLeast);
    const wrong = images.filter((f) => {
      const got = decodeG4(f.raw, f.columns, f.h);
      return !got || !sameRows(got, f.want, f.columns);
    });
    expect(wrong.map((f) => `${f.w}x${f.h}`)).toEqual([]);
  });

  it('gives null, not wrong rows, for data that ends early or is not G4', () => {
    const [f] = faxImages('large/irs-manual-400p.pdf', 20);
    expect(decodeG4(f.raw.subarray(0, f.raw.length >> 1), f.columns, f.h)).toBeNull();
    expect(decodeG4(new Uint8Array(64), f.columns, f.h)).toBeNull(); // zeros: no valid mode code
  });
});
