// What a page image holds besides its text lines, as RawPage images and vectors: pictures (findPictures)
// and ruling lines (findRules) in the straightened frame of the lines, none inside a picture or along the
// middle of a line of text, each as thin as a drawn rule.
import type { RawLine, RawPage, Rect } from '../raw.ts';
import type { GrayImage } from './gray.ts';
import type { OcrLine } from './pipeline.ts';
import { findPictures } from './pictures.ts';
import { findRules } from './rules.ts';

/** Image ids of pictures found on a page image (not images of the PDF page). */
const PICTURE_ID = 100_000;

/** Thresholds of the pictures and rules (in image pixels unless said otherwise). */
const PAGE_ART = {
  /** The line height taken when a page has no lines: about 10-point type at 144 dpi. */
  lineHeight: 20,
  /** A rule lying along a line of text for more than this share of its length is a row of bold type. */
  inText: 0.5,
  /** A rule is at most this many units thick (a scan blurs it, and findRules widens its runs). */
  thickness: 2,
} as const;

/** The page's pictures and ruling lines in units of `unit` pixels; `lines` are the OCR's, `raw` the
 * straightened lines made of them (`joined[k]` the OCR line of raw[k]), `skew` the page's. */
export function pageArt(
  image: GrayImage,
  lines: OcrLine[],
  raw: RawLine[],
  joined: OcrLine[],
  unit: number,
  skew: number,
): Pick<RawPage, 'images' | 'vectors'> {
  // Pictures: ids past any real image's, so that their crops are rendered from the page area.
  const extent = (l: OcrLine): Rect => {
    const ex = (Math.abs(l.box.ux) * l.box.w + Math.abs(l.box.vx) * l.box.h) / 2,
      ey = (Math.abs(l.box.uy) * l.box.w + Math.abs(l.box.vy) * l.box.h) / 2;
    return [l.box.cx - ex, l.box.cy - ey, l.box.cx + ex, l.box.cy + ey];
  };
  const images = findPictures(image, lines.map(extent)).map((r, k) => ({
    bbox: r.map((v) => v / unit) as Rect,
    id: PICTURE_ID + k,
    width: r[2] - r[0],
    height: r[3] - r[1],
    gray: true,
  }));
  // Ruling lines (table grids), in the same straightened frame as the lines; none inside a picture (the
  // axes and grid of a chart belong to it).
  const hs = lines.map((l) => l.box.h).sort((a, b) => a - b),
    lh = hs[hs.length >> 1] ?? PAGE_ART.lineHeight;
  const inPicture = (r: Rect) =>
    images.some(
      (im) =>
        r[0] >= im.bbox[0] * unit - lh &&
        r[2] <= im.bbox[2] * unit + lh &&
        r[1] >= im.bbox[1] * unit - lh &&
        r[3] <= im.bbox[3] * unit + lh,
    );
  // Nor along the middle of a line of text: the rows of bold type, its gaps bridged, are long thin runs too.
  const cores = raw.map((l, k) => {
    const m = ((l.bbox[1] + l.bbox[3]) / 2) * unit,
      half = joined[k].innerH / 2;
    return [l.bbox[0] * unit, m - half, l.bbox[2] * unit, m + half];
  });
  const inText = (r: Rect) =>
    r[2] - r[0] > r[3] - r[1] &&
    cores.some(
      (c) =>
        (r[1] + r[3]) / 2 > c[1] &&
        (r[1] + r[3]) / 2 < c[3] &&
        Math.min(r[2], c[2]) - Math.max(r[0], c[0]) > PAGE_ART.inText * (r[2] - r[0]),
    );
  // As thin as a drawn rule: a scan's line is blurred (and the runs widened by a pixel each side), but what
  // findRules keeps is a line, never a bar.
  const thin = (r: Rect): Rect => {
    const vertical = r[3] - r[1] > r[2] - r[0],
      [a, b] = vertical ? [0, 2] : [1, 3],
      c = (r[a] + r[b]) / 2,
      t = Math.min(r[b] - r[a], PAGE_ART.thickness * unit) / 2;
    const o = [...r] as Rect;
    o[a] = c - t;
    o[b] = c + t;
    return o;
  };
  const vectors = findRules(image, -skew, lh)
    .filter((r) => !inPicture(r) && !inText(r))
    .map((r) => ({ bbox: thin(r).map((v) => v / unit) as Rect, stroked: true, rect: false, color: 0 }));
  return { images, vectors };
}
