// mupdf (AGPL-3.0) for whole files rather than page text: protected PDFs decrypted with a password, image
// files decoded to a PNG or to grey pixels for OCR, the pixmap conversions mupdf.ts shares, and mupdf's
// settings for the thread (its log, colour management, when its store is emptied).
import './wasm-handle.ts'; // first: mupdf must find the module handle when it loads
import * as mupdf from 'mupdf';
import { encodeMaskPng, encodePng } from './png.ts';

mupdf.setLog(null); // repair warnings of broken files are not ours to print
mupdf.disableICC(); // colour management costs more than it brings to crops and text

/** Pages closed on this thread (and those with crops), and how many of each may share mupdf's store
 * between two empties (see pageClosed). */
let closedPages = 0,
  cropPages = 0;
const STORE_PAGES = 32,
  STORE_CROP_PAGES = 8;

/** A page was closed (`decoded`: a crop of it decoded images). mupdf's store caches fonts and decoded images
 * up to 256 MB per thread, and the WASM memory it grows never shrinks: empty it after every few pages whose
 * crops decoded images, and every few pages anyway, so memory stays flat whatever the page count. (After
 * every crop page it cost ~12% CPU on the IRS manual for the same memory.) */
export function pageClosed(decoded: boolean): void {
  if (decoded) cropPages++;
  closedPages++;
  if ((decoded && cropPages % STORE_CROP_PAGES === 0) || closedPages % STORE_PAGES === 0) mupdf.emptyStore();
}

/** A decoded 1-bit image mask (no colour space, one alpha component) as a 1-bit PNG; null for another
 * pixmap. Frees it. */
export function maskPixmapPng(pm: mupdf.Pixmap): Uint8Array | null {
  try {
    const cs = pm.getColorSpace();
    cs?.destroy();
    if (cs || pm.getNumberOfComponents() !== 1 || !pm.getAlpha()) return null;
    const px = pm.getPixels();
    return encodeMaskPng(
      new Uint8Array(px.buffer, px.byteOffset, px.length),
      pm.getWidth(),
      pm.getHeight(),
      pm.getStride(),
    );
  } finally {
    pm.destroy();
  }
}

/** The PDF saved with mupdf's `options`, as bytes the caller owns. */
function savedBytes(pdf: mupdf.PDFDocument, options: string): Uint8Array {
  const buf = pdf.saveToBuffer(options);
  try {
    return buf.asUint8Array().slice();
  } finally {
    buf.destroy();
  }
}

/** A password-protected PDF opened with `password` and saved without encryption; null if the password is wrong. */
export function decryptPdf(data: Uint8Array, password: string): Uint8Array | null {
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  try {
    if (doc.needsPassword() && !doc.authenticatePassword(password)) return null;
    const pdf = doc.asPDF();
    if (!pdf) return null;
    return savedBytes(pdf, 'encrypt=none');
  } finally {
    doc.destroy();
  }
}

/** PNG of a pixmap (gray or RGB, alpha kept; other colour spaces go to RGB), with our fast encoder. Frees it. */
export function pixmapPng(pm: mupdf.Pixmap): Uint8Array {
  let p = pm;
  try {
    const cs = pm.getColorSpace();
    if (!cs) throw new Error('stencil mask');
    if (!(cs.isRGB() || cs.isGray())) p = pm.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, !!pm.getAlpha());
    const n = p.getNumberOfComponents() as 1 | 2 | 3 | 4;
    return encodePng(p.getPixels(), p.getWidth(), p.getHeight(), n, p.getStride());
  } finally {
    if (p !== pm) p.destroy();
    pm.destroy();
  }
}

/** Decodes an image file (PNG, JPEG, GIF, BMP, TIFF; not WebP) to its size and a PNG encoding. */
export function decodeImage(
  data: Uint8Array,
  wantPng: boolean,
): { width: number; height: number; png: Uint8Array | null } {
  const img = new mupdf.Image(data);
  try {
    const width = img.getWidth(),
      height = img.getHeight();
    if (!wantPng) return { width, height, png: null };
    return { width, height, png: pixmapPng(img.toPixmap()) };
  } finally {
    img.destroy();
  }
}

/** One byte per pixel, row-major (0 = black): what OCR reads. */
export interface GrayPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A pixmap as tightly packed grey pixels (converted when it is not grey; transparency over white); frees it. */
export function grayOf(pm: mupdf.Pixmap): GrayPixels {
  let p = pm;
  try {
    const alpha = !!pm.getAlpha();
    if (pm.getNumberOfComponents() !== 1) p = pm.convertToColorSpace(mupdf.ColorSpace.DeviceGray, alpha);
    const w = p.getWidth(),
      h = p.getHeight(),
      stride = p.getStride(),
      src = p.getPixels(),
      n = alpha ? 2 : 1;
    const data = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      const r = y * stride,
        o = y * w;
      if (!alpha) data.set(src.subarray(r, r + w), o);
      else
        for (let x = 0; x < w; x++) {
          const a = src[r + x * n + 1];
          data[o + x] = Math.min(255, src[r + x * n] + 255 - a);
        } // premultiplied
    }
    return { width: w, height: h, data };
  } finally {
    if (p !== pm) p.destroy();
    pm.destroy();
  }
}

/** Page `i` of `doc` drawn `widthPx` pixels wide (opaque, annotations included). */
export function pagePixmap(doc: mupdf.Document, i: number, widthPx: number, cs: mupdf.ColorSpace): mupdf.Pixmap {
  const pg = doc.loadPage(i);
  try {
    const b = pg.getBounds();
    const s = widthPx / Math.max(1, b[2] - b[0]);
    return pg.toPixmap(mupdf.Matrix.scale(s, s), cs, false, true);
  } finally {
    pg.destroy();
  }
}

/** The pages of an image file (several for a multi-page TIFF) decoded to grey at their own pixel size. */
export function decodeImagePages(
  data: Uint8Array,
  magic: string,
): { count: number; page(i: number): GrayPixels; close(): void } {
  const first = new mupdf.Image(data);
  const w0 = first.getWidth();
  first.destroy();
  const doc = mupdf.Document.openDocument(data, magic);
  return {
    count: doc.countPages(),
    page(i) {
      if (i === 0 && magic !== 'image/tiff') {
        const img = new mupdf.Image(data);
        try {
          return grayOf(img.toPixmap());
        } finally {
          img.destroy();
        }
      }
      return grayOf(pagePixmap(doc, i, w0, mupdf.ColorSpace.DeviceGray));
    },
    close: () => doc.destroy(),
  };
}

/** The PDF with only the pages `keep` (0-based, in document order): what a request's page range leaves. */
export function subsetPdf(data: Uint8Array, keep: readonly number[]): Uint8Array {
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  try {
    const pdf = doc.asPDF();
    if (!pdf) throw new Error('not a PDF');
    pdf.rearrangePages([...keep]);
    return savedBytes(pdf, 'garbage=compact');
  } finally {
    doc.destroy();
  }
}
