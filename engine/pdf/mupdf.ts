// The only module that talks to mupdf (AGPL-3.0): open PDFs and images, extract a page's text layer,
// images and vector boxes into plain RawPage data, and encode crops as PNG.
import * as mupdf from 'mupdf';
import type { RawBlock, RawImage, RawLine, RawPage, RawVector, Rect } from './raw.ts';
import { encodePng } from './png.ts';

mupdf.setLog(null); // repair warnings of broken files are not ours to print
mupdf.disableICC(); // colour management costs more than it brings to crops and text

interface FontInfo { name: string; bold: boolean; italic: boolean; mono: boolean }
const BOLD_NAME = /bold|black|heavy|semibold|demi|[-,]medi|cmbx|cmb\d/i;
const ITALIC_NAME = /italic|oblique|cmti|cmmi/i;

const ALEFS = '\u0622\u0623\u0625\u0627';
const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

class LineBuilder {
  text = '';
  cx0: number[] = [];
  cx1: number[] = [];
  y0 = Infinity;
  y1 = -Infinity;
  sizes = new Map<number, number>();
  fonts = new Map<string, number>();
  bold = 0;
  italic = 0;
  mono = 0;
  rtl = 0;
  n = 0;
  rotated: boolean;
  constructor(rotated: boolean) {
    this.rotated = rotated;
  }
  add(c: string, q: mupdf.Quad, size: number, f: FontInfo): void {
    const x0 = Math.min(q[0], q[4]), x1 = Math.max(q[2], q[6]);
    const k = this.text.length - 1;
    if (c === '\u0644' && k >= 0 && ALEFS.includes(this.text[k]) && this.cx1[k] - this.cx0[k] < 0.05) {
      // A lam-alef ligature mapped to "alef, lam" with a zero-width alef: restore the logical "lam, alef".
      this.text = this.text.slice(0, k) + c + this.text[k];
      this.cx0.splice(k, 1, x0, x0);
      this.cx1.splice(k, 1, x1, x1);
    } else {
      this.text += c;
      this.cx0.push(x0);
      this.cx1.push(x1);
    }
    if (c === ' ' || c === '\u00a0' || c === '\t') return;
    this.y0 = Math.min(this.y0, q[1], q[3]);
    this.y1 = Math.max(this.y1, q[5], q[7]);
    const sk = Math.round(size * 4) / 4;
    this.sizes.set(sk, (this.sizes.get(sk) ?? 0) + 1);
    this.fonts.set(f.name, (this.fonts.get(f.name) ?? 0) + 1);
    this.n++;
    if (f.bold) this.bold++;
    if (f.italic) this.italic++;
    if (f.mono) this.mono++;
    if (RTL_CHAR.test(c)) this.rtl++;
  }
  lastRight(): number {
    for (let i = this.text.length - 1; i >= 0; i--) if (this.text[i] !== ' ') return this.cx1[i];
    return -Infinity;
  }
  toLine(): RawLine | null {
    const text = this.text.replace(/\s+$/, '');
    if (!this.n || !text.trim()) return null;
    const lead = text.length - text.trimStart().length;
    const top = (m: Map<string | number, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const cx0 = this.cx0.slice(lead, text.length), cx1 = this.cx1.slice(lead, text.length);
    return {
      text: text.slice(lead), cx0, cx1,
      bbox: [Math.min(...cx0), this.y0, Math.max(...cx1), this.y1],
      size: top(this.sizes) as number, font: top(this.fonts) as string,
      bold: this.bold / this.n, italic: this.italic / this.n, mono: this.mono / this.n, rotated: this.rotated, rtl: this.rtl > this.n / 2,
    };
  }
}

export interface ExtractOptions { vectors?: boolean; images?: boolean }

export class PdfPage {
  readonly raw: RawPage;
  private page: mupdf.Page;
  private imgs: mupdf.Image[] = [];
  private ox: number;
  private oy: number;
  constructor(doc: mupdf.Document, index: number, opts: ExtractOptions) {
    const fonts = new Map<number, FontInfo>(); // per page: a freed font's pointer may be reused later
    this.page = doc.loadPage(index);
    const b = this.page.getBounds();
    this.ox = b[0];
    this.oy = b[1];
    const flags = ['preserve-whitespace', opts.images !== false ? 'preserve-images' : '', opts.vectors !== false ? 'vectors' : ''];
    const st = this.page.toStructuredText(flags.filter(Boolean).join(','));
    const blocks: RawBlock[] = [], images: RawImage[] = [], vectors: RawVector[] = [];
    let lines: RawLine[] = [];
    let cur: LineBuilder | null = null;
    const ox = this.ox, oy = this.oy;
    const tr = (r: mupdf.Rect): Rect => [r[0] - ox, r[1] - oy, r[2] - ox, r[3] - oy];
    const flush = () => { const l = cur?.toLine(); if (l) lines.push(l); };
    st.walk({
      beginTextBlock: () => { lines = []; },
      beginLine: (_bbox, wmode, dir) => { cur = new LineBuilder(wmode !== 0 || dir[0] < 0.95); },
      onChar: (c, _o, font, size, q) => {
        let f = fonts.get(font.pointer as unknown as number);
        if (!f) {
          const name = font.getName();
          f = { name, bold: font.isBold() || BOLD_NAME.test(name), italic: font.isItalic() || ITALIC_NAME.test(name), mono: font.isMono() || /mono|courier|consol/i.test(name) };
          fonts.set(font.pointer as unknown as number, f);
        }
        font.destroy();
        const qq: mupdf.Quad = [q[0] - ox, q[1] - oy, q[2] - ox, q[3] - oy, q[4] - ox, q[5] - oy, q[6] - ox, q[7] - oy];
        const lb = cur!;
        // A wide horizontal gap inside one mupdf line (table columns, gutters) starts a new line.
        if (!lb.rotated && lb.n && c !== ' ' && Math.min(qq[0], qq[4]) - lb.lastRight() > 1.6 * Math.max(size, 4)) {
          flush();
          cur = new LineBuilder(false);
        }
        cur!.add(c, qq, size, f);
      },
      endLine: () => { flush(); cur = null; },
      endTextBlock: () => {
        if (!lines.length) return;
        let bb: Rect = [...lines[0].bbox];
        for (const l of lines) bb = [Math.min(bb[0], l.bbox[0]), Math.min(bb[1], l.bbox[1]), Math.max(bb[2], l.bbox[2]), Math.max(bb[3], l.bbox[3])];
        blocks.push({ bbox: bb, lines });
      },
      onImageBlock: (bbox, _m, image) => {
        const cs = image.getColorSpace();
        const gray = image.getImageMask() || (!!cs && cs.isGray());
        cs?.destroy();
        images.push({ bbox: tr(bbox), id: this.imgs.length, width: image.getWidth(), height: image.getHeight(), gray });
        this.imgs.push(image);
      },
      onVector: (bbox, vflags, color) => {
        const c = color.length === 3 ? ((color[0] * 255) << 16) | ((color[1] * 255) << 8) | (color[2] * 255) : color.length === 1 ? Math.round(color[0] * 255) * 0x10101 : 0;
        vectors.push({ bbox: tr(bbox), stroked: !!vflags?.isStroked, rect: !!vflags?.isRectangle, color: c });
      },
    });
    st.destroy();
    this.raw = { index, width: b[2] - b[0], height: b[3] - b[1], blocks, images, vectors };
  }

  /** The page area `bbox` (points) rendered at `scale` pixels per point, as PNG (gray or RGB). */
  renderPng(bbox: Rect, scale: number, gray = false): Uint8Array {
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

  /** An embedded image in its own resolution, as PNG. */
  imagePng(id: number): Uint8Array {
    return pixmapPng(this.imgs[id].toPixmap());
  }

  close(): void {
    for (const i of this.imgs) i.destroy();
    this.imgs = [];
    this.page.destroy();
  }
}

export class PdfDocument {
  private doc: mupdf.Document;
  readonly pageCount: number;
  readonly needsPassword: boolean;
  constructor(data: Uint8Array, magic = 'application/pdf') {
    this.doc = mupdf.Document.openDocument(data, magic);
    this.needsPassword = this.doc.needsPassword();
    this.pageCount = this.needsPassword ? 0 : this.doc.countPages();
  }
  loadPage(index: number, opts: ExtractOptions = {}): PdfPage {
    return new PdfPage(this.doc, index, opts);
  }
  close(): void {
    this.doc.destroy();
  }
}

/** PNG of a pixmap (gray or RGB, alpha kept; other colour spaces go to RGB), with our fast encoder. Frees it. */
function pixmapPng(pm: mupdf.Pixmap): Uint8Array {
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
export function decodeImage(data: Uint8Array, wantPng: boolean): { width: number; height: number; png: Uint8Array | null } {
  const img = new mupdf.Image(data);
  try {
    const width = img.getWidth(), height = img.getHeight();
    if (!wantPng) return { width, height, png: null };
    return { width, height, png: pixmapPng(img.toPixmap()) };
  } finally {
    img.destroy();
  }
}
