// The reading order of a whole page, the one place it is decided: the page's parts in turn (top margin, body,
// rotated text set aside, bottom margin), each cut by xycut.ts; and, once blocks have types, headers first and
// footnotes, footers and side notes last, whatever the cut gave (byRole, for the document's assembly).
import type { Boxed } from './gaps.ts';
import { readingOrder } from './xycut.ts';

/** A page's items by part: which part an item belongs to is the page stage's call (kinds/page.ts). */
interface PageParts<T extends Boxed> {
  top: T[];
  body: T[];
  /** Rotated text that is not in a margin band (vertical CJK columns, side captions). */
  rotated: T[];
  bottom: T[];
}

/** The page's items in reading order: its parts in turn. `rtl` pages read right to left; so do rotated parts
 * that are vertical CJK columns (`verticalCjk`). */
export function pageOrder<T extends Boxed>(parts: PageParts<T>, rtl: boolean, verticalCjk: boolean): T[] {
  return [
    ...readingOrder(parts.top, rtl),
    ...readingOrder(parts.body, rtl),
    ...readingOrder(parts.rotated, rtl || verticalCjk),
    ...readingOrder(parts.bottom, rtl),
  ];
}

/** Where a block of this type reads on its page: headers first, then the body (all its columns), its
 * footnotes, and footers and side notes last. */
function rank(type: string): number {
  if (type === 'header') return 0;
  if (type === 'footnote') return 2;
  return type === 'footer' || type === 'sider' ? 3 : 1;
}

/** Indices of a page's blocks (given their types, in the page's reading order) in the order they are read:
 * by role, then as the page gave them. */
export function byRole(types: readonly string[]): number[] {
  return types.map((_, i) => i).sort((a, b) => rank(types[a]) - rank(types[b]) || a - b);
}
