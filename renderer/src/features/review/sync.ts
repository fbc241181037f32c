// Synchronised scrolling between the page pane and the Markdown pane, anchored on block positions.
// Anchors pair a Markdown chunk with a place on a page (the top of the block it came from). Both
// sequences are monotone, so the mapping is a piecewise-linear function that can be inverted: the
// same code maps page → Markdown and Markdown → page, given each pane's position of an anchor.
import type { Alignment } from './align.ts';
import type { DocModel } from './model.ts';

export interface Anchor {
  chunk: number;
  page: number;
  /** Top of the block, in page_size pixels. */
  y: number;
}

/**
 * Anchors in reading order. A page whose blocks read top to bottom (one column) gives an anchor per
 * block, so both panes line up block by block. A page read in columns (reading order jumps back
 * up) gives one anchor, at its first block: between two such anchors the Markdown moves evenly, instead
 * of racing through a whole column while the page pane crosses a margin. Anchors are kept only
 * where both the chunk index and the (page, y) position grow.
 */
export function buildAnchors(model: DocModel, alignment: Alignment): Anchor[] {
  const out: Anchor[] = [];
  let last: Anchor | null = null;
  const push = (a: Anchor) => {
    if (last && (a.chunk <= last.chunk || a.page < last.page || (a.page === last.page && a.y <= last.y))) return;
    out.push(a);
    last = a;
  };
  for (const page of model.pages) {
    const mapped: Anchor[] = [];
    for (let g = page.first; g < page.first + page.count; g++) {
      const b = model.blocks[g]!;
      const chunk = alignment.chunkOfBlock[g]!;
      // Footnotes are defined at the end of the Markdown: they anchor no scroll position.
      if (chunk >= 0 && b.bbox && b.type !== 'footnote') mapped.push({ chunk, page: page.index, y: b.bbox[1] });
    }
    if (mapped.length === 0) continue;
    const tolerance = page.size.h * 0.02;
    const columns = mapped.some((a, k) => k > 0 && a.y < mapped[k - 1]!.y - tolerance);
    // First block in reading order: top of the first column, usually the page's title or first line.
    if (columns) push(mapped.reduce((a, b) => (b.chunk < a.chunk ? b : a)));
    else for (const a of mapped) push(a);
  }
  return out;
}

/** Index of the last anchor whose position is ≤ x (positions are non-decreasing), or -1. */
function floorIndex(anchors: readonly Anchor[], pos: (a: Anchor) => number, x: number): number {
  let lo = 0;
  let hi = anchors.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (pos(anchors[mid]!) <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Maps a scroll position of one pane to the other's. `from`/`to` give an anchor's position in
 * each pane (CSS px from the top of its scroll content). Before the first anchor and after the
 * last, positions move one to one; between anchors they interpolate linearly.
 */
export function mapPosition(
  anchors: readonly Anchor[],
  x: number,
  from: (a: Anchor) => number,
  to: (a: Anchor) => number,
): number | null {
  if (anchors.length === 0) return null;
  const k = floorIndex(anchors, from, x);
  if (k === -1) return Math.max(0, to(anchors[0]!) - (from(anchors[0]!) - x));
  const a = anchors[k]!;
  const b = anchors[k + 1];
  if (!b) return to(a) + (x - from(a));
  const fa = from(a);
  const fb = from(b);
  const t = fb > fa ? (x - fa) / (fb - fa) : 0;
  return to(a) + t * (to(b) - to(a));
}

/**
 * Which pane leads the synchronisation. The pane the user last touched (wheel, pointer, keys,
 * touch) drives; scroll events of the other pane are then ours and ignored: no feedback loop.
 */
export type Pane = 'page' | 'markdown';

export class SyncGate {
  driver: Pane | null = null;
  /** The user touched a pane. */
  touch(pane: Pane): void {
    this.driver = pane;
  }
  /** A programmatic jump (selection, page input): neither pane drives until the user touches one. */
  release(): void {
    this.driver = null;
  }
  /** Should a scroll event of `pane` move the other pane? */
  shouldFollow(pane: Pane, enabled: boolean): boolean {
    return enabled && this.driver === pane;
  }
}
