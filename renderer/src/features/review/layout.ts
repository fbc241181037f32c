// Vertical layout of the page pane: pages stacked with a gap, each at its scale (CSS px per page_size px):
// one scale for a zoom percent, each page's own in the fit modes (a workbook's sheets of mixed sizes each
// fill the width). Pages have known sizes up front (page_size), so offsets are exact without measuring.
import type { Size } from '../../../../shared/bbox.ts';

export const PAGE_GAP = 16;
export const PANE_PADDING = 16;

export interface PageLayout {
  /** The first page's scale (what the zoom reports); `scales` has every page's. */
  scale: number;
  scales: Float64Array;
  /** Top of each page in the scroll content (CSS px). */
  tops: Float64Array;
  widths: Float64Array;
  heights: Float64Array;
  /** Widest page (CSS px) and the total scroll height. */
  maxWidth: number;
  total: number;
}

/** `scale`: one for all pages, or each page's own (from its size). */
export function computeLayout(sizes: readonly Size[], scale: number | ((s: Size) => number)): PageLayout {
  const n = sizes.length;
  const scales = new Float64Array(n).map((_, i) => (typeof scale === 'number' ? scale : scale(sizes[i]!)));
  const tops = new Float64Array(n);
  const widths = new Float64Array(n);
  const heights = new Float64Array(n);
  let y = PANE_PADDING;
  let maxWidth = 0;
  for (let i = 0; i < n; i++) {
    const s = sizes[i]!;
    widths[i] = Math.round(s.w * scales[i]!);
    heights[i] = Math.round(s.h * scales[i]!);
    tops[i] = y;
    y += heights[i]! + PAGE_GAP;
    if (widths[i]! > maxWidth) maxWidth = widths[i]!;
  }
  const first = typeof scale === 'number' ? scale : (scales[0] ?? 1);
  return { scale: first, scales, tops, widths, heights, maxWidth, total: n ? y - PAGE_GAP + PANE_PADDING : 0 };
}

/** Index of the page at content offset y (the last page whose top ≤ y), clamped to [0, n-1]. */
export function pageAt(layout: PageLayout, y: number): number {
  const { tops } = layout;
  let lo = 0;
  let hi = tops.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid]! <= y) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The page shown "current" for a viewport: the page covering the viewport's upper third line
 * (the one a reader is looking at), so a page that just scrolled in is not current too early.
 */
export function currentPage(layout: PageLayout, scrollTop: number, viewportHeight: number): number {
  // Scrolled to the end: the last page, even when it does not reach that line.
  if (layout.tops.length > 0 && scrollTop + viewportHeight >= layout.total - 1) return layout.tops.length - 1;
  return pageAt(layout, scrollTop + viewportHeight / 3);
}

/** Left edge of page i in the scroll content: centred when the content is wider than the page. */
export function pageLeft(layout: PageLayout, i: number, viewportWidth: number): number {
  const content = Math.max(viewportWidth, layout.maxWidth + 2 * PANE_PADDING);
  return Math.max(PANE_PADDING, (content - layout.widths[i]!) / 2);
}

/** Content offset of a point on a page, given in page_size pixels. */
export function offsetOnPage(layout: PageLayout, page: number, yPx: number): number {
  return (layout.tops[page] ?? 0) + yPx * (layout.scales[page] ?? layout.scale);
}

/** The inverse: page and y (page_size px) at a content offset. */
export function positionAt(layout: PageLayout, y: number): { page: number; yPx: number } {
  const page = pageAt(layout, y);
  const s = layout.scales[page] ?? layout.scale;
  const yPx = s > 0 ? (y - layout.tops[page]!) / s : 0;
  return { page, yPx };
}
