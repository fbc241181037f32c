// The compare screen's place in the app (rendered once by App): the "Compare with…" picker, the
// comparison itself over the whole window, and the wait for a "Parse again with…" run — when the new
// task succeeds its comparison opens, when it fails a toast says so. Loads both results ('results:get')
// and the original's PDF once, and compares their JSON with the shared matcher.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/result.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { emptyComparison } from '../../../../shared/compare/summary.ts';
import { useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { sourceKind } from '../review/doc.ts';
import { loadPdfjs, openPdf, type PdfDoc } from '../review/pdf.ts';
import { CompareView } from './CompareView.tsx';
import { PickDialog } from './PickDialog.tsx';
import { useComparison } from './useComparison.ts';
import { useCompare, type ComparePair } from './store.ts';
import './compare.css';
import './messages.ts';

type Load =
  | { state: 'loading' }
  | { state: 'error'; error: AppError }
  | { state: 'ready'; a: ResultView; b: ResultView; pdf: Promise<PdfDoc> | null };

const closePdf = (pdf: Promise<PdfDoc>) =>
  void pdf.then(
    (d) => d.destroy(),
    () => undefined,
  );

/**
 * Loads both results ('results:get') and the original's PDF, drawn once for both: pdf.js loads at once and
 * the PDF opens as soon as the first result names it, so the page draws while the other still arrives.
 */
function useLoad(pair: ComparePair): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The PDFs handed to the screen (closed when it goes) rather than left behind by a failed load.
  const handed = useRef(new Set<Promise<PdfDoc>>());
  useEffect(() => {
    let alive = true;
    setLoad({ state: 'loading' });
    void loadPdfjs().catch(() => undefined);
    let pdf: Promise<PdfDoc> | null = null;
    // Both results are of the same file: the page comes from whichever original is still there.
    const get = (id: string) =>
      invoke('results:get', { id }).then((r) => {
        if (alive && !pdf && r.ok && sourceKind(r.value) === 'pdf' && r.value.originalUrl) {
          pdf = openPdf(r.value.originalUrl);
          pdf.catch(() => undefined);
        }
        return r;
      });
    void Promise.all([get(pair.a), get(pair.b)]).then(([a, b]) => {
      if (!alive) return;
      if (!a.ok) return setLoad({ state: 'error', error: a.error });
      if (!b.ok) return setLoad({ state: 'error', error: b.error });
      setLoad({ state: 'ready', a: a.value, b: b.value, pdf });
    });
    return () => {
      alive = false;
      if (pdf && !handed.current.has(pdf)) closePdf(pdf);
    };
  }, [pair.a, pair.b]);
  useEffect(() => {
    if (load.state !== 'ready' || !load.pdf) return;
    const pdf = load.pdf;
    handed.current.add(pdf);
    return () => closePdf(pdf);
  }, [load]);
  return load;
}

/** How long the matching waits for the first page to be drawn. */
const FIRST_PAGE_WAIT_MS = 3000;

/** Opens the comparison of each awaited re-run when it succeeds. */
function useWaiting(): void {
  const waiting = useCompare((s) => s.waiting);
  const tasks = useTasks((s) => s.tasks);
  useEffect(() => {
    for (const [id, base] of Object.entries(waiting)) {
      const task = tasks[id];
      if (!task) continue;
      if (task.state === 'SUCCESS') {
        useCompare.getState().doneWaiting(id);
        useCompare.getState().open(base, id);
      } else if (task.state === 'FAILED' || task.state === 'cancelled') {
        useCompare.getState().doneWaiting(id);
        toast({ key: 'compare.againFailed', vars: { name: task.fileName } }, 'error');
      }
    }
  }, [waiting, tasks]);
}

function Screen({ pair }: { pair: ComparePair }) {
  const t = useT();
  const load = useLoad(pair);
  // While loading (and when that failed) focus is on Close.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  // Focus goes back where it was (the "Compare with…" button) when the comparison closes.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    return () => previous?.focus?.();
  }, []);
  const ready = load.state === 'ready';
  // The blocks are matched once the first page is drawn (or without a page to draw; or after a while):
  // on a busy machine the matching would otherwise take the CPU the page needs.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (load.state !== 'ready') return;
    if (!load.pdf) return setDrawn(true);
    load.pdf.catch(() => setDrawn(true));
    const timer = window.setTimeout(() => setDrawn(true), FIRST_PAGE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [load]);
  // After the frame that shows the page: handing the results to the worker holds the main thread a moment.
  const onDrawn = useCallback(() => requestAnimationFrame(() => window.setTimeout(() => setDrawn(true))), []);
  const comparison = useComparison(ready ? load.a.json : null, ready ? load.b.json : null, ready && drawn);
  const close = () => useCompare.getState().close();

  if (load.state !== 'ready') {
    return (
      <div
        className="cmp cmp-status"
        role="dialog"
        aria-modal="true"
        aria-label={t('compare.loading')}
        data-testid="compare"
        onKeyDown={(e) => e.key === 'Escape' && close()}
      >
        {load.state === 'error' ? (
          <p role="alert">{t('compare.loadFailed', { message: load.error.message })}</p>
        ) : (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t('compare.loading')}
          </p>
        )}
        <button type="button" className="btn small" onClick={close} ref={closeButton}>
          {t('compare.close')}
        </button>
      </div>
    );
  }
  // The page shows while the blocks are matched: an empty comparison until then (data-state="comparing").
  return (
    <CompareView
      a={load.a}
      b={load.b}
      pdf={load.pdf}
      comparison={comparison ?? emptyComparison()}
      done={comparison !== null}
      onDrawn={onDrawn}
      onClose={close}
    />
  );
}

export function CompareHost() {
  useWaiting();
  const pair = useCompare((s) => s.pair);
  const picker = useCompare((s) => s.picker);
  return (
    <>
      {picker && <PickDialog id={picker.id} fileName={picker.fileName} />}
      {pair && <Screen key={`${pair.a}:${pair.b}`} pair={pair} />}
    </>
  );
}
