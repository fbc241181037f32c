// One chunk of the Markdown pane: the chunk rendered (or, while the pane flies past, a plain-text
// placeholder exactly as tall as the estimate), tagged with the page and block it came from and
// marked selected / hovered / a search hit from the store.
import { memo, useEffect, useMemo, useState } from 'react';
import { Markdown } from '../../components/markdown/Markdown.tsx';
import { useReview, useReviewContext } from './context.tsx';
import { plainText, requestRender } from './render-budget.ts';
import { equationArt } from './equation-art.ts';
import { EquationArtView } from './EquationArtView.tsx';

/** Height guess before a chunk is measured: ~90 characters per line, 22 px per line. */
export function estimate(text: string, source: boolean): number {
  const lines = text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / 90)), 0);
  if (!source && /<table/i.test(text)) return 40 + 30 * (text.match(/<tr/gi)?.length ?? 1);
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

export const Row = memo(function Row({ i, estimate: height, start, source, pace, measure }: RowProps) {
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
  const art = useMemo(
    () => (b && !source ? equationArt(doc.model, g, chunk.text) : null),
    [b, source, doc.model, g, chunk.text],
  );
  const cls = [
    'rv-chunk',
    selected && 'is-selected',
    hovered && 'is-hovered',
    revealed && 'is-revealed',
    hit && 'is-hit',
    b && 'is-linked',
  ]
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
      style={
        full
          ? { transform: `translateY(${start}px)` }
          : { transform: `translateY(${start}px)`, height, overflow: 'hidden' }
      }
    >
      {source ? (
        <pre className="rv-src">{chunk.text}</pre>
      ) : full && art ? (
        <EquationArtView art={art} markdown={chunk.text} resolveImage={resolve} />
      ) : full ? (
        <Markdown markdown={chunk.text} resolveImage={resolve} />
      ) : pace === 'flying' ? (
        // Flying past: unreadable anyway, so no text to lay out — a skeleton of lines.
        <div className="rv-skeleton" aria-hidden="true" />
      ) : (
        <div className="markdown-body rv-placeholder">
          <p>{plainText(chunk.text)}</p>
        </div>
      )}
    </div>
  );
});
