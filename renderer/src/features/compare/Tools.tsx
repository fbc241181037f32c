// The compare screen's tool row: previous / next difference (n / p) and where the current one is, the
// kinds of difference as filter toggles with their counts, the page pager, the summary and the report
// exports, and the merge's save (KeepBar).
import type { DiffKind } from '../../../../shared/compare/match.ts';
import type { Counts } from '../../../../shared/compare/summary.ts';
import { useT } from '../../i18n/index.ts';
import { exportComparison } from './export.ts';
import { KeepBar } from './KeepControls.tsx';
import type { Keep } from './useKeep.ts';

export const FILTERABLE: readonly DiffKind[] = ['text', 'kind', 'onlyA', 'onlyB'];

/** The report formats and their message keys' stem (compare.exportMd, compare.exportMdLabel, …). */
const REPORTS = [
  ['markdown', 'Md'],
  ['json', 'Json'],
] as const;

function PageButton({
  dir,
  page,
  pages,
  goPage,
}: {
  dir: 1 | -1;
  page: number;
  pages: number;
  goPage: (p: number) => void;
}) {
  const t = useT();
  const label = t(dir < 0 ? 'compare.prevPage' : 'compare.nextPage');
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={label}
      title={label}
      disabled={dir < 0 ? page <= 0 : page >= pages - 1}
      onClick={() => goPage(page + dir)}
    >
      {dir < 0 ? '‹' : '›'}
    </button>
  );
}

export function Tools({
  done,
  diffs,
  at,
  step,
  total,
  kinds,
  onToggle,
  page,
  pages,
  goPage,
  onSummary,
  ids,
  keep,
  ready,
}: {
  done: boolean;
  /** How many differences pass the filter, and the current one's place among them (-1: none). */
  diffs: number;
  at: number;
  step: (dir: 1 | -1) => void;
  total: Counts;
  kinds: ReadonlySet<DiffKind>;
  onToggle: (k: DiffKind) => void;
  page: number;
  pages: number;
  goPage: (p: number) => void;
  onSummary: () => void;
  ids: { a: string; b: string };
  keep: Keep;
  /** Both results have their JSON and the comparison is done: the merge can be saved. */
  ready: boolean;
}) {
  const t = useT();
  return (
    <div className="cmp-tools">
      <span className="cmp-nav">
        <button
          type="button"
          className="btn small"
          onClick={() => step(-1)}
          disabled={!diffs}
          data-testid="compare-prev"
          aria-keyshortcuts="p"
          aria-label={t('compare.prevDiff')}
          title={t('compare.prevDiff')}
        >
          <span aria-hidden="true">‹ </span>
          {t('compare.prev')}
        </button>
        <span className="muted" aria-live="polite" data-testid="compare-pos" title={t('compare.keys')}>
          {!done
            ? t('compare.comparing')
            : diffs
              ? t('compare.diffPos', { n: at >= 0 ? at + 1 : '–', total: diffs })
              : t('compare.noDiffs')}
        </span>
        <button
          type="button"
          className="btn small"
          onClick={() => step(1)}
          disabled={!diffs}
          data-testid="compare-next"
          aria-keyshortcuts="n"
          aria-label={t('compare.nextDiff')}
          title={t('compare.nextDiff')}
        >
          {t('compare.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons in the tool row, not a form's fields */}
      <span className="cmp-filter" role="group" aria-label={t('compare.filter')}>
        <span className="cmp-chip k-same" data-testid="count-same" data-n={total.same}>
          {t('compare.kindCount', { kind: t('compare.kind.same'), n: total.same })}
        </span>
        {FILTERABLE.map((k) => (
          <button
            key={k}
            type="button"
            className={`cmp-chip k-${k}`}
            aria-pressed={kinds.has(k)}
            onClick={() => onToggle(k)}
            data-testid={`count-${k}`}
            data-n={total[k]}
          >
            {t('compare.kindCount', { kind: t(`compare.kind.${k}`), n: total[k] })}
          </button>
        ))}
      </span>
      <span className="cmp-pager">
        <PageButton dir={-1} page={page} pages={pages} goPage={goPage} />
        <span data-testid="compare-page">{t('compare.pageOf', { n: page + 1, total: pages })}</span>
        <PageButton dir={1} page={page} pages={pages} goPage={goPage} />
      </span>
      <span className="cmp-actions">
        <button type="button" className="btn small" onClick={onSummary} data-testid="compare-summary">
          {t('compare.summary')}
        </button>
        {REPORTS.map(([format, name]) => (
          <button
            key={format}
            type="button"
            className="btn small"
            aria-label={t(`compare.export${name}Label`)}
            onClick={() => void exportComparison(ids.a, ids.b, format)}
          >
            {t(`compare.export${name}`)}
          </button>
        ))}
      </span>
      <KeepBar keep={keep} ready={ready} />
    </div>
  );
}
