// Reads a page's 1-bit image mask as its decoded PDF stream (packed rows, as stored) instead of through
// mupdf's image decoder, which unpacks every bit to a byte that the PNG encoder then packs back: the
// filter (e.g. CCITT fax) runs once, nothing is unpacked. The mask's PDF object is found among the
// page's image XObjects (forms included) by size; when it is not exactly one object, the caller
// decodes the image as before.
import type * as mupdf from 'mupdf';
import { decodeG4 } from './fax.ts';

/** Image-mask XObjects of `res` (and of the forms it uses), by object number; `seen` guards form loops. */
function masksOf(
  res: mupdf.PDFObject,
  w: number,
  h: number,
  out: Map<number, mupdf.PDFObject>,
  seen: Set<number>,
): void {
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
    } else if (
      sub === 'Image' &&
      x.get('ImageMask').asBoolean() &&
      x.get('Width').asNumber() === w &&
      x.get('Height').asNumber() === h
    ) {
      out.set(num, ref);
    }
  });
}

/** Where maskRows writes the rows: into `out` from byte `offset`, `stride` bytes apart (a PNG's row layout
 * has a filter byte before each row); with `stride` 0 each row is handed to `onRow` when done, so a
 * page-sized mask never needs its whole bitmap in memory: a G4 mask's row as its changes only (pixels
 * where ink and paper alternate; the row starts in ink when `inkFirst`), other masks' rows written over
 * the last one in `out` (changes null). */
export interface RowLayout {
  out: Uint8Array;
  offset: number;
  stride: number;
  onRow?: RowDone;
}
type RowDone = (y: number, changes: Int32Array | null, n: number, inkFirst: boolean) => void;

/**
 * The decoded rows of the page's only w×h image-mask XObject, one bit a pixel, most significant first,
 * `ceil(w / 8)` bytes a row, 0 = painted (ink), whatever the mask's Decode array; null when the page
 * has no such object or more than one, or its data is short or not plain 1-bit. The rows are packed
 * one after the other, or placed as `layout` says (then the result is `layout.out`).
 */
export function maskRows(page: mupdf.Page, w: number, h: number, layout?: RowLayout): Uint8Array | null {
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
  const rb = (w + 7) >> 3;
  const { out, offset, stride, onRow } = layout ?? { out: new Uint8Array(rb * h), offset: 0, stride: rb };
  /** Finishes row y (inverted when `flip`) and hands it on. */
  const done =
    (flip: boolean) =>
    (y: number, changes: Int32Array | null = null, n = 0) => {
      if (flip && (stride || !changes)) for (let i = offset + y * stride, e = i + rb; i < e; i++) out[i] ^= 255;
      onRow?.(y, changes, n, flip);
    };
  return g4Rows(x, w, h, out, offset, stride, invert, done) ?? decoded(x, rb, h, out, offset, stride, done(invert));
}

/** The stream's data through its filters (mupdf), copied row by row; null when shorter than h rows. */
function decoded(
  x: mupdf.PDFObject,
  rb: number,
  h: number,
  out: Uint8Array,
  offset: number,
  stride: number,
  done: (y: number) => void,
): Uint8Array | null {
  const buf = x.readStream();
  try {
    const data = buf.asUint8Array();
    if (data.length < rb * h) return null;
    for (let y = 0; y < h; y++) {
      out.set(data.subarray(y * rb, y * rb + rb), offset + y * stride);
      done(y);
    }
    return out;
  } finally {
    buf.destroy();
  }
}

/** A plain G4 fax mask (CCITTFaxDecode alone, K < 0, rows not byte-aligned) decoded by fax.ts; null for
 * any other stream, or when fax.ts does not read it to the end (rows handed on before that stand). */
function g4Rows(
  x: mupdf.PDFObject,
  w: number,
  h: number,
  out: Uint8Array,
  offset: number,
  stride: number,
  invert: boolean,
  done: (flip: boolean) => (y: number, changes?: Int32Array, n?: number) => void,
): Uint8Array | null {
  const one = (o: mupdf.PDFObject) => (o.isArray() ? (o.length === 1 ? o.get(0) : null) : o);
  const filter = one(x.get('Filter')),
    parms = one(x.get('DecodeParms'));
  if (!filter?.isName() || filter.asName() !== 'CCITTFaxDecode' || !parms?.isDictionary()) return null;
  const num = (k: string, dflt: number) => {
    const v = parms.get(k);
    return v.isNumber() ? v.asNumber() : dflt;
  };
  const flag = (k: string) => parms.get(k).asBoolean();
  if (num('K', 0) >= 0 || num('Columns', 1728) !== w || num('Rows', h) !== h || flag('EncodedByteAlign')) return null;
  const buf = x.readRawStream();
  try {
    return decodeG4(buf.asUint8Array(), w, h, out, offset, stride, done(flag('BlackIs1') !== invert));
  } finally {
    buf.destroy();
  }
}
