// Lazy page thumbnails: a virtualised column; a thumbnail renders (low priority, after the list
// settles) only while it is on screen, and is kept as a small bitmap so scrolling back is instant.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useT } from '../../i18n/index.ts';
import { useReview, useReviewContext } from './context.tsx';
import type { PdfDoc } from './pdf.ts';
import { onRovingKey, rovingTabIndex } from './roving.ts';

const THUMB_W = 84;
const ROW_GAP = 22;
const SETTLE_MS = 150;
const KEEP = 300;

/** Rendered thumbnails per document, oldest first (Map order) for eviction. */
const cache = new WeakMap<PdfDoc, Map<number, ImageBitmap>>();

function remember(pdf: PdfDoc, i: number, bmp: ImageBitmap): void {
  let m = cache.get(pdf);
  if (!m) cache.set(pdf, (m = new Map()));
  m.set(i, bmp);
  if (m.size > KEEP) {
    const [oldest, old] = m.entries().next().value!;
    m.delete(oldest);
    old.close();
  }
}

const Thumb = memo(function Thumb({ i, w, h }: { i: number; w: number; h: number }) {
  const { pdf, doc, view } = useReviewContext();
  // While the page pane flies past pages, this list follows it: render once things settle.
  const flying = useReview((s) => s.flying);
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!pdf || !canvas || doc.source !== 'pdf') return;
    const show = (bmp: ImageBitmap) => {
      canvas.width = bmp.width;
      canvas.height = bmp.height;
      canvas.getContext('2d')?.drawImage(bmp, 0, 0);
    };
    const hit = cache.get(pdf)?.get(i);
    if (hit) return show(hit);
    if (flying) return;
    let alive = true;
    let handle: { cancel(): void } | null = null;
    const timer = window.setTimeout(() => {
      const r = pdf.render(i, w, h, window.devicePixelRatio || 1, 1000 + i);
      handle = r;
      void r.done.then(async (rendered) => {
        if (!rendered) return;
        const bmp = await createImageBitmap(rendered);
        rendered.width = 0;
        remember(pdf, i, bmp);
        if (alive) show(bmp);
      });
    }, SETTLE_MS);
    return () => {
      alive = false;
      window.clearTimeout(timer);
      handle?.cancel();
    };
  }, [pdf, doc, i, w, h, flying]);
  if (doc.source === 'image' && i === 0 && view.originalUrl) {
    return <img src={view.originalUrl} alt="" width={w} height={h} className="rv-thumb-img" draggable={false} />;
  }
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas takes no focus; the thumbnail is drawn, its button names the page
    <canvas
      ref={ref}
      className="rv-thumb-img"
      width={1}
      height={1}
      style={{ width: w, height: h }}
      aria-hidden="true"
    />
  );
});

export function Thumbnails() {
  const t = useT();
  const { doc, store } = useReviewContext();
  const page = useReview((s) => s.page);
  const flying = useReview((s) => s.flying);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sizes = useMemo(
    () => doc.model.pages.map((p) => ({ w: THUMB_W, h: Math.round((THUMB_W * p.size.h) / p.size.w) })),
    [doc],
  );
  const virtualizer = useVirtualizer({
    count: sizes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => sizes[i]!.h + ROW_GAP,
    overscan: 3,
    paddingStart: 8,
    useFlushSync: false,
  });
  // Keep the current page's thumbnail in view (from the virtualizer's cached scroll state: reading
  // the DOM here would force a layout in the middle of every page change). Not while flying.
  useEffect(() => {
    if (flying) return;
    const item = virtualizer.measurementsCache[page];
    const top = virtualizer.scrollOffset ?? 0;
    const height = virtualizer.scrollRect?.height ?? 0;
    if (item && (item.start < top || item.end > top + height)) virtualizer.scrollToIndex(page, { align: 'center' });
  }, [page, flying, virtualizer]);
  const items = virtualizer.getVirtualItems();
  return (
    // One Tab stop (the current page's thumbnail); ↑/↓, Home/End go to the previous/next/first/last page.
    <nav
      className="rv-thumbs"
      ref={scrollRef}
      aria-label={t('review.thumbs')}
      data-testid="thumbs"
      onKeyDown={(e) => onRovingKey(e, sizes.length, (i) => store.getState().gotoPage(i))}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((it) => (
          <button
            key={it.index}
            type="button"
            data-i={it.index}
            tabIndex={rovingTabIndex(it.index, page, items)}
            className={it.index === page ? 'rv-thumb is-current' : 'rv-thumb'}
            style={{ transform: `translateY(${it.start}px)` }}
            aria-label={t('review.thumbN', { n: it.index + 1 })}
            aria-current={it.index === page ? 'page' : undefined}
            onClick={() => store.getState().gotoPage(it.index)}
          >
            <Thumb i={it.index} w={sizes[it.index]!.w} h={sizes[it.index]!.h} />
            <span className="rv-thumb-n">{it.index + 1}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
