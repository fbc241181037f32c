// Plain, serialisable shapes of what the PDF adapter extracts from one page. Coordinates are PDF points
// with the origin at the page's top-left corner, y downwards.

export type Rect = [number, number, number, number];

export interface RawLine {
  text: string;
  /** Left and right edge of every char of `text` (same length as `text`). */
  cx0: number[];
  cx1: number[];
  bbox: Rect;
  /** Dominant font size (by char count). */
  size: number;
  /** Share of non-space chars in a bold / italic / monospaced font. */
  bold: number;
  italic: number;
  mono: number;
  /** Dominant font name. */
  font: string;
  /** Not left-to-right horizontal text (rotated or vertical). */
  rotated: boolean;
  /** Mostly right-to-left script (Arabic, Hebrew). */
  rtl: boolean;
  /** Indices into `text` of superscript chars (smaller and raised: note marks, exponents). */
  sup?: number[];
  /** Indices into `text` of subscript chars (smaller and lowered). */
  sub?: number[];
  /** Bottom edge of every char (spaces: NaN), only when chars of the line sit on baselines over a third
   * of an em apart (a formula's numerator and denominator read as one line). */
  cy1?: number[];
  /** `text` is LaTeX already (a formula rebuilt from several lines, e.g. a fraction). */
  latex?: boolean;
  /** A contents entry with no leader (its page number at the contents' right edge): set by the parse. */
  toc?: boolean;
}

export interface RawBlock {
  bbox: Rect;
  lines: RawLine[];
}

export interface RawImage {
  bbox: Rect;
  /** Index into the page's image list (to crop it later while the page is open). */
  id: number;
  width: number;
  height: number;
  /** Gray or a 1-bit mask (crops can be rendered in gray). */
  gray: boolean;
}

export interface RawVector {
  bbox: Rect;
  stroked: boolean;
  rect: boolean;
  /** Fill or stroke colour as 0xRRGGBB. */
  color: number;
}

export interface RawPage {
  index: number;
  /** Size in the analysis frame: the page itself, or the page turned when its text runs sideways. */
  width: number;
  height: number;
  /** Clockwise turn from the page to the analysis frame (frame.ts maps boxes back), and the page's own size. */
  rotation: 0 | 90 | 180 | 270;
  pageWidth: number;
  pageHeight: number;
  blocks: RawBlock[];
  images: RawImage[];
  vectors: RawVector[];
}

export const rectUnion = (a: Rect, b: Rect): Rect => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];
/** r cut to the page [0, w] × [0, h]. */
export const clipRect = (r: Rect, w: number, h: number): Rect => [
  Math.max(0, r[0]),
  Math.max(0, r[1]),
  Math.min(w, r[2]),
  Math.min(h, r[3]),
];
export const rectArea = (r: Rect): number => Math.max(0, r[2] - r[0]) * Math.max(0, r[3] - r[1]);
export const rectInter = (a: Rect, b: Rect): number =>
  rectArea([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
export const rectCenter = (r: Rect): [number, number] => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
export const pointIn = (p: [number, number], r: Rect, tol = 0): boolean =>
  p[0] >= r[0] - tol && p[0] <= r[2] + tol && p[1] >= r[1] - tol && p[1] <= r[3] + tol;
