// Projections of boxes on one axis for the XY-cuts: the gaps between their intervals, their extent, and the
// overhang a column's line may have into its gutter.
import type { Rect } from '../raw.ts';
import { XYCUT } from './thresholds.ts';

export interface Boxed {
  bbox: Rect;
}

/** Gaps between [lo, hi] intervals (sorted here by lo, stably), left to right. */
export function intervalGaps(intervals: [number, number][]): [number, number][] {
  const iv = intervals.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let end = iv[0][1];
  for (let k = 1; k < iv.length; k++) {
    if (iv[k][0] > end) out.push([end, iv[k][0]]);
    end = Math.max(end, iv[k][1]);
  }
  return out;
}

/** Gaps in the projection of the boxes' [lo, hi] intervals on x (`lo` 0) or y (`lo` 1). */
export function gaps<T extends Boxed>(items: T[], lo: 0 | 1): [number, number][] {
  return intervalGaps(items.map((i) => [i.bbox[lo], i.bbox[lo + 2]] as [number, number]));
}

/** Width (`lo` 0) or height (`lo` 1) the items span together; 0 for none. */
export function extent<T extends Boxed>(items: T[], lo: 0 | 1): number {
  let a = Infinity,
    b = -Infinity;
  for (const i of items) {
    a = Math.min(a, i.bbox[lo]);
    b = Math.max(b, i.bbox[lo + 2]);
  }
  return items.length ? b - a : 0;
}

/** Right edges pulled in by the overhang a column's lines may have into the gutter: hanging full-width
 * punctuation of justified CJK lines, a hyphen or a note mark past the margin (at most ~1 em). */
export const overhang = (i: Boxed): number =>
  Math.min(XYCUT.overhangShare * (i.bbox[2] - i.bbox[0]), XYCUT.overhangMax);
