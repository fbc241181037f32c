// The review screen for a finished task (the slot the app shell renders): loads the cached result
// through 'results:get' and shows it side by side (ReviewView, with corrections: edit/EditableReview).
// Works for history items whose original moved: originalUrl then points at the cached copy, or is null
// (boxes on blank pages).
import { useCallback, useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { sourceKind } from './doc.ts';
import type { PdfDoc } from './pdf.ts';
import { loadPdfjs, openPdf } from './pdf.ts';
import { EditableReview } from './edit/EditableReview.tsx';
import { rememberResultTask } from '../task/names.ts';
import './messages.ts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; view: ResultView; pdf: Promise<PdfDoc> | null }
  | { state: 'error'; error: AppError };

export function ReviewScreen({ taskId }: { taskId: string }) {
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt: Retry loads the result again
  useEffect(() => {
    let alive = true;
    setLoad({ state: 'loading' });
    // Most results are PDFs: fetch and start pdf.js while the result itself loads.
    void loadPdfjs().catch(() => undefined);
    void invoke('results:get', { id: taskId }).then((res) => {
      if (!alive) return;
      if (!res.ok) return setLoad({ state: 'error', error: res.error });
      // Open the PDF now, so pdf.js parses it in its worker while the screen builds its model.
      const url = res.value.originalUrl;
      const pdf = url && sourceKind(res.value) === 'pdf' ? openPdf(url) : null;
      pdf?.catch(() => undefined);
      rememberResultTask(taskId, res.value.task);
      setLoad({ state: 'ready', view: res.value, pdf });
    });
    return () => {
      alive = false;
    };
  }, [taskId, attempt]);

  // This screen owns the opened PDF: it goes when the result does.
  useEffect(() => {
    if (load.state !== 'ready' || !load.pdf) return;
    const pdf = load.pdf;
    return () =>
      void pdf.then(
        (d) => d.destroy(),
        () => undefined,
      );
  }, [load]);

  if (load.state === 'loading') {
    return (
      <div className="rv-status" role="status" data-testid="review-loading">
        <span className="spinner" aria-hidden="true" /> {t('review.loading')}
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="rv-status error-box" role="alert" data-testid="review-error">
        <p>{t('review.loadFailed', { message: load.error.message })}</p>
        <button type="button" className="btn small" onClick={retry}>
          {t('review.retry')}
        </button>
      </div>
    );
  }
  return <EditableReview key={taskId} view={load.view} pdf={load.pdf} />;
}
