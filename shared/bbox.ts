// Pure bbox maths for the review screen. SoMark boxes are [x1, y1, x2, y2] in pixels of the raster
// described by `page_size` (origin top-left, y down). Never assume a DPI: every conversion goes
// through the page_size of that page and the size of whatever the page is drawn as.
import type { BBox } from './somark.ts';

export interface Size {
  w: number;
  h: number;
}

/** A rectangle in some target space (CSS pixels, PDF points, …). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** True when the value is four finite numbers (inverted boxes included). */
export function isBBox(value: unknown): value is BBox {
  return Array.isArray(value) && value.length === 4 && value.every(finite);
}

/** Orders the corners (x1 ≤ x2, y1 ≤ y2); some producers emit inverted boxes. */
export function normalizeBBox(b: BBox): BBox {
  return [Math.min(b[0], b[2]), Math.min(b[1], b[3]), Math.max(b[0], b[2]), Math.max(b[1], b[3])];
}

/** Clamps a normalised box into the page; a box entirely outside collapses onto the edge. */
export function clampBBox(b: BBox, page: Size): BBox {
  const n = normalizeBBox(b);
  const cx = (v: number) => Math.min(Math.max(v, 0), page.w);
  const cy = (v: number) => Math.min(Math.max(v, 0), page.h);
  return [cx(n[0]), cy(n[1]), cx(n[2]), cy(n[3])];
}

/** True when the box has no area after normalisation (a point or a line). */
export function isEmptyBBox(b: BBox): boolean {
  const n = normalizeBBox(b);
  return n[2] - n[0] <= 0 || n[3] - n[1] <= 0;
}

/** Scale factors from page_size pixels to a target of the given size. */
function scaleFactors(pageSize: Size, target: Size): { sx: number; sy: number } {
  if (!(pageSize.w > 0) || !(pageSize.h > 0)) return { sx: 0, sy: 0 };
  return { sx: target.w / pageSize.w, sy: target.h / pageSize.h };
}

/**
 * Maps a box in page_size pixels onto a page drawn at `target` size (CSS pixels). The result is
 * normalised; with `round` the edges snap to whole pixels (each edge rounded, so adjacent boxes
 * that share an edge keep sharing it).
 */
export function scaleBBox(b: BBox, pageSize: Size, target: Size, round = false): Rect {
  const { sx, sy } = scaleFactors(pageSize, target);
  const n = normalizeBBox(b);
  let x1 = n[0] * sx;
  let y1 = n[1] * sy;
  let x2 = n[2] * sx;
  let y2 = n[3] * sy;
  if (round) {
    x1 = Math.round(x1);
    y1 = Math.round(y1);
    x2 = Math.round(x2);
    y2 = Math.round(y2);
  }
  return { left: x1, top: y1, width: x2 - x1, height: y2 - y1 };
}

/** Inverse of scaleBBox for a point: target coordinates → page_size pixels. */
export function unscalePoint(x: number, y: number, pageSize: Size, target: Size): { x: number; y: number } {
  const { sx, sy } = scaleFactors(pageSize, target);
  return { x: sx ? x / sx : 0, y: sy ? y / sy : 0 };
}

/**
 * Converts a box in page_size pixels to PDF points, given the PDF page's size in points
 * (pdf.js viewport at scale 1, rotation applied): pt = px × 72 / dpi with dpi = page_size.w × 72 / points.w,
 * i.e. pt = px × points.w / page_size.w (per axis). Origin stays top-left, as in the JSON, not PDF user
 * space's bottom-left.
 */
export function bboxToPoints(b: BBox, pageSize: Size, pagePoints: Size, decimals = 2): BBox {
  const r = scaleBBox(b, pageSize, pagePoints);
  const f = 10 ** decimals;
  const q = (v: number) => Math.round(v * f) / f;
  return [q(r.left), q(r.top), q(r.left + r.width), q(r.top + r.height)];
}

/** Effective resolution of page_size relative to the PDF page (dots per inch), for display. */
export function impliedDpi(pageSize: Size, pagePoints: Size): number | null {
  if (!(pagePoints.w > 0) || !(pageSize.w > 0)) return null;
  return Math.round((pageSize.w * 72) / pagePoints.w);
}

/** True when the point (page_size pixels) lies inside the box (edges included). */
export function containsPoint(b: BBox, x: number, y: number): boolean {
  const n = normalizeBBox(b);
  return x >= n[0] && x <= n[2] && y >= n[1] && y <= n[3];
}

/** Area of the normalised box (page_size pixels²). */
export function bboxArea(b: BBox): number {
  const n = normalizeBBox(b);
  return (n[2] - n[0]) * (n[3] - n[1]);
}

export type FitMode = 'width' | 'page';

/**
 * Zoom factor (CSS px per page_size px) that fits the widest page's width, or a whole page,
 * into a viewport; `gutter` is the horizontal/vertical padding kept free in CSS px.
 */
export function fitScale(mode: FitMode, pages: readonly Size[], viewport: Size, gutter = 0): number {
  const valid = pages.filter((p) => p.w > 0 && p.h > 0);
  if (valid.length === 0 || viewport.w <= gutter) return 1;
  const maxW = Math.max(...valid.map((p) => p.w));
  const byWidth = (viewport.w - gutter) / maxW;
  if (mode === 'width') return byWidth;
  const maxH = Math.max(...valid.map((p) => p.h));
  const byHeight = Math.max(viewport.h - gutter, 1) / maxH;
  return Math.min(byWidth, byHeight);
}

/**
 * Scroll offset that keeps the content point under the cursor fixed when the zoom changes from
 * `oldScale` to `newScale`. `scroll` is the current scroll offset, `cursor` the pointer position
 * within the viewport on the same axis, `lead` content that does not scale (padding before pages).
 */
export function zoomScrollOffset(scroll: number, cursor: number, oldScale: number, newScale: number, lead = 0): number {
  if (!(oldScale > 0)) return scroll;
  const content = scroll + cursor - lead;
  return Math.max(0, (content * newScale) / oldScale + lead - cursor);
}
