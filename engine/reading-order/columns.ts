// Vertical cuts of the XY-cut: the gutters between columns (clean ones first, then ones hidden by overhanging
// line ends), the test that a cut splits real columns rather than a borderless table's cells, and what reads
// after both columns (a closing note under a two-column page).
import { extent, gaps, intervalGaps, overhang, type Boxed } from './gaps.ts';
import { lineHeight, rowAligned } from './row-aligned.ts';
import { XYCUT } from './thresholds.ts';

/** Column gaps, widest first: clean ones (`soft` false), or gutters hidden by overhangs (`soft` true).
 * `left(i, x)` says whether item i lies left of a cut at x. */
export function columnGaps<T extends Boxed>(
  items: T[],
  soft: boolean,
): { g: [number, number][]; soft: boolean; left: (i: T, x: number) => boolean } {
  const widest = (g: [number, number][]) => g.sort((p, q) => q[1] - q[0] - (p[1] - p[0]));
  if (!soft)
    return {
      g: widest(gaps(items, 0).filter(([a, b]) => b - a >= XYCUT.gutter)),
      soft,
      left: (i, x) => i.bbox[2] <= x,
    };
  const pulled = items.map((i) => [i.bbox[0], i.bbox[2] - overhang(i)] as [number, number]);
  return {
    g: widest(intervalGaps(pulled).filter(([a, b]) => b - a >= XYCUT.gutter / 2)),
    soft,
    left: (i, x) => i.bbox[2] - overhang(i) <= x,
  };
}

/** A vertical cut at a clean gutter, else (only then) at one hidden by overhanging line ends: the two sides,
 * then what reads after both (belowColumns). */
export function verticalCut<T extends Boxed>(items: T[], W: number): [T[], T[], T[]] | null {
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
      if (gap <= pitch + XYCUT.pitchSlack * lineHeight(L) || extent(below, 0) > XYCUT.belowMeasure * extent(above, 0))
        break;
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
    const short = (S: T[]) => extent(S, 1) < XYCUT.softTall * H;
    if (soft && (short(L) || short(R) || L.length < 2 || R.length < 2)) continue;
    // L and R share no item (so together they are the items): their line height is the items'.
    const apart = !L.some((i) => i.bbox[0] >= x);
    if (apart) line ??= lineHeight(items);
    if (rowAligned(L, R, apart ? line : undefined)) continue; // a table without rules: read it row by row
    // Sides that share no height (a centred line above a flush-left heading) read top to bottom.
    const yOverlap =
      Math.min(...[L, R].map((S) => Math.max(...S.map((i) => i.bbox[3])))) -
      Math.max(...[L, R].map((S) => Math.min(...S.map((i) => i.bbox[1]))));
    if (yOverlap <= 0) continue;
    if (extent(L, 0) > XYCUT.columnWidth * W && extent(R, 0) > XYCUT.columnWidth * W) return [L, R];
    // A narrow side column (labels, margin notes) still reads before/after as a whole when it is tall.
    const tall = (S: T[]) => extent(S, 1) > XYCUT.sideTall * H && S.length > 1;
    if (tall(L) && tall(R)) return [L, R];
  }
  return null;
}
