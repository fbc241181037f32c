// A page's structured text (mupdf) as plain data: text lines with their font classes (bold, italic,
// monospaced by name or by glyph advances), image blocks and vector boxes, in the page's frame (turned
// for sideways pages), without the text nobody can see (unseen-text.ts); mupdf.ts keeps the page, its
// renders and crops.
import './wasm-handle.ts'; // first: mupdf must find the module handle when it loads
import * as mupdf from 'mupdf';
import type { RawBlock, RawImage, RawLine, RawVector, Rect } from '../raw.ts';
import { LineBuilder, type FontInfo } from './line-builder.ts';
import { walkStext } from './stext-walk.ts';
import { PaintedAreas, unseen } from './unseen-text.ts';
import { ALONG_AXIS, rectToFrame, rotationOf, type Frame } from './frame.ts';

/** Thresholds of the extraction. */
const EXTRACT = {
  /** A font's narrow and wide glyphs advance alike within this share: fixed pitch. */
  samePitch: 0.01,
  /** A gap wider than this many sizes (of 4 points at least) inside one mupdf line starts a new line. */
  gap: 1.6,
  minSize: 4,
} as const;

const BOLD_NAME = /bold|black|heavy|semibold|demi|[-,]medi|cmbx|cmb\d/i;
const ITALIC_NAME = /italic|oblique|cmti|cmmi/i;
const MONO_NAME = /mono|courier|consol|menlo|monaco|inconsolata|sourcecode|firacode|cmtt|typewriter/i;

/** A font whose narrow glyphs ("i", "I", ".") advance as far as its wide ones ("m", "M", "W") is
 * monospaced whatever its name (listing faces of manuals; subsets may hold capitals only). */
function fixedPitch(font: mupdf.Font): boolean {
  try {
    const adv = (s: string) =>
      [...s]
        .map((c) => font.encodeCharacter(c.charCodeAt(0)))
        .filter((g) => g > 0)
        .map((g) => font.advanceGlyph(g));
    const narrow = adv('iI.l('),
      wide = adv('mMW');
    if (!narrow.length || !wide.length) return false;
    const all = [...narrow, ...wide];
    return Math.min(...all) > 0 && Math.max(...all) - Math.min(...all) < EXTRACT.samePitch * Math.max(...all);
  } catch {
    return false;
  }
}

interface Extracted {
  blocks: RawBlock[];
  images: RawImage[];
  vectors: RawVector[];
  dirChars: Map<number, number>;
}

/** The text blocks, images and vectors of `st` in `frame`; `origin` is the page's top-left corner, and
 * the page's image list (and whether each is drawn upright), which the image blocks are appended to;
 * `damaged`: the document was repaired (its lost fonts give glyph codes, not text).
 * `painted`: `st` holds the page's images and vectors, so white text on none of them can be told unseen. */
export function extractText(
  st: mupdf.StructuredText,
  frame: Frame,
  origin: { ox: number; oy: number; imgs: mupdf.Image[]; upright: boolean[]; painted: boolean; damaged?: boolean },
): Extracted {
  const fonts = new Map<number, FontInfo>(); // per page: a freed font's pointer may be reused later
  const blocks: RawBlock[] = [],
    images: RawImage[] = [],
    vectors: RawVector[] = [];
  const dirChars = new Map<number, number>();
  let lines: RawLine[] = [];
  const lb = new LineBuilder();
  let inLine = false;
  let curRot = 0;
  const { ox, oy } = origin;
  lb.ox = ox;
  lb.oy = oy;
  const tq = new Float64Array(8);
  const upright = frame.rotation === 0; // the frame is the page: no corner mapping
  const tr = (r: mupdf.Rect): Rect => rectToFrame(frame, [r[0] - ox, r[1] - oy, r[2] - ox, r[3] - oy]);
  let lineChars = 0,
    lastKey = -1,
    lastFont: FontInfo | undefined;
  const flush = () => {
    const l = inLine ? lb.toLine() : null;
    if (l) lines.push(l);
  };
  const painted = origin.painted ? new PaintedAreas() : null;
  walkStext(st, {
    beginTextBlock: () => {
      lines = [];
    },
    beginLine: (wmode, dir) => {
      lineChars = 0;
      const [dx] = frame.dir(dir[0], dir[1]);
      curRot = wmode !== 0 ? -1 : rotationOf(dir[0], dir[1]);
      lb.reset(wmode !== 0 || dx < ALONG_AXIS); // not horizontal in the frame: read as rotated
      inLine = true;
    },
    onChar: (c, fontKey, size, q, rgb) => {
      if (painted && unseen(c, rgb, q, painted)) return;
      // Runs of chars share a font: the map is looked up only when it changes.
      let f = fontKey === lastKey ? lastFont : fonts.get(fontKey);
      if (!f) {
        const font = new mupdf.Font(fontKey as unknown as string); // a pointer: mupdf keeps it
        try {
          const name = font.getName();
          // Named monospaced, or flagged or measured so (CJK faces are both: checked line by line).
          const sure = MONO_NAME.test(name);
          f = {
            name,
            bold: font.isBold() || BOLD_NAME.test(name),
            italic: font.isItalic() || ITALIC_NAME.test(name),
            mono: sure || font.isMono() || fixedPitch(font),
            monoSure: sure,
          };
        } finally {
          font.destroy();
        }
        fonts.set(fontKey, f);
      }
      lastKey = fontKey;
      lastFont = f;
      // A repaired file whose font object was lost: mupdf draws the glyph codes in a nameless stand-in, so
      // they are not text; marked unmapped (U+FFFD), the garbage-layer rule of intact files applies.
      if (origin.damaged && !f.name && c !== ' ') c = '\ufffd';
      // The quad's corners (ul, ur, ll, lr) in the frame: the page's as given (less its origin), a
      // turned frame's mapped into `tq`.
      let qq: ArrayLike<number> = q;
      if (!upright) {
        for (let i = 0; i < 8; i += 2) {
          const pt = frame.point(q[i] - ox, q[i + 1] - oy);
          tq[i] = pt[0];
          tq[i + 1] = pt[1];
        }
        qq = tq;
      }
      if (c !== ' ') lineChars++;
      // A wide horizontal gap inside one mupdf line (table columns, gutters) starts a new line.
      if (
        !lb.rotated &&
        lb.n &&
        c !== ' ' &&
        lb.left(qq, upright) - lb.right > EXTRACT.gap * Math.max(size, EXTRACT.minSize)
      ) {
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
      for (const l of lines)
        bb = [
          Math.min(bb[0], l.bbox[0]),
          Math.min(bb[1], l.bbox[1]),
          Math.max(bb[2], l.bbox[2]),
          Math.max(bb[3], l.bbox[3]),
        ];
      blocks.push({ bbox: bb, lines });
    },
    onImageBlock: (bbox, image, m) => {
      origin.upright.push(m[0] > 0 && m[3] > 0 && Math.abs(m[1]) < 1e-3 * m[0] && Math.abs(m[2]) < 1e-3 * m[3]);
      const cs = image.getColorSpace();
      const gray = image.getImageMask() || (!!cs && cs.isGray());
      cs?.destroy();
      images.push({ bbox: tr(bbox), id: origin.imgs.length, width: image.getWidth(), height: image.getHeight(), gray });
      origin.imgs.push(image);
      painted?.add(bbox);
    },
    onVector: (bbox, stroked, isRect, color) => {
      const c =
        color.length === 3
          ? ((color[0] * 255) << 16) | ((color[1] * 255) << 8) | (color[2] * 255)
          : color.length === 1
            ? Math.round(color[0] * 255) * 0x10101
            : 0;
      vectors.push({ bbox: tr(bbox), stroked, rect: isRect, color: c });
      painted?.add(bbox, stroked, c);
    },
  });
  return { blocks, images, vectors, dirChars };
}
