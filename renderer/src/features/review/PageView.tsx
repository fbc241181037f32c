// One page of the page pane: the original drawn as a PDF canvas, an image, or a blank sheet of
// page_size, with the block boxes over it, and a loading sign until the original is drawn. Canvases
// render after a short settle delay (fast scrolling never queues work for pages that fly by) and the
// render is cancelled when the page goes away.
import { memo, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { BoxLayer } from './BoxLayer.tsx';
import { useReviewContext } from './context.tsx';
import type { PdfDoc } from './pdf.ts';

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
  /** False while the pane flies past pages: no new renders start then. */
  settled: boolean;
}

/** A beat before rendering, so a page that only flashes by during a scroll never queues work. */
const SETTLE_MS = 15;

/** Over a page whose original is not drawn yet. */
function PageLoading() {
  const t = useT();
  return (
    <div className="rv-page-loading" data-testid="page-loading">
      <span className="spinner" aria-hidden="true" />
      <span>{t('review.pageLoading')}</span>
    </div>
  );
}

function PdfCanvas({
  index,
  width,
  height,
  priority,
  settled,
}: {
  index: number;
  width: number;
  height: number;
  priority: number;
  settled: boolean;
}) {
  const { pdf, pageImages } = useReviewContext();
  const ref = useRef<HTMLDivElement>(null);
  // Size the current picture was drawn at ('' = none yet); a zoom needs a new one.
  const [drawnAt, setDrawnAt] = useState('');
  const size = `${width}x${height}`;
  const needed = drawnAt !== size;
  const priorityRef = useRef(priority);
  priorityRef.current = priority;
  useEffect(() => {
    const holder = ref.current;
    if (!pdf || !holder || !settled || !needed) return;
    let handle: { cancel(): void } | null = null;
    let live = true;
    const timer = window.setTimeout(() => {
      const draw = (doc: PdfDoc) => {
        const h = doc.render(index, width, height, window.devicePixelRatio || 1, priorityRef.current);
        handle = h;
        return h.done.then((canvas) => ({ canvas, failed: !!h.failed }));
      };
      void draw(pdf)
        .then(async ({ canvas, failed }) => {
          // A page pdf.js opened but cannot draw: main draws it (mupdf page image).
          const alt = !canvas && failed && live ? await pageImages() : null;
          return alt && live ? (await draw(alt)).canvas : canvas;
        })
        .then((canvas) => {
          if (!canvas || !holder.isConnected) return;
          canvas.className = 'rv-canvas';
          canvas.setAttribute('aria-hidden', 'true');
          const old = holder.firstElementChild as HTMLCanvasElement | null;
          holder.replaceChildren(canvas);
          if (old) {
            // Free the old backing store at once instead of waiting for GC.
            old.width = 0;
            old.height = 0;
          }
          setDrawnAt(size);
        });
    }, SETTLE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
      handle?.cancel();
    };
  }, [pdf, pageImages, index, width, height, size, settled, needed]);
  useEffect(
    () => () => {
      const c = ref.current?.firstElementChild as HTMLCanvasElement | null | undefined;
      if (c) {
        c.width = 0;
        c.height = 0;
      }
    },
    [],
  );
  // The holder's children are managed here (swapped canvases), not by React.
  return (
    <>
      <div ref={ref} className="rv-canvas-holder" data-rendered={drawnAt ? '1' : '0'} data-testid="page-canvas" />
      {!drawnAt && <PageLoading />}
    </>
  );
}

export const PageView = memo(function PageView({ index, top, left, width, height, draw, priority, settled }: Props) {
  const t = useT();
  const { doc, view, pdf, opening } = useReviewContext();
  const info = doc.model.pages[index]!;
  const [imgFailed, setImgFailed] = useState(false);
  const [imgLoaded, setImgLoaded] = useState(false);
  let body = null;
  // Pages the original will draw: while it opens, and pages waiting for their turn to hold a canvas.
  let waiting = doc.source === 'pdf' && (opening || (!!pdf && index < pdf.numPages));
  if (doc.source === 'pdf' && pdf && index < pdf.numPages && draw) {
    body = <PdfCanvas index={index} width={width} height={height} priority={priority} settled={settled} />;
    waiting = false; // PdfCanvas shows its own until drawn
  } else if (doc.source === 'image' && view.originalUrl && index === 0 && !imgFailed) {
    waiting = !imgLoaded;
    body = (
      <img
        className="rv-canvas"
        src={view.originalUrl}
        alt=""
        width={width}
        height={height}
        draggable={false}
        onError={() => setImgFailed(true)}
        onLoad={() => setImgLoaded(true)}
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
      aria-busy={waiting || undefined}
    >
      {body}
      {waiting && <PageLoading />}
      <BoxLayer page={index} width={width} height={height} settled={settled} gutter={left} />
      {info.textless && (
        <p className="rv-textless" role="note" data-testid="no-text-banner">
          {t('review.noTextPage')}
        </p>
      )}
      {info.merged && (
        <span className="rv-merged" title={t('review.mergedHint')} data-testid="merged-badge">
          {t('review.merged')}
        </span>
      )}
    </section>
  );
});
