// The side-by-side review of one loaded result: toolbar, one-line notices and legend over thumbnails |
// pages | Markdown | inspector. Builds the document model once, opens the PDF, owns the screen's store.
import { useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { ResultView } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { ReviewContext, useReview } from './context.tsx';
import type { Bridge, ReviewContextValue } from './context.tsx';
import { buildDoc } from './doc.ts';
import { Inspector } from './Inspector.tsx';
import { Legend } from './Legend.tsx';
import { MarkdownPane } from './MarkdownPane.tsx';
import { modelFromSizes } from './model.ts';
import { Notice, warningText } from './Notice.tsx';
import { PagePane } from './PagePane.tsx';
import type { PdfDoc } from './pdf.ts';
import { PagePassword } from './PagePassword.tsx';
import { createReviewStore } from './store.ts';
import type { ReviewState } from './store.ts';
import { SyncGate } from './sync.ts';
import { Thumbnails } from './Thumbnails.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useKeys } from './useKeys.ts';
import { useOriginal } from './useOriginal.ts';
import './messages.ts';
import './chrome.css';
import './review.css';

/** Without a PDF: 100 % shows a 144-dpi raster (SoMark's usual) at 96 dpi; images show their pixels. */
const DEFAULT_BASE = 96 / 144;

function Panes({
  notice,
  warnings,
  searchRef,
}: {
  notice: string | null;
  warnings: string[];
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const thumbs = useReview((s) => s.thumbs);
  const inspector = useReview((s) => s.inspector);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const dismiss = (text: string) => () => setDismissed((d) => new Set(d).add(text));
  return (
    <>
      {warnings
        .filter((w) => !dismissed.has(w))
        .map((w) => (
          <Notice key={w} text={w} role="note" testId="review-warning" onDismiss={dismiss(w)} />
        ))}
      {notice && !dismissed.has(notice) && (
        <Notice text={notice} role="status" testId="review-notice" onDismiss={dismiss(notice)} />
      )}
      <Legend searchRef={searchRef} />
      <div className={`rv-body${thumbs ? ' has-thumbs' : ''}${inspector ? ' has-inspector' : ''}`}>
        {thumbs && <Thumbnails />}
        <PagePane />
        <MarkdownPane />
        {inspector && <Inspector />}
      </div>
    </>
  );
}

interface Props {
  view: ResultView;
  /** The original, already being opened by the caller (who also destroys it); else opened here. */
  pdf?: Promise<PdfDoc> | null;
  initial?: Partial<ReviewState>;
  /** Shown under the toolbar, inside the screen's context (the corrections' bar: edit/EditableReview.tsx). */
  children?: ReactNode;
}

export function ReviewView({ view, pdf: opening, initial, children }: Props) {
  const t = useT();
  const baseDoc = useMemo(() => buildDoc(view), [view]);
  const original = useOriginal(view, baseDoc, opening);
  const { pdf, sizes: pdfSizes } = original;
  const pdfError = original.error;
  const baseScale = original.baseScale ?? (baseDoc.source === 'image' ? 1 : DEFAULT_BASE);

  // A result without JSON still shows its pages: sizes from the PDF (points × 2, i.e. 144 dpi).
  const doc = useMemo(
    () => (baseDoc.model.pages.length === 0 && pdfSizes ? { ...baseDoc, model: modelFromSizes(pdfSizes) } : baseDoc),
    [baseDoc, pdfSizes],
  );
  const docRef = useRef(doc);
  docRef.current = doc;
  const [store] = useState(() =>
    createReviewStore(() => docRef.current, {
      ...(doc.model.blocks.length > 0 ? {} : { inspector: false }),
      ...initial,
    }),
  );
  const [gate] = useState(() => new SyncGate());
  const bridge = useRef<Bridge>({ page: null, markdown: null }).current;
  const searchRef = useRef<HTMLInputElement>(null);
  useKeys(store, gate, searchRef);

  const ctx: ReviewContextValue = useMemo(
    () => ({
      view,
      doc,
      store,
      gate,
      bridge,
      pdf,
      baseScale,
      opening: original.opening,
      pageImages: original.pageImages,
    }),
    [view, doc, store, gate, bridge, pdf, baseScale, original.opening, original.pageImages],
  );

  let notice: string | null = null;
  if (!view.originalUrl) notice = t('review.noOriginal');
  else if (doc.source === 'none') notice = t('review.noPreview');
  else if (pdfError) notice = t('review.pdfFailed', { message: pdfError });
  if (!view.json) notice = notice ? `${notice} ${t('review.noJson')}` : t('review.noJson');
  const textless = view.json ? doc.model.pages.filter((p) => p.textless).length : 0;
  if (textless > 0) {
    const line = t('review.noTextPages', { n: textless, total: doc.model.pages.length });
    notice = notice ? `${notice} ${line}` : line;
  }

  return (
    <ReviewContext.Provider value={ctx}>
      <div
        className="rv-root"
        data-testid="review"
        data-pdf={pdf ? 'ready' : 'none'}
        data-drawn={original.drawn ? 'mupdf' : undefined}
      >
        <Toolbar />
        {children}
        {original.locked && <PagePassword wrong={original.locked.wrong} onSubmit={original.unlock} />}
        <Panes
          notice={notice}
          warnings={(view.warnings ?? []).map((w) => warningText(w, t, original.drawn))}
          searchRef={searchRef}
        />
      </div>
    </ReviewContext.Provider>
  );
}
