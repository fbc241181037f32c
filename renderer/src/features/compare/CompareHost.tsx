// The compare screen's place in the app (rendered once by App): the "Compare with…" picker, the
// comparison itself over the whole window, and the wait for a "Parse again with…" run — when the new
// task succeeds its comparison opens, when it fails a toast says so. Loads both results ('results:get')
// and the original's PDF (useLoad: the page and A first), and compares their JSON with the shared matcher.
import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyComparison } from '../../../../shared/compare/summary.ts';
import { useT } from '../../i18n/index.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { CompareView } from './CompareView.tsx';
import { PickDialog } from './PickDialog.tsx';
import { useComparison } from './useComparison.ts';
import { useLoad } from './useLoad.ts';
import { useCompare, type ComparePair } from './store.ts';
import './compare.css';
import './messages.ts';

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
  // The first page is drawn (or will not be): B's result is asked for, and the blocks are matched.
  const [drawn, setDrawn] = useState(false);
  const load = useLoad(pair, drawn);
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
  const pdf = ready ? load.pdf : null;
  useEffect(() => {
    if (!ready) return;
    if (!pdf) return setDrawn(true);
    pdf.catch(() => setDrawn(true));
    const timer = window.setTimeout(() => setDrawn(true), FIRST_PAGE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [ready, pdf]);
  // After the frame that shows the page: handing the results to the worker holds the main thread a moment.
  const onDrawn = useCallback(() => requestAnimationFrame(() => window.setTimeout(() => setDrawn(true))), []);
  const b = ready ? load.b : null;
  const comparison = useComparison(ready ? load.a.json : null, b?.json, ready && drawn && b !== null);
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
      bId={pair.b}
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
