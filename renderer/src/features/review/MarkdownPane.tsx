// The Markdown pane: the service's Markdown, chunk by chunk (virtualised, measured as rendered),
// each chunk tagged with the page and block it came from. Rendered/source toggle, copy, linking
// (hover/click → box), reveal-on-select and its half of the synchronised scrolling.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useT } from '../../i18n/index.ts';
import { toast } from '../../stores/ui.ts';
import { useReview, useReviewContext } from './context.tsx';
import { Markdown } from '../../components/markdown/Markdown.tsx';
import { plainText, requestRender } from './render-budget.ts';
import { useFastScroll } from './useFastScroll.ts';
import { useFollow } from './useFollow.ts';
import { useHitHighlight } from './useHitHighlight.ts';

/** Height guess before a chunk is measured: ~90 characters per line, 22 px per line. */
function estimate(text: string, source: boolean): number {
  const lines = text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / 90)), 0);
  if (!source && /<table/i.test(text)) return 40 + 30 * ((text.match(/<tr/gi)?.length ?? 1));
  return 18 + lines * (source ? 19 : 24);
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Image sources of a result → its cached copies: service URLs via the images map, ./images/… via assetBase. */
export function imageResolver(assetBase: string, images: Record<string, string>): (src: string) => string {
  return (src) => {
    const cached = images[src];
    if (cached) return assetBase + cached.replace(/^\.\//, '');
    if (SCHEME.test(src) || src.startsWith('/') || src.startsWith('#')) return src;
    return assetBase + src.replace(/^\.\//, '');
  };
}

interface RowProps {
  i: number;
  /**
   * Height estimate. A placeholder row is exactly this tall, so measuring it changes nothing (each
   * changed size makes the virtualizer recompute the offsets of every chunk after it).
   */
  estimate: number;
  start: number;
  source: boolean;
  /** The pane is still (render the Markdown at once), moving (queue it) or flying by (wait). */
  pace: 'still' | 'moving' | 'flying';
  measure: (el: HTMLElement | null) => void;
}

const Row = memo(function Row({ i, estimate: height, start, source, pace, measure }: RowProps) {
  const { doc, view } = useReviewContext();
  const { chunkOfBlock, blockOfChunk } = doc.alignment;
  const selected = useReview((s) => s.selected >= 0 && chunkOfBlock[s.selected] === i);
  const hovered = useReview((s) => s.hovered >= 0 && chunkOfBlock[s.hovered] === i);
  const revealed = useReview((s) => s.revealChunk === i);
  const hit = useReview((s) => s.hits.chunks.has(i));
  const resolve = useMemo(() => imageResolver(view.assetBase, view.images ?? {}), [view]);
  const chunk = doc.chunks[i]!;
  const [full, setFull] = useState(pace === 'still' || source);
  const waiting = !full && pace !== 'flying';
  useEffect(() => (waiting ? requestRender(() => setFull(true)) : undefined), [waiting]);
  const g = blockOfChunk[i]!;
  const b = g >= 0 ? doc.model.blocks[g] : undefined;
  const cls = ['rv-chunk', selected && 'is-selected', hovered && 'is-hovered', revealed && 'is-revealed', hit && 'is-hit', b && 'is-linked']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={measure}
      data-index={i}
      data-chunk={i}
      data-g={b ? g : undefined}
      data-page={b ? b.page : undefined}
      data-idx={b ? b.block.idx : undefined}
      data-testid="md-chunk"
      className={cls}
      style={full ? { transform: `translateY(${start}px)` } : { transform: `translateY(${start}px)`, height, overflow: 'hidden' }}
    >
      {source ? (
        <pre className="rv-src">{chunk.text}</pre>
      ) : full ? (
        <Markdown markdown={chunk.text} resolveImage={resolve} />
      ) : (
        <div className="markdown-body rv-placeholder">
          <p>{plainText(chunk.text)}</p>
        </div>
      )}
    </div>
  );
});

function ChunkList({ source }: { source: boolean }) {
  const t = useT();
  const { doc, store, gate } = useReviewContext();
  const scrollRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  // The virtualizer asks for estimates of every unmeasured chunk each time one is measured: compute
  // them once (25,000 chunks × a regex each, per measurement, would cost seconds while scrolling).
  const estimates = useMemo(() => Int32Array.from(doc.chunks, (c) => Math.round(estimate(c.text, source))), [doc, source]);
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
  const fast = useFastScroll(scrollRef);
  const pace = fast.fast ? 'flying' : virtualizer.isScrolling ? 'moving' : 'still';
  useHitHighlight(innerRef);

  // Reveal the selected block's chunk (or a search hit's) when another pane or a key selected it.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.seq === prev.seq || (s.goto && s.goto.seq === s.seq)) return;
        const chunk = s.revealChunk >= 0 ? s.revealChunk : s.selected >= 0 && s.origin !== 'markdown' ? doc.alignment.chunkOfBlock[s.selected]! : -1;
        if (chunk < 0) return;
        gate.release();
        const el = scrollRef.current;
        const item = virtualizer.getVirtualItems().find((it) => it.index === chunk);
        if (el && item && item.start >= el.scrollTop && item.end <= el.scrollTop + el.clientHeight) return;
        virtualizer.scrollToIndex(chunk, { align: item && item.size > el!.clientHeight ? 'start' : 'center' });
      }),
    [doc, store, gate, virtualizer],
  );

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
    <div
      ref={scrollRef}
      className={source ? 'rv-md-scroll is-source' : 'rv-md-scroll'}
      tabIndex={0}
      role="region"
      aria-label={t('review.markdownPane')}
      data-testid="md-pane"
      onScroll={() => {
        fast.onScroll();
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
          <Row key={it.index} i={it.index} estimate={estimates[it.index]!} start={it.start} source={source} pace={pace} measure={virtualizer.measureElement} />
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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.markdown);
      toast(t('review.copied'), 'success');
    } catch {
      toast(t('review.copyFailed'), 'error');
    }
  };
  return (
    <section className="rv-md" aria-label={t('review.markdownPane')}>
      <div className="rv-pane-head">
        <div className="rv-seg" role="group" aria-label={t('review.mdView')}>
          <button type="button" aria-pressed={mode === 'rendered'} onClick={() => setMode('rendered')}>
            {t('review.rendered')}
          </button>
          <button type="button" aria-pressed={mode === 'source'} onClick={() => setMode('source')}>
            {t('review.source')}
          </button>
        </div>
        <button type="button" className="rv-btn" onClick={copy} aria-label={t('review.copyMarkdown')} data-testid="copy-md">
          {t('review.copyMarkdown')}
        </button>
      </div>
      <ChunkList key={mode} source={mode === 'source'} />
    </section>
  );
}
