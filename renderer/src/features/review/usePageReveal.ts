// Page pane reactions to selections and page jumps made elsewhere: scroll the selected block's box
// (or the requested page) into view (scrollBlockIntoView also keeps it in view after a layout change). A jump releases the sync gate so the Markdown pane, which
// reveals the same block itself, is not dragged along a second time.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { scaleBBox } from '../../../../shared/bbox.ts';
import { useReviewContext } from './context.tsx';
import type { ReviewDoc } from './doc.ts';
import type { PageLayout } from './layout.ts';
import { pageLeft } from './layout.ts';
import type { Follow } from './useFollow.ts';

const MARGIN = 24;

/** Scrolls the page pane just enough to show block `g` (its page when it has no box); no-op when visible. */
export function scrollBlockIntoView(el: HTMLElement, l: PageLayout, doc: ReviewDoc, g: number): void {
  const b = doc.model.blocks[g];
  if (!b || l.tops[b.page] === undefined) return;
  const page = doc.model.pages[b.page]!;
  const top = l.tops[b.page]!;
  const left = pageLeft(l, b.page, el.clientWidth);
  if (!b.bbox) {
    if (top + l.heights[b.page]! < el.scrollTop || top > el.scrollTop + el.clientHeight)
      el.scrollTop = top - MARGIN / 2;
    return;
  }
  const r = scaleBBox(b.bbox, page.size, { w: l.widths[b.page]!, h: l.heights[b.page]! });
  const y1 = top + r.top;
  const y2 = y1 + r.height;
  if (y1 < el.scrollTop + MARGIN || y2 > el.scrollTop + el.clientHeight - MARGIN) {
    // Tall boxes start at the top; others sit a third of the way down.
    const want = r.height > el.clientHeight * 0.6 ? y1 - MARGIN : y1 - el.clientHeight / 3;
    el.scrollTop = Math.max(0, want);
  }
  const x1 = left + r.left;
  const x2 = x1 + r.width;
  if (x1 < el.scrollLeft || x2 > el.scrollLeft + el.clientWidth) el.scrollLeft = Math.max(0, x1 - MARGIN);
}

export function useReveal(
  scrollRef: RefObject<HTMLElement | null>,
  layoutRef: RefObject<PageLayout>,
  follow: Follow,
): void {
  const { doc, store, gate } = useReviewContext();
  const followRef = useRef(follow);
  followRef.current = follow;
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.seq === prev.seq) return;
        const el = scrollRef.current;
        const l = layoutRef.current;
        if (!el || !l) return;
        if (s.goto && s.goto.seq === s.seq) {
          gate.release();
          el.scrollTop = Math.max(0, l.tops[s.goto.page]! - MARGIN / 2);
          followRef.current.now();
          return;
        }
        if (s.selected < 0 || s.origin === 'page') return;
        if (!doc.model.blocks[s.selected]) return;
        gate.release();
        scrollBlockIntoView(el, l, doc, s.selected);
      }),
    [doc, store, gate, scrollRef, layoutRef],
  );
}
