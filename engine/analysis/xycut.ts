// Reading order by recursive XY-cut: split at column gutters (vertical cuts) first, use full-width
// elements (titles, wide figures) as horizontal separators when they hide the gutter, then split into
// horizontal bands; inside a band that cannot be cut, top-to-bottom, left-to-right.
import type { Rect } from '../raw.ts';
import { lineHeight, rowAligned, type Boxed } from './row-aligned.ts';

const MIN_GUTTER = 6; // points
const MAX_DEPTH = 50;

/** Gaps in the projection of the boxes' [lo, hi] intervals, widest first. */
function gaps<T extends Boxed>(items: T[], lo: 0 | 1): [number, number][] {
  return intervalGaps(items.map((i) => [i.bbox[lo], i.bbox[lo + 2]] as [number, number]));
}

/** Gaps between [lo, hi] intervals (sorted here by lo, stably). */
function intervalGaps(intervals: [number, number][]): [number, number][] {
  const iv = intervals.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let end = iv[0][1];
  for (let k = 1; k < iv.length; k++) {
    if (iv[k][0] > end) out.push([end, iv[k][0]]);
    end = Math.max(end, iv[k][1]);
  }
  return out;
}

function extent<T extends Boxed>(items: T[], lo: 0 | 1): number {
  let a = Infinity,
    b = -Infinity;
  for (const i of items) {
    a = Math.min(a, i.bbox[lo]);
    b = Math.max(b, i.bbox[lo + 2]);
  }
  return items.length ? b - a : 0;
}

function byPosition<T extends Boxed>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    const ov = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
    const minH = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
    if (ov > 0.5 * minH) return a.bbox[0] - b.bbox[0]; // same row: left to right
    return a.bbox[1] - b.bbox[1];
  });
}

/** Right edges pulled in by the overhang a column's lines may have into the gutter: hanging full-width
 * punctuation of justified CJK lines, a hyphen or a note mark past the margin (at most ~1 em). */
const overhang = (i: Boxed): number => Math.min(0.06 * (i.bbox[2] - i.bbox[0]), 14);

/** Column gaps, widest first: clean ones (`soft` false), or gutters hidden by overhangs (`soft` true).
 * `left(i, x)` says whether item i lies left of a cut at x. */
function columnGaps<T extends Boxed>(
  items: T[],
  soft: boolean,
): { g: [number, number][]; soft: boolean; left: (i: T, x: number) => boolean } {
  const widest = (g: [number, number][]) => g.sort((p, q) => q[1] - q[0] - (p[1] - p[0]));
  if (!soft)
    return { g: widest(gaps(items, 0).filter(([a, b]) => b - a >= MIN_GUTTER)), soft, left: (i, x) => i.bbox[2] <= x };
  const pulled = items.map((i) => [i.bbox[0], i.bbox[2] - overhang(i)] as [number, number]);
  return {
    g: widest(intervalGaps(pulled).filter(([a, b]) => b - a >= MIN_GUTTER / 2)),
    soft,
    left: (i, x) => i.bbox[2] - overhang(i) <= x,
  };
}

/** A vertical cut at a clean gutter, else (only then) at one hidden by overhanging line ends: the two sides,
 * then what reads after both (belowColumns). */
function verticalCut<T extends Boxed>(items: T[], W: number): [T[], T[], T[]] | null {
  const v = cutAt(items, W, false) ?? cutAt(items, W, true);
  return v && belowColumns(v[0], v[1]);
}

/** The items of the first side that start below the bottom of both columns' text (all of them: the first
 * that does, and every one after it), when they are set narrower than that side's column and further apart
 * from it than its last item is from the one before (a closing note or a signature block under a two-column
 * page): they read after both columns, not inside the first. What a first column longer than the second has
 * below the second's end fills its measure, and the next line of a stack of short lines keeps its spacing
 * (within a tenth of a line): they stay. */
function belowColumns<T extends Boxed>(L: T[], R: T[]): [T[], T[], T[]] {
  let other = -Infinity;
  for (const i of R) other = Math.max(other, i.bbox[3]);
  const byTop = [...L].sort((a, b) => a.bbox[1] - b.bbox[1]);
  let own = byTop[0].bbox[3],
    pitch = -Infinity; // bottom of the items so far; the gap above the last of them
  for (let k = 1; k < byTop.length; k++) {
    const gap = byTop[k].bbox[1] - own;
    if (gap >= 0 && byTop[k].bbox[1] >= other) {
      const above = byTop.slice(0, k),
        below = byTop.slice(k);
      if (gap <= pitch + 0.1 * lineHeight(L) || extent(below, 0) > 0.8 * extent(above, 0)) break;
      return [L.filter((i) => !below.includes(i)), R, below];
    }
    pitch = gap;
    own = Math.max(own, byTop[k].bbox[3]);
  }
  return [L, R, []];
}

function cutAt<T extends Boxed>(items: T[], W: number, softGaps: boolean): [T[], T[]] | null {
  const { g, soft, left } = columnGaps(items, softGaps);
  const H = extent(items, 1);
  let line: number | undefined; // the items' lineHeight, once a cut needs it
  for (const [a, b] of g) {
    const x = (a + b) / 2;
    const L = items.filter((i) => left(i, x)),
      R = items.filter((i) => i.bbox[0] >= x);
    if (!L.length || !R.length || L.length + R.length !== items.length) continue;
    // A cut through overhangs must split two tall columns, not a row of boxes.
    if (soft && (extent(L, 1) < 0.4 * H || extent(R, 1) < 0.4 * H || L.length < 2 || R.length < 2)) continue;
    // L and R share no item (so together they are the items): their line height is the items'.
    const apart = !L.some((i) => i.bbox[0] >= x);
    if (apart) line ??= lineHeight(items);
    if (rowAligned(L, R, apart ? line : undefined)) continue; // a table without rules: read it row by row
    // Sides that share no height (a centred line above a flush-left heading) read top to bottom.
    const yOverlap =
      Math.min(...[L, R].map((S) => Math.max(...S.map((i) => i.bbox[3])))) -
      Math.max(...[L, R].map((S) => Math.min(...S.map((i) => i.bbox[1]))));
    if (yOverlap <= 0) continue;
    if (extent(L, 0) > 0.2 * W && extent(R, 0) > 0.2 * W) return [L, R];
    // A narrow side column (labels, margin notes) still reads before/after as a whole when it is tall.
    if (extent(L, 1) > 0.5 * H && extent(R, 1) > 0.5 * H && L.length > 1 && R.length > 1) return [L, R];
  }
  return null;
}

/** Items crossing the gutter of two columns (a centred author line, a short title above them) that share no
 * row with the columns: read as horizontal separators like full-width items. The fewest such items for any
 * gutter with real columns on both sides; null when there is none. */
function crossers<T extends Boxed>(items: T[], W: number): T[] | null {
  const right = (i: T) => i.bbox[2] - overhang(i);
  let best: T[] | null = null;
  for (const x0 of new Set(items.map(right))) {
    const x1 = x0 + MIN_GUTTER;
    const C = items.filter((i) => i.bbox[0] < x1 && right(i) > x0);
    if (!C.length || C.length > Math.max(2, 0.3 * items.length) || (best && C.length >= best.length)) continue;
    const L = items.filter((i) => right(i) <= x0),
      R = items.filter((i) => i.bbox[0] >= x1);
    if (
      L.length < 2 ||
      R.length < 2 ||
      x0 - Math.min(...L.map((i) => i.bbox[0])) < 0.2 * W ||
      Math.max(...R.map((i) => i.bbox[2])) - x1 < 0.2 * W
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
  let wide = items.filter((i) => i.bbox[2] - i.bbox[0] > 0.6 * W);
  const columns = () => {
    if (!wide.length || wide.length === items.length) return false;
    const narrow = items.filter((i) => !wide.includes(i));
    if (narrow.length < 4) return false;
    const x0 = Math.min(...narrow.map((i) => i.bbox[0])),
      x1 = Math.max(...narrow.map((i) => i.bbox[2]));
    const column = (soft: boolean) => {
      const { g, left } = columnGaps(narrow, soft);
      return g.find(([a, b]) => {
        const x = (a + b) / 2;
        return (
          x - x0 > 0.2 * W &&
          x1 - x > 0.2 * W &&
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
  if (depth > MAX_DEPTH) return byPosition(items);
  const W = extent(items, 0);
  const v = verticalCut(items, W);
  if (v) return [...cut(v[0], depth + 1), ...cut(v[1], depth + 1), ...cut(v[2], depth + 1)];
  const sep = wideSeparators(items, W, depth);
  if (sep) return sep;
  const yg = gaps(items, 1).filter(([a, b]) => b - a > 0.5);
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
