// mupdf (AGPL-3.0) for PDF pages: open PDFs, a page's text layer, images and vector boxes as plain
// RawPage data (read by stext-extract.ts), and its crops as PNG. Whole image files and protected PDFs:
// mupdf-files.ts.
import './wasm-handle.ts'; // first: mupdf must find the module handle when it loads
import * as mupdf from 'mupdf';
import type { RawPage, Rect } from '../raw.ts';
import { bitRowsLayout, encodeBitRowsPng } from './png.ts';
import { maskRows } from './mask-rows.ts';
import { renderWithMasks } from './mask-render.ts';
import { extractText } from './stext-extract.ts';
import { grayOf, maskPixmapPng, pageClosed, pixmapPng, type GrayPixels } from './mupdf-files.ts';
import { frameFor, identityFrame, pageTurn } from './frame.ts';
import { MAX_CROP_PIXELS, renderScale } from '../input/caps.ts';

// mupdf's log, colour management and store are managed in mupdf-files.ts (imported above).

/** `damaged`: the document was repaired (PdfDocument sets it): text in fonts it lost is unmapped. */
export interface ExtractOptions {
  vectors?: boolean;
  images?: boolean;
  damaged?: boolean;
}

/** How many times more pixels than drawn a 1-bit mask has when renderPng scales it itself (mask-render.ts). */
const BIG_MASK = 16;

export class PdfPage {
  readonly raw: RawPage;
  private page: mupdf.Page;
  private imgs: mupdf.Image[] = [];
  /** Per image: drawn upright (not turned or mirrored) on the page. */
  private upright: boolean[] = [];
  private ox: number;
  private oy: number;
  /** Some image of this page was decoded (a crop): see close(). */
  private decoded = false;
  constructor(doc: mupdf.Document, index: number, opts: ExtractOptions) {
    this.page = doc.loadPage(index);
    const b = this.page.getBounds();
    this.ox = b[0];
    this.oy = b[1];
    const W = b[2] - b[0],
      H = b[3] - b[1];
    const flags = [
      'preserve-whitespace',
      opts.images !== false ? 'preserve-images' : '',
      opts.vectors !== false ? 'vectors' : '',
    ];
    const st = this.page.toStructuredText(flags.filter(Boolean).join(','));
    const painted = opts.images !== false && opts.vectors !== false;
    try {
      let frame = identityFrame(W, H);
      const into = { ox: this.ox, oy: this.oy, imgs: this.imgs, upright: this.upright, painted, damaged: opts.damaged };
      let ex = extractText(st, frame, into);
      // Mostly sideways text (a landscape table on a portrait page): analyse the page turned.
      const turn = pageTurn(ex.dirChars);
      if (turn) {
        for (const i of this.imgs) i.destroy();
        this.imgs.length = 0;
        this.upright.length = 0;
        frame = frameFor(turn, W, H);
        ex = extractText(st, frame, into);
      }
      this.raw = {
        index,
        width: frame.w,
        height: frame.h,
        rotation: frame.rotation,
        pageWidth: W,
        pageHeight: H,
        blocks: ex.blocks,
        images: ex.images,
        vectors: ex.vectors,
      };
    } finally {
      st.destroy();
    }
  }

  /** The page area `bbox` (points) rendered at `scale` pixels per point (less when the area is over the
   * crop cap, engine/input/caps.ts), as PNG (gray or RGB). */
  renderPng(bbox: Rect, want: number, gray = false): Uint8Array {
    this.decoded = true;
    const scale = renderScale(bbox[2] - bbox[0], bbox[3] - bbox[1], want, MAX_CROP_PIXELS);
    const ib: mupdf.Rect = [
      Math.floor(bbox[0] * scale),
      Math.floor(bbox[1] * scale),
      Math.ceil(bbox[2] * scale),
      Math.ceil(bbox[3] * scale),
    ];
    const pix = new mupdf.Pixmap(gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB, ib, false);
    pix.clear(255);
    const ctm = mupdf.Matrix.concat(mupdf.Matrix.translate(-this.ox, -this.oy), mupdf.Matrix.scale(scale, scale));
    // A 1-bit mask of many times the pixels it is drawn at (a page-sized scan): its bits are scaled by us.
    const shown = (r: Rect) => (r[2] - r[0]) * (r[3] - r[1]) * scale * scale;
    if (
      this.raw.images.some(
        (im) => im.width * im.height >= BIG_MASK * shown(im.bbox) && this.imgs[im.id]?.getImageMask(),
      )
    ) {
      if (renderWithMasks(this.page, pix, ctm, BIG_MASK)) return pixmapPng(pix);
      pix.clear(255); // a drawing call failed: render the usual way
    }
    const dev = new mupdf.DrawDevice(ctm, pix);
    try {
      this.page.run(dev, mupdf.Matrix.identity);
      dev.close();
    } finally {
      dev.destroy();
    }
    return pixmapPng(pix);
  }

  /** The whole page rendered in grey at `scale` pixels per point (for OCR; the caller keeps it within the
   * render cap, engine/input/caps.ts renderScale). */
  renderGray(scale: number): GrayPixels {
    return grayOf(this.page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true));
  }

  /** An embedded image in its own resolution, as PNG. */
  imagePng(id: number): Uint8Array {
    this.decoded = true;
    return pixmapPng(this.imgs[id].toPixmap());
  }

  /**
   * A 1-bit image mask that is a whole figure, as a 1-bit PNG at its own resolution (ink black on
   * white): decoding the mask alone costs a third of rendering the page area, with no scaling. Null
   * (render instead) unless the mask is drawn upright, whole inside the page, with nothing else of the
   * page (text, vector, other image) over or under it, and at most `maxPx` pixels.
   */
  maskPng(id: number, maxPx: number): Uint8Array | null {
    const im = this.raw.images[id],
      img = this.imgs[id];
    if (
      !im ||
      !img ||
      this.raw.rotation !== 0 ||
      !this.upright[id] ||
      !img.getImageMask() ||
      im.width * im.height > maxPx
    )
      return null;
    const b = im.bbox,
      { width: W, height: H } = this.raw;
    if (b[0] < 0 || b[1] < 0 || b[2] > W || b[3] > H) return null;
    const hits = (r: Rect) => r[0] < b[2] && b[0] < r[2] && r[1] < b[3] && b[1] < r[3];
    if (this.raw.vectors.some((v) => hits(v.bbox)) || this.raw.images.some((o) => o.id !== id && hits(o.bbox)))
      return null;
    if (this.raw.blocks.some((bl) => hits(bl.bbox) && bl.lines.some((l) => hits(l.bbox)))) return null;
    let rows: Uint8Array | null = null;
    try {
      rows = maskRows(this.page, im.width, im.height, bitRowsLayout(im.width, im.height));
    } catch {
      // a stream mupdf cannot read as such: decode the image instead
    }
    if (rows) return encodeBitRowsPng(rows, im.width, im.height); // nothing decoded into mupdf's store
    this.decoded = true;
    return maskPixmapPng(img.toPixmap());
  }

  close(): void {
    for (const i of this.imgs) i.destroy();
    this.imgs = [];
    this.upright = [];
    this.page.destroy();
    pageClosed(this.decoded); // mupdf's store is emptied every few pages
  }
}

export class PdfDocument {
  private doc: mupdf.Document;
  readonly pageCount: number;
  readonly needsPassword: boolean;
  /** mupdf rebuilt a broken cross-reference table (a truncated or damaged file): content may be missing. */
  readonly repaired: boolean;
  constructor(data: Uint8Array, magic = 'application/pdf') {
    this.doc = mupdf.Document.openDocument(data, magic);
    this.needsPassword = this.doc.needsPassword();
    this.pageCount = this.needsPassword ? 0 : this.doc.countPages();
    this.repaired = this.doc.asPDF()?.wasRepaired() ?? false;
  }
  loadPage(index: number, opts: ExtractOptions = {}): PdfPage {
    return new PdfPage(this.doc, index, this.repaired ? { damaged: true, ...opts } : opts);
  }
  close(): void {
    this.doc.destroy();
  }
}
