// The heights of one compare pane's rows: an estimate for each row from its text and the pane's width
// until the row is shown and measured, the rows' offsets from them, and which row is at a given offset.
// Lets a pane build only the rows in view and scroll to a row it has never built. No DOM here.
import type { Row } from '../../../../shared/compare/match.ts';

/** A row's slot: the row (its border box) and 1 px of space above and below it. */
export const SLOT_PAD = 2;
/** Average advance of a character of the row text (13.5 px sans), with room for word wrapping. */
const CHAR_PX = 7.6;
const LINE_PX = 20.25;
/** Row padding (8), kind line (17), text margins (4). */
const ROW_BASE = 29;
/** A "Keep A / Keep B" button under a difference. */
const KEEP_PX = 23;
const TABLE_ROW_PX = 24;
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

/** Lines `text` wraps to at `width` px (pre-wrap: each of its lines at least one). */
function lines(text: string, width: number): number {
  const perLine = Math.max(8, width / CHAR_PX);
  let n = 0;
  for (const part of text.split('\n')) {
    const wide = part.match(WIDE)?.length ?? 0;
    n += Math.max(1, Math.ceil((part.length + wide) / perLine));
  }
  return n;
}

/** Estimated slot height of each row of one side, for rows `width` px wide. */
export function estimateRows(rows: readonly Row[], side: 'a' | 'b', width: number): Float64Array {
  const textWidth = Math.max(120, width - 31);
  const out = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    const block = row[side];
    const keep = row.kind === 'same' ? 0 : KEEP_PX;
    let body: number;
    if (!block) body = 18;
    else if (row.cells && block.type === 'table')
      body = 4 + TABLE_ROW_PX * Math.max(1, block.content.split('<tr').length - 1);
    else body = LINE_PX * lines(block.text || ' ', textWidth);
    out[i] = ROW_BASE - (block ? 0 : 21) + body + keep + SLOT_PAD;
  });
  return out;
}

/** Slot heights (estimated or measured) and their offsets, computed lazily from the first changed row. */
export class RowHeights {
  readonly sizes: Float64Array;
  private readonly offsets: Float64Array;
  private readonly measured: Uint8Array;
  /** Offsets are valid up to and including this row. */
  private valid = 0;

  constructor(estimates: Float64Array) {
    this.sizes = estimates;
    this.offsets = new Float64Array(estimates.length + 1);
    this.measured = new Uint8Array(estimates.length);
  }

  get count(): number {
    return this.sizes.length;
  }

  isMeasured(i: number): boolean {
    return this.measured[i] === 1;
  }

  /** Records row i's measured slot height; true when it differs from what was assumed. */
  set(i: number, size: number): boolean {
    this.measured[i] = 1;
    if (Math.abs(this.sizes[i]! - size) < 0.5) return false;
    this.sizes[i] = size;
    this.valid = Math.min(this.valid, i);
    return true;
  }

  /** Top of row i's slot (i = count: the end of the last one). */
  offset(i: number): number {
    const to = Math.max(0, Math.min(i, this.count));
    for (let k = this.valid; k < to; k++) this.offsets[k + 1] = this.offsets[k]! + this.sizes[k]!;
    this.valid = Math.max(this.valid, to);
    return this.offsets[to]!;
  }

  total(): number {
    return this.offset(this.count);
  }

  /** The row whose slot holds offset y (the first or last row beyond the ends); -1 with no rows. */
  rowAt(y: number): number {
    if (this.count === 0) return -1;
    this.total();
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.offsets[mid]! <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
