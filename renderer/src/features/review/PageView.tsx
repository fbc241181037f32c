// One page of the page pane: the original drawn as a PDF canvas, an image, or a blank sheet of
// page_size, with the block boxes over it. Canvases render after a short settle delay (fast scrolling
// never queues work for pages that fly by) and the render is cancelled when the page goes away.
import { memo, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { BoxLayer } from './BoxLayer.tsx';
import { useReviewContext } from './context.tsx';

interface Props {
  index: number;
  top: number;
  left: number;
  width: number;
  height: number;
  /** Whether this page may hold a canvas (the pane caps how many do). */
  draw: boolean;
  /** Lower renders first (distance from the viewport centre). */
  priority: number;
}

const SETTLE_MS = 70;

function PdfCanvas({ index, width, height, priority }: { index: number; width: number; height: number; priority: number }) {
  const { pdf } = useReviewContext();
  const ref = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  const priorityRef = useRef(priority);
  priorityRef.current = priority;
  useEffect(() => {
    const canvas = ref.current;
    if (!pdf || !canvas) return;
    let handle: { cancel(): void } | null = null;
    let alive = true;
    const timer = window.setTimeout(() => {
      const h = pdf.render(index, canvas, width, height, window.devicePixelRatio || 1, priorityRef.current);
      handle = h;
      void h.done.then((ok) => {
        if (ok && alive) setRendered(true);
      });
    }, SETTLE_MS);
    return () => {
      alive = false;
      window.clearTimeout(timer);
      handle?.cancel();
    };
  }, [pdf, index, width, height]);
  useEffect(
    () => () => {
      // Free the backing store at once instead of waiting for GC.
      const c = ref.current;
      if (c) {
        c.width = 0;
        c.height = 0;
      }
    },
    [],
  );
  return <canvas ref={ref} className="rv-canvas" style={{ width, height }} data-rendered={rendered ? '1' : '0'} aria-hidden="true" />;
}

export const PageView = memo(function PageView({ index, top, left, width, height, draw, priority }: Props) {
  const t = useT();
  const { doc, view, pdf } = useReviewContext();
  const info = doc.model.pages[index]!;
  const [imgFailed, setImgFailed] = useState(false);
  let body = null;
  if (doc.source === 'pdf' && pdf && index < pdf.numPages && draw) {
    body = <PdfCanvas index={index} width={width} height={height} priority={priority} />;
  } else if (doc.source === 'image' && view.originalUrl && index === 0 && !imgFailed) {
    body = (
      <img
        className="rv-canvas"
        src={view.originalUrl}
        alt=""
        width={width}
        height={height}
        draggable={false}
        onError={() => setImgFailed(true)}
        data-rendered="1"
      />
    );
  }
  return (
    <section
      className="rv-page"
      style={{ top, left, width, height }}
      data-page={index}
      data-testid="page"
      aria-label={t('review.pageN', { n: index + 1 })}
    >
      {body}
      <BoxLayer page={index} width={width} height={height} />
      {info.merged && (
        <span className="rv-merged" title={t('review.mergedHint')} data-testid="merged-badge">
          {t('review.merged')}
        </span>
      )}
    </section>
  );
});
