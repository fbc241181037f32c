// Reading order by recursive XY-cut: split at column gutters (vertical cuts, columns.ts) first, use full-width
// elements (titles, wide figures) as horizontal separators when they hide the gutter, then split into
// horizontal bands; inside a band that cannot be cut, top-to-bottom, left-to-right.
import type { Rect } from '../raw.ts';
import { columnGaps, verticalCut } from './columns.ts';
import { extent, gaps, overhang, type Boxed } from './gaps.ts';
import { rowAligned } from './row-aligned.ts';
import { XYCUT } from './thresholds.ts';

function byPosition<T extends Boxed>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    const ov = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
    const minH = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
    if (ov > XYCUT.sameRow * minH) return a.bbox[0] - b.bbox[0]; // same row: left to right
    return a.bbox[1] - b.bbox[1];
  });
}

/** Items crossing the gutter of two columns (a centred author line, a short title above them) that share no
 * row with the columns: read as horizontal separators like full-width items. The fewest such items for any
 * gutter with real columns on both sides; null when there is none. */
function crossers<T extends Boxed>(items: T[], W: number): T[] | null {
  const right = (i: T) => i.bbox[2] - overhang(i);
  const most = Math.max(XYCUT.crossersMin, XYCUT.crossersShare * items.length);
  let best: T[] | null = null;
  for (const x0 of new Set(items.map(right))) {
    const x1 = x0 + XYCUT.gutter;
    const C = items.filter((i) => i.bbox[0] < x1 && right(i) > x0);
    if (!C.length || C.length > most || (best && C.length >= best.length)) continue;
    const L = items.filter((i) => right(i) <= x0),
      R = items.filter((i) => i.bbox[0] >= x1);
    if (
      L.length < 2 ||
      R.length < 2 ||
      x0 - Math.min(...L.map((i) => i.bbox[0])) < XYCUT.columnWidth * W ||
      Math.max(...R.map((i) => i.bbox[2])) - x1 < XYCUT.columnWidth * W
    )
      continue;
    const rowShared = (c: T) =>
      [...L, ...R].some((o) => Math.min(c.bbox[3], o.bbox[3]) - Math.max(c.bbox[1], o.bbox[1]) > 0);
    if (C.some(rowShared) || rowAligned(L, R)) continue;
    best = C;
  }
  return best;
}

/** Full-width items that hide a gutter between narrower items (or items crossing it between the columns'
 * rows): cut around them. */
function wideSeparators<T extends Boxed>(items: T[], W: number, depth: number): T[] | null {
  let wide = items.filter((i) => i.bbox[2] - i.bbox[0] > XYCUT.wide * W);
  const columns = () => {
    if (!wide.length || wide.length === items.length) return false;
    const narrow = items.filter((i) => !wide.includes(i));
    if (narrow.length < XYCUT.narrowMin) return false;
    const x0 = Math.min(...narrow.map((i) => i.bbox[0])),
      x1 = Math.max(...narrow.map((i) => i.bbox[2]));
    const column = (soft: boolean) => {
      const { g, left } = columnGaps(narrow, soft);
      return g.find(([a, b]) => {
        const x = (a + b) / 2;
        return (
          x - x0 > XYCUT.columnWidth * W &&
          x1 - x > XYCUT.columnWidth * W &&
          narrow.filter((i) => left(i, x)).length >= 2 &&
          narrow.filter((i) => i.bbox[0] >= x).length >= 2
        );
      });
    };
    return !!(column(false) || column(true));
  };
  if (!columns()) {
    wide = crossers(items, W) ?? [];
    if (!columns()) return null;
  }
  const out: T[] = [];
  let rest = items.filter((i) => !wide.includes(i));
  for (const w of [...wide].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const isAbove = (i: T) => (i.bbox[1] + i.bbox[3]) / 2 < w.bbox[1];
    out.push(...cut(rest.filter(isAbove), depth + 1), w);
    rest = rest.filter((i) => !isAbove(i)); // by the test, not by lookup: linear, not quadratic
  }
  out.push(...cut(rest, depth + 1));
  return out;
}

function cut<T extends Boxed>(items: T[], depth: number): T[] {
  if (items.length <= 1) return items;
  if (depth > XYCUT.maxDepth) return byPosition(items);
  const W = extent(items, 0);
  const v = verticalCut(items, W);
  if (v) return [...cut(v[0], depth + 1), ...cut(v[1], depth + 1), ...cut(v[2], depth + 1)];
  const sep = wideSeparators(items, W, depth);
  if (sep) return sep;
  const yg = gaps(items, 1).filter(([a, b]) => b - a > XYCUT.bandGap);
  if (yg.length) {
    const bands: T[][] = [];
    let rest = items;
    for (const [, b] of yg.sort((p, q) => p[0] - q[0])) {
      bands.push(rest.filter((i) => i.bbox[3] <= b));
      rest = rest.filter((i) => i.bbox[3] > b);
    }
    bands.push(rest);
    const nonEmpty = bands.filter((b) => b.length);
    if (nonEmpty.length > 1) return nonEmpty.flatMap((b) => cut(b, depth + 1));
  }
  return byPosition(items);
}

/** The items in reading order; `rtl` pages read columns and rows right to left. */
export function readingOrder<T extends Boxed>(items: T[], rtl = false): T[] {
  if (!rtl) return cut(items, 0);
  const mirrored = items.map((it) => ({ bbox: [-it.bbox[2], it.bbox[1], -it.bbox[0], it.bbox[3]] as Rect, it }));
  return cut(mirrored, 0).map((m) => m.it);
}
