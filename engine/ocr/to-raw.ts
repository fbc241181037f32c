// Recognised lines → the engine's own line model (RawPage): boxes deskewed and scaled to analysis
// units, per-char extents from the recogniser, sizes evened out per page, bold from stroke width; the
// page's pictures and rules from page-art.ts.
import type { RawBlock, RawLine, RawPage, Rect } from '../raw.ts';
import type { Rotation } from '../pdf/frame.ts';
import type { GrayImage } from './gray.ts';
import type { OcrLine, OcrResult } from './pipeline.ts';
import { orderLines } from '../reading-order/lines.ts';
import { joinLeaders } from './leaders.ts';
import { inkSizes } from './sizes.ts';
import { evenSizes } from './even-sizes.ts';
import { pageArt } from './page-art.ts';

/** Thresholds of the lines (in image pixels unless said otherwise). */
export const TO_RAW = {
  /** Font size of a line from its box height (calibrated on rendered born-digital pages). */
  sizePerHeight: 0.72,
  /** Boxes this many times wider than high give the page's skew. */
  skewLine: 4,
  /** Grey levels under this are ink; every `strokeRows`-th row is measured for stroke width. */
  ink: 128,
  strokeRows: 2,
  /** Strokes this many times thicker than the page's median are bold. */
  bold: 1.3,
  /** Pieces of one row: centres within this share of the taller one's height. */
  sameRow: 0.25,
} as const;

/** Skew of the page (radians) from its long line boxes; 0 when there are none. */
function skewOf(lines: OcrLine[]): number {
  const a = lines
    .filter((l) => l.box.w > TO_RAW.skewLine * l.box.h)
    .map((l) => Math.atan2(l.box.uy, l.box.ux))
    .sort((x, y) => x - y);
  return a.length ? a[a.length >> 1] : 0;
}

/** Mean horizontal run of dark pixels over the line's height: thicker strokes mean bold type. */
function strokeRatio(img: GrayImage, r: Rect): number {
  const x0 = Math.max(0, Math.floor(r[0])),
    x1 = Math.min(img.width, Math.ceil(r[2]));
  const y0 = Math.max(0, Math.floor(r[1])),
    y1 = Math.min(img.height, Math.ceil(r[3]));
  let runs = 0,
    dark = 0;
  for (let y = y0; y < y1; y += TO_RAW.strokeRows) {
    let inRun = false;
    for (let x = x0; x < x1; x++) {
      const d = img.data[y * img.width + x] < TO_RAW.ink;
      if (d) {
        dark++;
        if (!inRun) runs++;
      }
      inRun = d;
    }
  }
  return runs ? dark / runs / Math.max(1, y1 - y0) : 0;
}

/** x of the point a fraction `f` along a box of width `w` centred on `cx`, kept within the text width `tw`. */
const at = (cx: number, w: number, tw: number, f: number): number =>
  Math.min(cx + tw / 2, Math.max(cx - tw / 2, cx - w / 2 + f * w));

/** "3.1Overview" → "3.1 Overview": the recogniser drops the narrow space after a section number.
 * The space goes between the two chars' extents. */
function spaceAfterNumber(l: OcrLine): OcrLine {
  const m = /^(\d{1,2}(?:\.\d{1,2}){0,3}\.?)(?=[A-Z][a-z])/.exec(l.text);
  if (!m) return l;
  const k = m[1].length;
  return {
    ...l,
    text: `${l.text.slice(0, k)} ${l.text.slice(k)}`,
    x0: [...l.x0.slice(0, k), l.x1[k - 1], ...l.x0.slice(k)],
    x1: [...l.x1.slice(0, k), l.x0[k], ...l.x1.slice(k)],
  };
}

const sameRow = (a: RawLine, b: RawLine): boolean =>
  Math.abs((a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2) <
    TO_RAW.sameRow * Math.max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]) && b.bbox[0] > a.bbox[2];
const union = (ls: RawLine[]): Rect =>
  ls
    .map((l) => l.bbox)
    .reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);

/** Lines in reading order as blocks, as mupdf would group them: a row of pieces side by side (affiliations
 * under a paper's authors, labels of a form) is a block of its own, so that the line below a piece does
 * not continue it as if it were its paragraph. */
function rowBlocks(lines: RawLine[]): RawBlock[] {
  const piece = lines.map(
    (l, i) => (i > 0 && sameRow(lines[i - 1], l)) || (i + 1 < lines.length && sameRow(l, lines[i + 1])),
  );
  const out: RawLine[][] = [];
  for (const [i, l] of lines.entries()) {
    if (!out.length || piece[i] !== piece[i - 1] || (piece[i] && !sameRow(lines[i - 1], l))) out.push([]);
    out[out.length - 1].push(l);
  }
  return out.map((ls) => ({ bbox: union(ls), lines: ls }));
}

/**
 * The page of an OCR result, in units of `unit` image pixels (2 for a PDF page rendered at 144 dpi:
 * points). `pageW`/`pageH` are the page's own size in those units, before the OCR's rotation.
 */
export function toRawPage(res: OcrResult, unit: number, pageW: number, pageH: number, index: number): RawPage {
  const { image, lines } = res;
  const skew = skewOf(lines),
    cos = Math.cos(-skew),
    sin = Math.sin(-skew);
  const mx = image.width / 2,
    my = image.height / 2;
  const joined = joinLeaders(image, lines).map(spaceAfterNumber);
  const sizes = inkSizes(image, joined, unit, TO_RAW.sizePerHeight);
  const raw: RawLine[] = joined.map((l, k) => {
    const dx = l.box.cx - mx,
      dy = l.box.cy - my;
    const cx = mx + dx * cos - dy * sin,
      cy = my + dx * sin + dy * cos;
    // The detector's box is grown by the same margin on all sides: take it off the ends of the line,
    // so that lines of neighbouring columns keep their gutter.
    const tw = Math.max(l.box.w / 2, l.box.w - (l.box.h - l.innerH));
    const left = cx - tw / 2,
      px: Rect = [left, cy - l.box.h / 2, cx + tw / 2, cy + l.box.h / 2];
    const bold = strokeRatio(image, [
      l.box.cx - l.box.w / 2,
      l.box.cy - l.box.h / 2,
      l.box.cx + l.box.w / 2,
      l.box.cy + l.box.h / 2,
    ]);
    return {
      text: l.text,
      cx0: l.x0.map((f) => at(cx, l.box.w, tw, f) / unit),
      cx1: l.x1.map((f) => at(cx, l.box.w, tw, f) / unit),
      bbox: px.map((v) => v / unit) as Rect,
      size: sizes[k].size,
      bold,
      italic: 0,
      mono: 0,
      font: 'ocr',
      rotated: false,
      rtl: false,
    };
  });
  // Bold: strokes clearly thicker than the page's usual ones.
  const strokes = raw.map((l) => l.bold).sort((a, b) => a - b);
  const usual = strokes[strokes.length >> 1] ?? 0;
  for (const l of raw) l.bold = usual > 0 && l.bold > TO_RAW.bold * usual ? 1 : 0;
  const ordered = orderLines(raw);
  const spread = new Map(raw.map((l, k) => [l, sizes[k].spread]));
  if (ordered.length) evenSizes(ordered, (l) => spread.get(l)!);
  const rot = res.rotation as Rotation;
  const turned = rot === 90 || rot === 270;
  const W = turned ? pageH : pageW,
    H = turned ? pageW : pageH;
  const { images, vectors } = pageArt(image, lines, raw, joined, unit, skew);
  return {
    index,
    width: W,
    height: H,
    rotation: rot,
    pageWidth: pageW,
    pageHeight: pageH,
    blocks: rowBlocks(ordered),
    images,
    vectors,
  };
}
