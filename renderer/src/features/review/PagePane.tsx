// The page pane: every page of the original, virtualised (only pages near the viewport exist in the
// DOM, and only the few nearest the centre hold a canvas), with zoom (fit width, fit page, percent,
// Ctrl/Cmd+wheel around the cursor), reveal-on-select and its half of the synchronised scrolling.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fitScale } from '../../../../shared/bbox.ts';
import { useT } from '../../i18n/index.ts';
import { useReview, useReviewContext } from './context.tsx';
import { PAGE_GAP, PANE_PADDING, computeLayout, currentPage, offsetOnPage, pageLeft, positionAt } from './layout.ts';
import type { PageLayout } from './layout.ts';
import { PageView } from './PageView.tsx';
import { ZOOM_MAX, ZOOM_MIN } from './store.ts';
import { useFollow } from './useFollow.ts';
import { scrollBlockIntoView, useReveal } from './usePageReveal.ts';
import { useFastScroll } from './useFastScroll.ts';

/** The most a fit mode enlarges a page: twice its 100 %. */
const FIT_MAX = 2;

/** Pages that may hold a canvas at once (memory bound at any zoom). */
const MAX_CANVASES = 6;

/** A point on a page (fractions of its size) and where it sits in the viewport (fractions of it). */
interface ZoomAnchor {
  page: number;
  fx: number;
  fy: number;
  rx: number;
  ry: number;
}

/** The page point at (cx, cy) of the viewport of `el`, laid out as `l`. */
function captureAnchor(el: HTMLDivElement, l: PageLayout, cx: number, cy: number): ZoomAnchor {
  const { page, yPx } = positionAt(l, el.scrollTop + cy);
  const left = pageLeft(l, page, el.clientWidth);
  const fx = l.widths[page] ? (el.scrollLeft + cx - left) / l.widths[page]! : 0.5;
  const fy = l.heights[page] ? (yPx * l.scales[page]!) / l.heights[page]! : 0;
  return {
    page,
    fx,
    fy,
    rx: el.clientWidth ? cx / el.clientWidth : 0.5,
    ry: el.clientHeight ? cy / el.clientHeight : 0.5,
  };
}

export function PagePane() {
  const t = useT();
  const { doc, store, gate, baseScale } = useReviewContext();
  const zoom = useReview((s) => s.zoom);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [vp, setVp] = useState({ w: 800, h: 600 });
  const sizes = useMemo(() => doc.model.pages.map((p) => p.size), [doc]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = () => setVp({ w: el.clientWidth, h: el.clientHeight });
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Fit modes fit each page on its own (mixed sizes: a wide sheet does not shrink the others), a small
  // one (a sheet of a few cells) to at most FIT_MAX × its 100 %.
  const layout = useMemo(() => {
    if (zoom.kind === 'percent') return computeLayout(sizes, (zoom.value / 100) * baseScale);
    const mode = zoom.kind === 'fit-width' ? 'width' : 'page';
    return computeLayout(sizes, (s) => Math.min(FIT_MAX * baseScale, fitScale(mode, [s], vp, 2 * PANE_PADDING)));
  }, [zoom, sizes, vp, baseScale]);
  const scale = layout.scale;
  const layoutRef = useRef<PageLayout>(layout);
  layoutRef.current = layout;

  useEffect(() => {
    store.getState().reportPercent((scale / baseScale) * 100);
  }, [scale, baseScale, store]);

  const virtualizer = useVirtualizer({
    count: sizes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => layoutRef.current.heights[i]! + PAGE_GAP,
    paddingStart: PANE_PADDING,
    paddingEnd: PANE_PADDING,
    overscan: 1,
  });

  // Zoom keeps the point under the cursor (or the viewport centre) fixed. Any other change of the
  // layout (fit modes after a resize, a panel opened or closed) keeps the reader's place: the point
  // at the viewport centre when the pane last scrolled (`placeRef`) stays at the centre.
  const anchorRef = useRef<ZoomAnchor | null>(null);
  const placeRef = useRef<ZoomAnchor | null>(null);
  const restoredFor = useRef<PageLayout | null>(null);
  useLayoutEffect(() => {
    virtualizer.measure();
    const el = scrollRef.current;
    const a = anchorRef.current ?? placeRef.current;
    anchorRef.current = null;
    if (!el || !a || restoredFor.current === layout || !layout.tops.length) return;
    restoredFor.current = layout;
    const page = Math.min(a.page, layout.tops.length - 1);
    el.scrollTop = layout.tops[page]! + a.fy * layout.heights[page]! - a.ry * el.clientHeight;
    el.scrollLeft = pageLeft(layout, page, el.clientWidth) + a.fx * layout.widths[page]! - a.rx * el.clientWidth;
    // The selected block stays in view too (moved only if the kept place left it outside).
    const selected = store.getState().selected;
    if (selected >= 0) scrollBlockIntoView(el, layout, doc, selected);
    placeRef.current = captureAnchor(el, layout, el.clientWidth / 2, el.clientHeight / 2);
    store.getState().reportPage(currentPage(layout, el.scrollTop, el.clientHeight));
  }, [layout, virtualizer, doc, store]);

  // Ctrl/Cmd + wheel zooms (non-passive listener so the browser's own page zoom is prevented).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      gate.touch('page');
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      anchorRef.current = captureAnchor(el, layoutRef.current, e.clientX - rect.left, e.clientY - rect.top);
      const cur = store.getState().percent;
      const factor = Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) / 300);
      const value = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(cur * factor)));
      store.getState().setZoom({ kind: 'percent', value });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [gate, store]);

  // Toolbar zoom changes anchor on the viewport centre: `placeRef`, recorded against the layout it
  // was measured in (capturing it here, during the render, would read the old scroll position
  // against the new layout and land pages away).

  const follow = useFollow('page', scrollRef, (a) => offsetOnPage(layoutRef.current, a.page, a.y));
  useReveal(scrollRef, layoutRef, follow);

  const fast = useFastScroll(scrollRef, (v) => store.getState().reportFlying(v));
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    fast.onScroll();
    placeRef.current = captureAnchor(el, layoutRef.current, el.clientWidth / 2, el.clientHeight / 2);
    store.getState().reportPage(currentPage(layoutRef.current, el.scrollTop, el.clientHeight));
    follow();
  };

  const items = virtualizer.getVirtualItems();
  const center = (virtualizer.scrollOffset ?? 0) + vp.h / 2;
  const byDistance = items
    .map((it) => ({ i: it.index, d: Math.abs(layout.tops[it.index]! + layout.heights[it.index]! / 2 - center) }))
    .sort((a, b) => a.d - b.d);
  const drawSet = new Set(byDistance.slice(0, MAX_CANVASES).map((x) => x.i));
  const contentWidth = Math.max(vp.w, layout.maxWidth + 2 * PANE_PADDING);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a div, as the scroll hooks that share its ref expect (HTMLDivElement)
    <div
      ref={scrollRef}
      className="rv-pages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a pane that scrolls: keys can focus it to scroll
      tabIndex={0}
      role="region"
      aria-label={t('review.pagesPane')}
      data-testid="page-pane"
      onScroll={onScroll}
      onPointerDown={() => gate.touch('page')}
      onKeyDown={() => gate.touch('page')}
      onTouchStart={() => gate.touch('page')}
    >
      <div className="rv-pages-inner" style={{ height: layout.total, width: contentWidth }}>
        {items.map((it) => (
          <PageView
            key={it.index}
            index={it.index}
            top={layout.tops[it.index]!}
            left={pageLeft(layout, it.index, vp.w)}
            width={layout.widths[it.index]!}
            height={layout.heights[it.index]!}
            draw={drawSet.has(it.index)}
            settled={!fast.fast}
            priority={byDistance.findIndex((x) => x.i === it.index)}
          />
        ))}
      </div>
    </div>
  );
}
