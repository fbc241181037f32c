// mupdf (AGPL-3.0) for PDF pages: open PDFs, extract a page's text layer, images and vector boxes into
// plain RawPage data, and encode crops as PNG. Whole image files and protected PDFs: mupdf-files.ts.
import './wasm-handle.ts'; // first: mupdf must find the module handle when it loads
import * as mupdf from 'mupdf';
import type { RawBlock, RawImage, RawLine, RawPage, RawVector, Rect } from './raw.ts';
import { encodeBitRowsPng, encodeMaskPng } from './png.ts';
import { maskRows } from './mask-rows.ts';
import { LineBuilder, type FontInfo } from './line-builder.ts';
import { walkStext } from './stext-walk.ts';
import { grayOf, pixmapPng, type GrayPixels } from './mupdf-files.ts';
import { frameFor, identityFrame, rectToFrame, rotationOf, type Frame, type Rotation } from './frame.ts';

// mupdf's log and colour management are set once, in mupdf-files.ts (imported above).

const BOLD_NAME = /bold|black|heavy|semibold|demi|[-,]medi|cmbx|cmb\d/i;
const ITALIC_NAME = /italic|oblique|cmti|cmmi/i;
const MONO_NAME = /mono|courier|consol|menlo|monaco|inconsolata|sourcecode|firacode|cmtt|typewriter/i;

/** A font whose narrow glyphs ("i", "I", ".") advance as far as its wide ones ("m", "M", "W") is
 * monospaced whatever its name (listing faces of manuals; subsets may hold capitals only). */
function fixedPitch(font: mupdf.Font): boolean {
  try {
    const adv = (s: string) => [...s].map((c) => font.encodeCharacter(c.charCodeAt(0))).filter((g) => g > 0).map((g) => font.advanceGlyph(g));
    const narrow = adv('iI.l('), wide = adv('mMW');
    if (!narrow.length || !wide.length) return false;
    const all = [...narrow, ...wide];
    return Math.min(...all) > 0 && Math.max(...all) - Math.min(...all) < 0.01 * Math.max(...all);
  } catch {
    return false;
  }
}

export interface ExtractOptions { vectors?: boolean; images?: boolean }

interface Extracted { blocks: RawBlock[]; images: RawImage[]; vectors: RawVector[]; dirChars: Map<number, number> }

/** Pages closed on this thread (and those with crops), and how many of each may share mupdf's store
 * between two empties (see close). */
let closedPages = 0, cropPages = 0;
const STORE_PAGES = 32, STORE_CROP_PAGES = 8;

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
    const W = b[2] - b[0], H = b[3] - b[1];
    const flags = ['preserve-whitespace', opts.images !== false ? 'preserve-images' : '', opts.vectors !== false ? 'vectors' : ''];
    const st = this.page.toStructuredText(flags.filter(Boolean).join(','));
    try {
      let frame = identityFrame(W, H);
      let ex = this.extract(st, frame);
      // Mostly sideways text (a landscape table on a portrait page): analyse the page turned.
      let all = 0, best: Rotation = 0, bestN = 0;
      for (const [rot, n] of ex.dirChars) { all += n; if (rot > 0 && n > bestN) { best = rot as Rotation; bestN = n; } }
      if (bestN > 0.6 * all && all >= 20) {
        for (const i of this.imgs) i.destroy();
        this.imgs = [];
        this.upright = [];
        frame = frameFor(best, W, H);
        ex = this.extract(st, frame);
      }
      this.raw = { index, width: frame.w, height: frame.h, rotation: frame.rotation, pageWidth: W, pageHeight: H, blocks: ex.blocks, images: ex.images, vectors: ex.vectors };
    } finally {
      st.destroy();
    }
  }

  private extract(st: mupdf.StructuredText, frame: Frame): Extracted {
    const fonts = new Map<number, FontInfo>(); // per page: a freed font's pointer may be reused later
    const blocks: RawBlock[] = [], images: RawImage[] = [], vectors: RawVector[] = [];
    const dirChars = new Map<number, number>();
    let lines: RawLine[] = [];
    const lb = new LineBuilder();
    let inLine = false;
    let curRot = 0;
    const ox = this.ox, oy = this.oy;
    lb.ox = ox;
    lb.oy = oy;
    const tq = new Float64Array(8);
    const upright = frame.rotation === 0; // the frame is the page: no corner mapping
    const tr = (r: mupdf.Rect): Rect => rectToFrame(frame, [r[0] - ox, r[1] - oy, r[2] - ox, r[3] - oy]);
    let lineChars = 0, lastKey = -1, lastFont: FontInfo | undefined;
    const flush = () => { const l = inLine ? lb.toLine() : null; if (l) lines.push(l); };
    walkStext(st, {
      beginTextBlock: () => { lines = []; },
      beginLine: (wmode, dir) => {
        lineChars = 0;
        const [dx] = frame.dir(dir[0], dir[1]);
        curRot = wmode !== 0 ? -1 : rotationOf(dir[0], dir[1]);
        lb.reset(wmode !== 0 || dx < 0.95);
        inLine = true;
      },
      onChar: (c, fontKey, size, q) => {
        // Runs of chars share a font: the map is looked up only when it changes.
        let f = fontKey === lastKey ? lastFont : fonts.get(fontKey);
        if (!f) {
          const font = new mupdf.Font(fontKey as unknown as string); // a pointer: mupdf keeps it
          try {
            const name = font.getName();
            f = { name, bold: font.isBold() || BOLD_NAME.test(name), italic: font.isItalic() || ITALIC_NAME.test(name), mono: font.isMono() || MONO_NAME.test(name) || fixedPitch(font) };
          } finally {
            font.destroy();
          }
          fonts.set(fontKey, f);
        }
        lastKey = fontKey;
        lastFont = f;
        // The quad's corners (ul, ur, ll, lr) in the frame: the page's as given (less its origin), a
        // turned frame's mapped into `tq`.
        let qq: ArrayLike<number> = q;
        if (!upright) {
          for (let i = 0; i < 8; i += 2) { const pt = frame.point(q[i] - ox, q[i + 1] - oy); tq[i] = pt[0]; tq[i + 1] = pt[1]; }
          qq = tq;
        }
        if (c !== ' ') lineChars++;
        // A wide horizontal gap inside one mupdf line (table columns, gutters) starts a new line.
        if (!lb.rotated && lb.n && c !== ' ' && lb.left(qq, upright) - lb.right > 1.6 * Math.max(size, 4)) {
          flush();
          lb.reset(false);
        }
        lb.add(c, qq, upright, size, f);
      },
      endLine: () => {
        flush();
        inLine = false;
        // Per line (its direction is the line's): same counts, same first-seen order as per char.
        if (lineChars) dirChars.set(curRot, (dirChars.get(curRot) ?? 0) + lineChars);
      },
      endTextBlock: () => {
        if (!lines.length) return;
        let bb: Rect = [...lines[0].bbox];
        for (const l of lines) bb = [Math.min(bb[0], l.bbox[0]), Math.min(bb[1], l.bbox[1]), Math.max(bb[2], l.bbox[2]), Math.max(bb[3], l.bbox[3])];
        blocks.push({ bbox: bb, lines });
      },
      onImageBlock: (bbox, image, m) => {
        this.upright.push(m[0] > 0 && m[3] > 0 && Math.abs(m[1]) < 1e-3 * m[0] && Math.abs(m[2]) < 1e-3 * m[3]);
        const cs = image.getColorSpace();
        const gray = image.getImageMask() || (!!cs && cs.isGray());
        cs?.destroy();
        images.push({ bbox: tr(bbox), id: this.imgs.length, width: image.getWidth(), height: image.getHeight(), gray });
        this.imgs.push(image);
      },
      onVector: (bbox, stroked, isRect, color) => {
        const c = color.length === 3 ? ((color[0] * 255) << 16) | ((color[1] * 255) << 8) | (color[2] * 255) : color.length === 1 ? Math.round(color[0] * 255) * 0x10101 : 0;
        vectors.push({ bbox: tr(bbox), stroked, rect: isRect, color: c });
      },
    });
    return { blocks, images, vectors, dirChars };
  }

  /** The page area `bbox` (points) rendered at `scale` pixels per point, as PNG (gray or RGB). */
  renderPng(bbox: Rect, scale: number, gray = false): Uint8Array {
    this.decoded = true;
    const ib: mupdf.Rect = [Math.floor(bbox[0] * scale), Math.floor(bbox[1] * scale), Math.ceil(bbox[2] * scale), Math.ceil(bbox[3] * scale)];
    const pix = new mupdf.Pixmap(gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB, ib, false);
    pix.clear(255);
    const ctm = mupdf.Matrix.concat(mupdf.Matrix.translate(-this.ox, -this.oy), mupdf.Matrix.scale(scale, scale));
    const dev = new mupdf.DrawDevice(ctm, pix);
    try {
      this.page.run(dev, mupdf.Matrix.identity);
      dev.close();
    } finally {
      dev.destroy();
    }
    return pixmapPng(pix);
  }

  /** The whole page rendered in grey at `scale` pixels per point (for OCR). */
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
    const im = this.raw.images[id], img = this.imgs[id];
    if (!im || !img || this.raw.rotation !== 0 || !this.upright[id] || !img.getImageMask() || im.width * im.height > maxPx) return null;
    const b = im.bbox, { width: W, height: H } = this.raw;
    if (b[0] < 0 || b[1] < 0 || b[2] > W || b[3] > H) return null;
    const hits = (r: Rect) => r[0] < b[2] && b[0] < r[2] && r[1] < b[3] && b[1] < r[3];
    if (this.raw.vectors.some((v) => hits(v.bbox)) || this.raw.images.some((o) => o.id !== id && hits(o.bbox))) return null;
    if (this.raw.blocks.some((bl) => hits(bl.bbox) && bl.lines.some((l) => hits(l.bbox)))) return null;
    let rows: Uint8Array | null = null;
    try {
      rows = maskRows(this.page, im.width, im.height);
    } catch {
      // a stream mupdf cannot read as such: decode the image instead
    }
    if (rows) return encodeBitRowsPng(rows, im.width, im.height); // nothing decoded into mupdf's store
    this.decoded = true;
    const pm = img.toPixmap();
    try {
      const cs = pm.getColorSpace();
      cs?.destroy();
      if (cs || pm.getNumberOfComponents() !== 1 || !pm.getAlpha()) return null;
      const px = pm.getPixels();
      return encodeMaskPng(new Uint8Array(px.buffer, px.byteOffset, px.length), pm.getWidth(), pm.getHeight(), pm.getStride());
    } finally {
      pm.destroy();
    }
  }

  close(): void {
    for (const i of this.imgs) i.destroy();
    this.imgs = [];
    this.upright = [];
    this.page.destroy();
    // mupdf's store caches fonts and decoded images up to 256 MB per thread, and the WASM memory it
    // grows never shrinks: empty it after every few pages whose crops decoded images, and every few
    // pages anyway, so memory stays flat whatever the page count. (After every crop page it cost ~12%
    // CPU on the IRS manual for the same memory.)
    if (this.decoded) cropPages++;
    closedPages++;
    if ((this.decoded && cropPages % STORE_CROP_PAGES === 0) || closedPages % STORE_PAGES === 0) mupdf.emptyStore();
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
    return new PdfPage(this.doc, index, opts);
  }
  close(): void {
    this.doc.destroy();
  }
}
