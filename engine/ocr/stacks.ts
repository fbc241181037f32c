// Text running up or down an upright page: its vertical boxes, and columns of short boxes end to end (a
// margin stamp, a sideways label, a chart's axis) — or a column of page numbers, kept when it reads well
// and ends rows of text.
import type { DetBox } from './detect.ts';
import type { Recognised } from './recognise.ts';
import { isVertical } from './orient.ts';

/** Thresholds of the stacks. */
const STACKS = {
  /** A box shorter than this many times its height (or vertical) may be a piece of a stack. */
  short: 1.8,
  /** The next box of a stack is centred within this share of the taller one's height. */
  offset: 0.6,
  /** Four boxes or more make a stack. */
  min: 4,
  /** A suspect stack is dropped when its mean reading score is under this… */
  score: 0.75,
  /** …or when fewer than half its boxes end a row (a line on their left, centres within half a height). */
  row: 0.5,
} as const;

/** Columns of 4 or more short boxes end to end: pieces of text running up or down the page (a margin
 * stamp, a sideways label) — or a column of page numbers. */
function stacks(boxes: DetBox[]): DetBox[][] {
  const out: DetBox[][] = [];
  const short = boxes.filter((b) => isVertical(b) || b.w < STACKS.short * b.h).sort((a, b) => a.cy - b.cy);
  const used = new Set<DetBox>();
  for (const s of short) {
    if (used.has(s)) continue;
    const stack = [s];
    used.add(s);
    for (const t of short) {
      const last = stack[stack.length - 1];
      const ext = (b: DetBox) => (isVertical(b) ? b.w : b.h) / 2;
      if (used.has(t) || Math.abs(t.cx - last.cx) > STACKS.offset * Math.max(last.h, t.h)) continue;
      if (t.cy - ext(t) - (last.cy + ext(last)) > Math.max(last.h, t.h)) continue;
      stack.push(t);
      used.add(t);
    }
    if (stack.length >= STACKS.min) out.push(stack);
  }
  return out;
}

/** Drops text running up or down an upright page: its vertical boxes, and the stacks holding one. Stacks
 * of blobs that stood upright are returned as suspects, kept only as a column of page numbers: they read
 * well across (pieces of a sideways stamp give junk) and end rows of text (a chart's axis labels do not). */
export function uprightOnly(boxes: DetBox[]): { boxes: DetBox[]; suspects: DetBox[][] } {
  const drop = new Set<DetBox>(),
    suspects: DetBox[][] = [];
  for (const st of stacks(boxes)) {
    if (st.some(isVertical)) for (const b of st) drop.add(b);
    else if (st.some((b) => b.upright)) suspects.push(st);
  }
  return { boxes: boxes.filter((b) => !isVertical(b) && !drop.has(b)), suspects };
}

/** Removes from `read` (readings by box index) the suspect stacks that are no column of page numbers. */
export function dropSuspects(suspects: DetBox[][], boxes: DetBox[], read: Map<number, Recognised>): void {
  const index = new Map(boxes.map((b, i) => [b, i]));
  for (const st of suspects) {
    const rs = st.map((b) => read.get(index.get(b)!)?.score ?? 0);
    // Page numbers end rows of text: most of them have a line to their left on their row.
    const rowEnds = st.filter((b) =>
      boxes.some(
        (a) =>
          !st.includes(a) &&
          Math.abs(a.cy - b.cy) < STACKS.row * Math.max(a.h, b.h) &&
          a.cx + a.w / 2 <= b.cx - b.w / 2,
      ),
    ).length;
    if (rs.reduce((a, b) => a + b, 0) / rs.length < STACKS.score || 2 * rowEnds < st.length)
      for (const b of st) read.delete(index.get(b)!);
  }
}
