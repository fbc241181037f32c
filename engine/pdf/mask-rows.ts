// Reads a page's 1-bit image mask as its decoded PDF stream (packed rows, as stored) instead of through
// mupdf's image decoder, which unpacks every bit to a byte that the PNG encoder then packs back: the
// filter (e.g. CCITT fax) runs once, nothing is unpacked. The mask's PDF object is found among the
// page's image XObjects (forms included) by size; when it is not exactly one object, the caller
// decodes the image as before.
import * as mupdf from 'mupdf';
import { decodeG4 } from './fax.ts';

/** Image-mask XObjects of `res` (and of the forms it uses), by object number; `seen` guards form loops. */
function masksOf(res: mupdf.PDFObject, w: number, h: number, out: Map<number, mupdf.PDFObject>, seen: Set<number>): void {
  const xobjects = res.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((ref) => {
    const num = ref.isIndirect() ? ref.asIndirect() : -1;
    if (num >= 0 && seen.has(num)) return;
    if (num >= 0) seen.add(num);
    if (!ref.isStream()) return; // asked of the reference: mupdf's resolved dict does not know its stream
    const x = ref.resolve();
    const sub = x.get('Subtype').asName();
    if (sub === 'Form') {
      const r = x.get('Resources');
      if (r.isDictionary()) masksOf(r, w, h, out, seen);
    } else if (sub === 'Image' && x.get('ImageMask').asBoolean() && x.get('Width').asNumber() === w && x.get('Height').asNumber() === h) {
      out.set(num, ref);
    }
  });
}

/**
 * The decoded rows of the page's only w×h image-mask XObject, one bit a pixel, most significant first,
 * `ceil(w / 8)` bytes a row, 0 = painted (ink), whatever the mask's Decode array; null when the page
 * has no such object or more than one, or its data is short or not plain 1-bit.
 */
export function maskRows(page: mupdf.Page, w: number, h: number): Uint8Array | null {
  const pdfPage = page as mupdf.PDFPage;
  if (typeof pdfPage.getObject !== 'function') return null;
  const res = pdfPage.getObject().getInheritable('Resources');
  if (!res.isDictionary()) return null;
  const found = new Map<number, mupdf.PDFObject>();
  masksOf(res, w, h, found, new Set());
  if (found.size !== 1 || found.has(-1)) return null;
  const [x] = found.values();
  const bpc = x.get('BitsPerComponent');
  if (!bpc.isNull() && bpc.asNumber() !== 1) return null;
  const decode = x.get('Decode');
  const invert = decode.isArray() && decode.get(0).asNumber() === 1;
  const size = ((w + 7) >> 3) * h;
  const rows = g4Rows(x, w, h) ?? decoded(x, size);
  if (rows && invert) for (let i = 0; i < size; i++) rows[i] ^= 255;
  return rows;
}

/** The stream's data through its filters (mupdf), the first `size` bytes; null when shorter. */
function decoded(x: mupdf.PDFObject, size: number): Uint8Array | null {
  const buf = x.readStream();
  try {
    const data = buf.asUint8Array();
    return data.length < size ? null : data.slice(0, size);
  } finally {
    buf.destroy();
  }
}

/** A plain G4 fax mask (CCITTFaxDecode alone, K < 0, rows not byte-aligned) decoded by fax.ts; null for
 * any other stream, or when fax.ts does not read it to the end. */
function g4Rows(x: mupdf.PDFObject, w: number, h: number): Uint8Array | null {
  const one = (o: mupdf.PDFObject) => (o.isArray() ? (o.length === 1 ? o.get(0) : null) : o);
  const filter = one(x.get('Filter')), parms = one(x.get('DecodeParms'));
  if (!filter?.isName() || filter.asName() !== 'CCITTFaxDecode' || !parms?.isDictionary()) return null;
  const num = (k: string, dflt: number) => { const v = parms.get(k); return v.isNumber() ? v.asNumber() : dflt; };
  const flag = (k: string) => parms.get(k).asBoolean();
  if (num('K', 0) >= 0 || num('Columns', 1728) !== w || num('Rows', h) !== h || flag('EncodedByteAlign')) return null;
  const buf = x.readRawStream();
  try {
    const rows = decodeG4(buf.asUint8Array(), w, h);
    if (rows && flag('BlackIs1')) for (let i = 0; i < rows.length; i++) rows[i] ^= 255;
    return rows;
  } finally {
    buf.destroy();
  }
}
