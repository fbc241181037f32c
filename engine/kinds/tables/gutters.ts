// Openings of a ruled grid where its rules are missing, from the text itself. Column gutters: x stretches no
// word of the rows covers, with words on both sides in several rows (a frame whose data rows have no inner
// column rules, a table ruled only across). Row breaks: a column left unruled beside ruled figures breaks at
// their rows where its own text breaks too (else every label of the column lands in one tall cell).
import type { RawLine } from '../../raw.ts';
import { median } from '../../analysis/text.ts';

/** A word: a run of chars with no space and no wide gap inside; its x extent and vertical centre. */
export interface Word {
  x0: number;
  x1: number;
  cy: number;
  /** The line's top and bottom. */
  y0: number;
  y1: number;
  size: number;
  /** Digits and number punctuation only (a figure: "3,375", "(4.5)", "12%"). */
  figure: boolean;
}

const LEADER = /[.·…_]/;
const FIGURE = /[\d.,%()+\-–—*$€£]/;

/** Words of the lines: chars split at spaces and at gaps wider than a third of the font size; a run of
 * leader dots (". . . .") stays with the word before it on its row (in its line or the line before), so a
 * form's leaders make no columns. */
export function wordsOf(lines: RawLine[]): Word[] {
  const out: Word[] = [];
  // Lines left to right along each row, so leaders set as lines of their own join the label before them.
  const mid = (l: RawLine) => (l.bbox[1] + l.bbox[3]) / 2;
  const sorted = [...lines].sort((a, b) => (Math.abs(mid(a) - mid(b)) > 1 ? mid(a) - mid(b) : a.bbox[0] - b.bbox[0]));
  let last: Word | null = null;
  for (const l of sorted) {
    const cy = mid(l);
    if (last && Math.abs(last.cy - cy) > 1) last = null;
    let w: Word | null = null;
    for (let i = 0; i < l.text.length; i++) {
      const ch = l.text[i];
      if (ch === ' ' || ch === '\u00a0' || ch === '\t') {
        w = null;
        continue;
      }
      const a = l.cx0[i],
        b = l.cx1[i];
      if (!(b >= a)) continue;
      if (!w || a - w.x1 > l.size / 3) {
        if (last && LEADER.test(ch) && a - last.x1 <= 2 * l.size) w = last;
        else out.push((w = { x0: a, x1: b, cy, y0: l.bbox[1], y1: l.bbox[3], size: l.size, figure: true }));
      }
      w.x1 = Math.max(w.x1, b);
      w.figure &&= FIGURE.test(ch);
      last = w;
    }
  }
  return out;
}

/** Gutters no wider than this share of the font size are the space between words of one cell. */
const MIN_GUTTER_EM = 0.9;
/** Rows whose words may cross a gutter (spanning header cells, a caption line) as a share of the rows. */
const CROSSING_SHARE = 0.2;
/** …and at most this many: a long column of labels where a few run past the others makes no gutter. */
const MAX_CROSSING = 2;

/**
 * Gutters inside [x0, x1] for the row bands `bands` (y intervals): x positions (mid-gap) where at most a
 * fifth of the bands have a word across, at least MIN_GUTTER_EM wide among the other bands, with words on
 * both sides in at least two bands (a label column's short and right-aligned labels make no column).
 */
function gutters(words: Word[], x0: number, x1: number, bands: [number, number][]): number[] {
  const inside = words.filter((w) => w.x0 >= x0 - 1 && w.x1 <= x1 + 1);
  if (inside.length < 4 || bands.length < 2) return [];
  const size = median(inside.map((w) => w.size));
  const perBand = bands.map(() => [] as Word[]);
  for (const w of inside) {
    const k = bands.findIndex(([a, b]) => w.cy > a && w.cy < b);
    if (k >= 0) perBand[k].push(w);
  }
  const used = perBand.filter((ws) => ws.length > 0);
  if (used.length < 2) return [];
  // Candidate cut positions: the right edge of every word (a gap opens there in some band).
  const cands = [...new Set(inside.map((w) => Math.round(w.x1 * 2) / 2))].sort((a, b) => a - b);
  const allowed = Math.min(MAX_CROSSING, Math.floor(CROSSING_SHARE * used.length)),
    minGap = MIN_GUTTER_EM * size;
  const gaps: { c: number; right: number; crossing: number }[] = [];
  for (const c of cands) {
    if (c <= x0 + 1 || c >= x1 - 1) continue;
    // Bands with a word across or in the gap opening at c; the others' nearest words right of c.
    let crossing = 0,
      leftRows = 0,
      bothRows = 0;
    const rights: number[] = [];
    for (const ws of used) {
      if (ws.some((w) => w.x0 < c + minGap && w.x1 > c + 0.5)) {
        crossing++;
        continue;
      }
      let l = false,
        r = Infinity;
      for (const w of ws) {
        if (w.x1 <= c + 0.5) l = true;
        else r = Math.min(r, w.x0);
      }
      if (l) leftRows++;
      if (Number.isFinite(r)) rights.push(r);
      if (l && Number.isFinite(r)) bothRows++;
    }
    if (crossing > allowed || leftRows < 2 || rights.length < 2 || bothRows < 2) continue;
    // The gap's right edge: what is left of the crossing allowance may go to the bands nearest to c (a
    // title's or a spanning header's word set just past it), so they do not narrow the gap.
    rights.sort((a, b) => a - b);
    const right = Math.min(x1, rights[Math.min(rights.length - 1, allowed - crossing)]);
    if (right - c < minGap) continue;
    // One cut per gap: a later opening in the same gap replaces the earlier when fewer words cross it.
    const last = gaps[gaps.length - 1];
    if (last && c < last.right) {
      if (crossing <= last.crossing) gaps[gaps.length - 1] = { c, right, crossing };
    } else gaps.push({ c, right, crossing });
  }
  return gaps.map((g) => (g.c + g.right) / 2);
}

/**
 * Column lines of a ruled grid where its inner vertical rules stop short or are missing: the rules' xs plus
 * the gutters inside each column, and `open(x, ya, yb)`, whether the row band (ya, yb) has a gutter at x:
 * words in the column right of x and in the one left of it (or further left, before a figure), none across,
 * a gap wider than between words. Null when every inner
 * rule runs the grid's full height (a full grid: its missing rules are spans).
 */
export function openColumns(
  xs: number[],
  ys: number[],
  hasV: (x: number, ya: number, yb: number) => boolean,
  words: Word[],
): { xs: number[]; open: (x: number, ya: number, yb: number) => boolean } | null {
  const bands = ys.slice(1).map((y, k) => [ys[k], y] as [number, number]);
  const inner = xs.slice(1, -1);
  if (xs.length > 2 && inner.every((x) => bands.every(([a, b]) => hasV(x, a, b)))) return null;
  const all = [...xs];
  for (let c = 0; c + 1 < xs.length; c++) all.push(...gutters(words, xs[c], xs[c + 1], bands));
  all.sort((a, b) => a - b);
  const size = median(words.map((w) => w.size));
  const open = (x: number, ya: number, yb: number) => {
    const k = all.indexOf(x);
    if (k <= 0 || k >= all.length - 1) return false;
    let left = -Infinity,
      right: Word | null = null;
    for (const w of words) {
      // Words of the column right of x, and any left of it (a total's label over empty columns).
      if (w.cy <= ya || w.cy >= yb || w.x0 >= all[k + 1]) continue;
      if (w.x0 < x - 0.5 && w.x1 > x + 0.5) return false;
      if (w.x1 <= x + 0.5) left = Math.max(left, w.x1);
      else if (!right || w.x0 < right.x0) right = w;
    }
    // Text further left than the next column opens only before a figure (a total's value), not a header cell.
    if (!right || !Number.isFinite(left) || (left <= all[k - 1] && !right.figure)) return false;
    return right.x0 - left >= MIN_GUTTER_EM * size;
  };
  return { xs: all, open };
}

/** A column ruled at this share of the grid's inner row lines or more keeps its missing rules as spans. */
const RULED_SHARE = 0.5;

/**
 * `open(y, xa, xb)`: whether the column (xa, xb) breaks at the grid line y although no rule is drawn there:
 * it has words in the grid rows just above and just below y and no line of text across y. A cell whose
 * text sits in one of the rows it spans (a centred "1991" over three rows) stays one cell, and so does a
 * cell of a column ruled at most row lines (a two-line header cell beside a ruled header). Null when
 * every inner row line is ruled across the whole grid (nothing to open).
 */
export function openRows(
  xs: number[],
  ys: number[],
  hasH: (y: number, xa: number, xb: number) => boolean,
  words: Word[],
): ((y: number, xa: number, xb: number) => boolean) | null {
  const inner = ys.slice(1, -1);
  const cols = xs.slice(1).map((x, k) => [xs[k], x] as [number, number]);
  if (inner.every((y) => cols.every(([a, b]) => hasH(y, a, b)))) return null;
  // Columns ruled at most row lines: there a missing rule is a span (a two-line header cell), not a gap.
  const ruled = new Set(
    cols.filter(([a, b]) => inner.filter((y) => hasH(y, a, b)).length >= RULED_SHARE * inner.length).map(([a]) => a),
  );
  return (y, xa, xb) => {
    const k = ys.indexOf(y);
    if (k <= 0 || k >= ys.length - 1 || ruled.has(xa)) return false;
    let above = false,
      below = false;
    for (const w of words) {
      if (w.x1 <= xa || w.x0 >= xb || w.y1 <= ys[k - 1] || w.y0 >= ys[k + 1]) continue;
      if (w.y0 < y - 1 && w.y1 > y + 1) return false;
      if (w.cy < y) above = true;
      else below = true;
    }
    return above && below;
  };
}
