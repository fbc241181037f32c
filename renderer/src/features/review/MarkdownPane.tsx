// The Markdown pane: the service's Markdown, chunk by chunk (virtualised, measured as rendered),
// each chunk tagged with the page and block it came from. Rendered/source toggle, copy, linking
// (hover/click → box), reveal-on-select and its half of the synchronised scrolling.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { useT } from '../../i18n/index.ts';
import { toast } from '../../stores/ui.ts';
import { useReview, useReviewContext } from './context.tsx';
import { LabelButton } from './LabelButton.tsx';
import { Row, estimate } from './MarkdownRow.tsx';
import { useFastScroll } from './useFastScroll.ts';
import { useFollow } from './useFollow.ts';
import { useHitHighlight } from './useHitHighlight.ts';
import { useMarkdownPlace, type Place } from './useMarkdownPlace.ts';

const HOVER_REVEAL_MS = 250;

function ChunkList({ source, place }: { source: boolean; place: RefObject<Place | null> }) {
  const t = useT();
  const { doc, store, gate } = useReviewContext();
  const scrollRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  // The virtualizer asks for estimates of every unmeasured chunk each time one is measured: compute
  // them once (25,000 chunks × a regex each, per measurement, would cost seconds while scrolling).
  const estimates = useMemo(
    () => Int32Array.from(doc.chunks, (c) => Math.round(estimate(c.text, source))),
    [doc, source],
  );
  const virtualizer = useVirtualizer({
    count: doc.chunks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimates[i]!,
    overscan: 4,
    paddingStart: 12,
    paddingEnd: 12,
    // Measurements of newly mounted chunks re-render the list in React's batch, not synchronously
    // inside the ResizeObserver callback once per chunk.
    useFlushSync: false,
  });
  const follow = useFollow('markdown', scrollRef, (a) => virtualizer.measurementsCache[a.chunk]?.start ?? 0);
  // Following the page pane, this pane moves ~10× as fast: only a fling counts as flying here.
  const fast = useFastScroll(scrollRef, undefined, 20);
  const pace = fast.fast ? 'flying' : virtualizer.isScrolling ? 'moving' : 'still';
  useHitHighlight(innerRef);

  // Keep the place across Rendered/Source (a remount) and width changes (re-wrapped chunks).
  const record = useMarkdownPlace(scrollRef, virtualizer, place, doc.chunks.length);

  // Reveal the selected block's chunk (or a search hit's) when another pane or a key selected it.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.seq === prev.seq || (s.goto && s.goto.seq === s.seq)) return;
        const chunk =
          s.revealChunk >= 0
            ? s.revealChunk
            : s.selected >= 0 && s.origin !== 'markdown'
              ? doc.alignment.chunkOfBlock[s.selected]!
              : -1;
        if (chunk < 0) return;
        gate.release();
        const el = scrollRef.current;
        const item = virtualizer.getVirtualItems().find((it) => it.index === chunk);
        if (el && item && item.start >= el.scrollTop && item.end <= el.scrollTop + el.clientHeight) return;
        virtualizer.scrollToIndex(chunk, { align: item && item.size > el!.clientHeight ? 'start' : 'center' });
      }),
    [doc, store, gate, virtualizer],
  );

  // Hovering a box (a moment, not a fly-over) brings its chunk into view too.
  useEffect(() => {
    let timer = 0;
    const unsub = store.subscribe((s, prev) => {
      if (s.hovered === prev.hovered) return;
      window.clearTimeout(timer);
      if (s.hovered < 0 || s.hoverOrigin !== 'page') return;
      const chunk = doc.alignment.chunkOfBlock[s.hovered]!;
      if (chunk < 0) return;
      timer = window.setTimeout(() => {
        const el = scrollRef.current;
        const item = virtualizer.measurementsCache[chunk];
        if (!el || !item || (item.start >= el.scrollTop && item.end <= el.scrollTop + el.clientHeight)) return;
        virtualizer.scrollToIndex(chunk, { align: item.size > el.clientHeight ? 'start' : 'center' });
      }, HOVER_REVEAL_MS);
    });
    return () => {
      unsub();
      window.clearTimeout(timer);
    };
  }, [doc, store, virtualizer]);

  const pick = (e: MouseEvent) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-chunk]');
    return el?.dataset.g !== undefined ? Number(el.dataset.g) : -1;
  };
  const onClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) return;
    const g = pick(e);
    if (g >= 0) store.getState().select(g, 'markdown');
  };
  const onOver = (e: MouseEvent) => {
    const g = pick(e);
    if (g >= 0) store.getState().hover(g, 'markdown');
    else store.getState().unhover('markdown');
  };

  if (doc.chunks.length === 0) return <p className="rv-empty">{t('review.emptyMarkdown')}</p>;
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useKeyWithMouseEvents: a div, as the scroll hooks that share its ref expect (HTMLDivElement); hovering only previews, keys select in the inspector
    <div
      ref={scrollRef}
      className={source ? 'rv-md-scroll is-source' : 'rv-md-scroll'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a pane that scrolls: keys can focus it to scroll
      tabIndex={0}
      role="region"
      aria-label={t('review.markdownPane')}
      data-testid="md-pane"
      onScroll={() => {
        fast.onScroll();
        record();
        follow();
      }}
      onWheel={() => gate.touch('markdown')}
      onPointerDown={() => gate.touch('markdown')}
      onKeyDown={() => gate.touch('markdown')}
      onTouchStart={() => gate.touch('markdown')}
      onClick={onClick}
      onMouseOver={onOver}
      onMouseLeave={() => store.getState().unhover('markdown')}
    >
      <div ref={innerRef} className="rv-md-inner markdown-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((it) => (
          <Row
            key={it.index}
            i={it.index}
            estimate={estimates[it.index]!}
            start={it.start}
            source={source}
            pace={pace}
            measure={virtualizer.measureElement}
          />
        ))}
      </div>
    </div>
  );
}

export function MarkdownPane() {
  const t = useT();
  const { view } = useReviewContext();
  const mode = useReview((s) => s.mdMode);
  const setMode = useReview((s) => s.setMdMode);
  const place = useRef<Place | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.markdown);
      toast({ key: 'review.copied' }, 'success');
    } catch {
      toast({ key: 'review.copyFailed' }, 'error');
    }
  };
  return (
    <section className="rv-md">
      <div className="rv-pane-head">
        {/* biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not form fields: <fieldset> groups form controls */}
        <div className="rv-seg" role="group" aria-label={t('review.mdView')}>
          <button type="button" aria-pressed={mode === 'rendered'} onClick={() => setMode('rendered')}>
            {t('review.rendered')}
          </button>
          <button type="button" aria-pressed={mode === 'source'} onClick={() => setMode('source')}>
            {t('review.source')}
          </button>
        </div>
        <LabelButton label={t('review.copyMarkdown')} icon="copy" onClick={copy} testId="copy-md" />
      </div>
      <ChunkList key={mode} source={mode === 'source'} place={place} />
    </section>
  );
}
