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
 * Anchors in reading order, kept only where both the chunk index and the (page, y) position grow.
 * On a two-column page the second column's blocks (which start higher up) are skipped: scrolling
 * down that page then sweeps the Markdown of the second column before the next page's anchor.
 */
export function buildAnchors(model: DocModel, alignment: Alignment): Anchor[] {
  const out: Anchor[] = [];
  let last: Anchor | null = null;
  for (const b of model.blocks) {
    const chunk = alignment.chunkOfBlock[b.g]!;
    if (chunk < 0 || !b.bbox) continue;
    const a: Anchor = { chunk, page: b.page, y: b.bbox[1] };
    if (last && (a.chunk <= last.chunk || a.page < last.page || (a.page === last.page && a.y <= last.y))) continue;
    out.push(a);
    last = a;
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
