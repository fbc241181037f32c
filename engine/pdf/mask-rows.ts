// Reads a page's 1-bit image mask as its decoded PDF stream (packed rows, as stored) instead of through
// mupdf's image decoder, which unpacks every bit to a byte that the PNG encoder then packs back: the
// filter (e.g. CCITT fax) runs once, nothing is unpacked. The mask's PDF object is found among the
// page's image XObjects (forms included) by size; when it is not exactly one object, the caller
// decodes the image as before.
import * as mupdf from 'mupdf';

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
  const buf = x.readStream();
  try {
    const size = ((w + 7) >> 3) * h;
    const data = buf.asUint8Array();
    if (data.length < size) return null;
    const rows = data.slice(0, size);
    if (invert) for (let i = 0; i < size; i++) rows[i] ^= 255;
    return rows;
  } finally {
    buf.destroy();
  }
}
