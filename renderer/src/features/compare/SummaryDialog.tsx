// The comparison's summary: what each side holds (pages, blocks, tables, formulas, characters, time
// taken when known), and the counts of each kind of difference for the document and for each page.
import type { Comparison } from '../../../../shared/compare/summary.ts';
import { DIFF_KINDS } from '../../../../shared/compare/summary.ts';
import { Modal } from '../../components/Modal.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { seconds } from './labels.ts';

const STATS = ['pages', 'blocks', 'tables', 'formulas', 'chars'] as const;

export function SummaryDialog({
  comparison: c,
  a,
  b,
  onClose,
}: {
  comparison: Comparison;
  a: number | null;
  b: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  return (
    <Modal title={t('compare.summaryTitle')} onClose={onClose} testId="compare-summary-dialog">
      <div className="cmp-summary">
        <table className="cmp-stats">
          <thead>
            <tr>
              <td />
              <th scope="col">A</th>
              <th scope="col">B</th>
            </tr>
          </thead>
          <tbody>
            {STATS.map((k) => (
              <tr key={k} data-stat={k}>
                <th scope="row">{t(`compare.${k}`)}</th>
                <td className="num">{n(c.a[k])}</td>
                <td className="num">{n(c.b[k])}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('compare.time')}</th>
              <td className="num">{seconds(t, a)}</td>
              <td className="num">{seconds(t, b)}</td>
            </tr>
          </tbody>
        </table>
        <h3>{t('compare.perPage')}</h3>
        <section
          className="cmp-perpage"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled from the keyboard
          tabIndex={0}
          aria-label={t('compare.perPage')}
        >
          <table className="cmp-stats">
            <thead>
              <tr>
                <th scope="col">{t('compare.page')}</th>
                {DIFF_KINDS.map((k) => (
                  <th key={k} scope="col">
                    {t(`compare.kind.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr data-testid="summary-total">
                <th scope="row">{t('compare.document')}</th>
                {DIFF_KINDS.map((k) => (
                  <td key={k} className="num">
                    {n(c.total[k])}
                  </td>
                ))}
              </tr>
              {c.pages.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a page's row is its position
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  {DIFF_KINDS.map((k) => (
                    <td key={k} className="num">
                      {n(p[k])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p className="muted">{t('compare.keys')}</p>
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          {t('compare.done')}
        </button>
      </div>
    </Modal>
  );
}
