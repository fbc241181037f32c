// Borderless tables in the reading order: do the items on both sides of a gutter share their rows (cells
// of a table read row by row) rather than form two columns? Also the one-line height xycut measures with.
import type { Boxed } from './gaps.ts';
import { ROWS } from './thresholds.ts';

/** Do most one-line items on both sides of a gutter share their rows (cells of a borderless table)?
 * Judged on all items, and on the rows both sides span: a grid's label column sitting above prose or a
 * list that a hidden gutter would also take is still a grid. */
export function rowAligned<T extends Boxed>(L: T[], R: T[], line?: number): boolean {
  const within = (S: T[], O: T[]) => {
    const top = Math.min(...O.map((o) => o.bbox[1])),
      bottom = Math.max(...O.map((o) => o.bbox[3]));
    return S.filter((i) => (i.bbox[1] + i.bbox[3]) / 2 > top && (i.bbox[1] + i.bbox[3]) / 2 < bottom);
  };
  return sharedRows(L, R, line) || sharedRows(within(L, R), within(R, L));
}

const height = (i: Boxed) => i.bbox[3] - i.bbox[1];

/** A one-line height: the first quartile of the items' heights. */
export function lineHeight(items: Boxed[]): number {
  const all = items.map(height).sort((a, b) => a - b);
  return all[Math.floor(all.length / 4)];
}

/** `line`: lineHeight of L and R together, when the caller has it. */
function sharedRows<T extends Boxed>(L: T[], R: T[], line?: number): boolean {
  const [small, big] = L.length <= R.length ? [L, R] : [R, L];
  if (small.length < ROWS.minItems) return false;
  const oneLine = line ?? lineHeight([...L, ...R]);
  const single = (i: T) => height(i) < ROWS.oneLine * oneLine;
  // At least 60% of the smaller side have a one-line partner on the other (stops as soon as it is known).
  const bigSingle = big.filter(single),
    need = ROWS.aligned * small.length;
  let aligned = 0;
  for (let k = 0; k < small.length; k++) {
    const i = small[k];
    if (
      single(i) &&
      bigSingle.some(
        (o) => Math.abs(o.bbox[1] - i.bbox[1]) < ROWS.edge && Math.abs(o.bbox[3] - i.bbox[3]) < ROWS.edge,
      ) &&
      ++aligned >= need
    )
      return true;
    if (aligned + small.length - k - 1 < need) return false;
  }
  return aligned >= need;
}
