// The compare screen's place in the app (rendered once by App): the "Compare with…" picker, the
// comparison itself over the whole window, and the wait for a "Parse again with…" run — when the new
// task succeeds its comparison opens, when it fails a toast says so. Loads both results ('results:get')
// and the original's PDF once, and compares their JSON with the shared matcher.
import { useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { emptyComparison } from '../../../../shared/compare/summary.ts';
import { useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { sourceKind } from '../review/doc.ts';
import { openPdf, type PdfDoc } from '../review/pdf.ts';
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
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Focus goes back where it was (the "Compare with…" button) when the comparison closes.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    return () => previous?.focus?.();
  }, []);
  useEffect(() => {
    let alive = true;
    setLoad({ state: 'loading' });
    void Promise.all([invoke('results:get', { id: pair.a }), invoke('results:get', { id: pair.b })]).then(([a, b]) => {
      if (!alive) return;
      if (!a.ok) return setLoad({ state: 'error', error: a.error });
      if (!b.ok) return setLoad({ state: 'error', error: b.error });
      // Both results are of the same file: the page is drawn once, from whichever original is still there.
      const src = [a.value, b.value].find((v) => sourceKind(v) === 'pdf');
      const pdf = src?.originalUrl ? openPdf(src.originalUrl) : null;
      pdf?.catch(() => undefined);
      setLoad({ state: 'ready', a: a.value, b: b.value, pdf });
    });
    return () => {
      alive = false;
    };
  }, [pair.a, pair.b]);
  useEffect(() => {
    if (load.state !== 'ready' || !load.pdf) return;
    const pdf = load.pdf;
    return () =>
      void pdf.then(
        (d) => d.destroy(),
        () => undefined,
      );
  }, [load]);
  const ready = load.state === 'ready';
  const comparison = useComparison(ready ? load.a.json : null, ready ? load.b.json : null, ready);
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
        <button type="button" className="btn small" onClick={close} autoFocus>
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
