// The compare screen: a bar (A and B named, with their box styles; previous / next difference with n and
// p; the summary; the report export; close), the kinds of difference as filter toggles with their counts,
// then the page once with both results' boxes beside the two Markdown panes, scroll-synced by matched
// blocks. Moving to a difference moves the page and both panes. On each difference the user keeps A or B
// (buttons, or a / b on the current one) and saves the merge as an edited version of A (useKeep).
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Comparison } from '../../../../shared/compare/summary.ts';
import { differences, stepDifference } from '../../../../shared/compare/summary.ts';
import type { DiffKind } from '../../../../shared/compare/match.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { trapTab } from '../../components/Modal.tsx';
import { useT } from '../../i18n/index.ts';
import type { PdfDoc } from '../review/pdf.ts';
import { describeSide, seconds } from './labels.ts';
import { PagePanel } from './PagePanel.tsx';
import { Panes, type PanesHandle } from './Panes.tsx';
import { SummaryDialog } from './SummaryDialog.tsx';
import { useKeep } from './useKeep.ts';
import { FILTERABLE, Tools } from './Tools.tsx';

const elapsed = (v: ResultView | null): number | null =>
  v?.task.startedAt != null && v.task.finishedAt != null ? Math.max(0, v.task.finishedAt - v.task.startedAt) : null;

export function CompareView({
  a,
  b,
  bId,
  pdf,
  comparison,
  done,
  onDrawn,
  onClose,
}: {
  a: ResultView;
  /** Null while result B still arrives: its pane says so, its boxes and rows fill in later. */
  b: ResultView | null;
  bId: string;
  pdf: Promise<PdfDoc> | null;
  comparison: Comparison;
  done: boolean;
  /** The page was drawn (the first time and after). */
  onDrawn: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const rows = comparison.rows;
  const pages = Math.max(1, comparison.pages.length, a.json?.pages?.length ?? 0);
  const [kinds, setKinds] = useState<ReadonlySet<DiffKind>>(() => new Set(FILTERABLE));
  const [cur, setCur] = useState(-1);
  const [page, setPage] = useState(0);
  const [summary, setSummary] = useState(false);
  const panes = useRef<PanesHandle>(null);
  const box = useRef<HTMLDivElement>(null);
  const diffs = useMemo(() => differences(rows, kinds), [rows, kinds]);
  const whatA = describeSide(t, a.task, b?.task ?? null);
  const whatB = b ? describeSide(t, b.task, a.task) : t('compare.loadingB');
  const keep = useKeep(a, b, rows);
  const paneKeep = useMemo(
    () => ({ keepB: keep.keepB, refusals: keep.refusals, choose: keep.choose }),
    [keep.keepB, keep.refusals, keep.choose],
  );

  const goRow = useCallback(
    (i: number) => {
      if (i < 0) return;
      setCur(i);
      setPage(rows[i]!.page);
      panes.current?.reveal(i);
    },
    [rows],
  );
  const step = useCallback((dir: 1 | -1) => goRow(stepDifference(diffs, cur, dir)), [diffs, cur, goRow]);
  const goPage = (p: number) => {
    const next = Math.max(0, Math.min(pages - 1, p));
    setPage(next);
    const first = rows.findIndex((r) => r.page >= next);
    if (first >= 0) panes.current?.reveal(first);
  };

  // Focus comes in on open (the dialog itself: its buttons may still be disabled while blocks are matched).
  useEffect(() => {
    box.current?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement;
    const typing = el.closest('input, select, textarea') !== null;
    if (e.key === 'Escape' && !summary) {
      e.stopPropagation();
      onClose();
    } else if (!typing && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === 'n' || e.key === 'p')) {
      e.preventDefault();
      step(e.key === 'n' ? 1 : -1);
    } else if (!typing && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === 'a' || e.key === 'b') && cur >= 0) {
      e.preventDefault();
      keep.choose(cur, e.key === 'b' ? 'toggle' : 'a');
    } else trapTab(e, box.current);
  };
  const toggle = (k: DiffKind) =>
    setKinds((s) => {
      const next = new Set(s);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  const at = diffs.indexOf(cur);

  return (
    <div
      ref={box}
      className="cmp"
      role="dialog"
      aria-modal="true"
      aria-labelledby="cmp-title"
      tabIndex={-1}
      data-testid="compare"
      data-state={done ? 'ready' : 'comparing'}
      aria-busy={!done}
      onKeyDown={onKeyDown}
    >
      <div className="cmp-bar">
        <h2 id="cmp-title" className="cmp-title">
          {t('compare.title', { name: a.task.fileName })}
        </h2>
        <span className="cmp-who">
          <span className="cmp-swatch a" aria-hidden="true" />
          <span data-testid="compare-label-a">
            {t('compare.sideLabel', { side: 'A', what: whatA })} · {seconds(t, elapsed(a))}
          </span>
          <span className="cmp-swatch b" aria-hidden="true" />
          <span data-testid="compare-label-b">
            {t('compare.sideLabel', { side: 'B', what: whatB })}
            {b && ` · ${seconds(t, elapsed(b))}`}
          </span>
        </span>
        <button type="button" className="btn small cmp-close" onClick={onClose} data-testid="compare-close">
          {t('compare.close')}
        </button>
      </div>
      <Tools
        done={done}
        diffs={diffs.length}
        at={at}
        step={step}
        total={comparison.total}
        kinds={kinds}
        onToggle={toggle}
        page={page}
        pages={pages}
        goPage={goPage}
        onSummary={() => setSummary(true)}
        ids={{ a: a.task.id, b: bId }}
        keep={keep}
        ready={done && !!a.json && !!b?.json}
      />
      <div className="cmp-body">
        <PagePanel
          pdf={pdf}
          view={a.json || !b ? a : b}
          page={page}
          rows={rows}
          cur={cur}
          onPick={goRow}
          onDrawn={onDrawn}
        />
        <Panes
          ref={panes}
          rows={rows}
          cur={cur}
          whatA={whatA}
          whatB={whatB}
          pendingB={!b}
          keep={paneKeep}
          onPick={goRow}
          onTopPage={setPage}
        />
      </div>
      {summary && (
        <SummaryDialog comparison={comparison} a={elapsed(a)} b={elapsed(b)} onClose={() => setSummary(false)} />
      )}
    </div>
  );
}
