// "Table view" of the selected table block: its cells in a scrollable grid (plain text cells, no
// service HTML), with copy as CSV, TSV or Markdown. Opened from the block details.
import { useMemo } from 'react';
import { useT } from '../../i18n/index.ts';
import { toast } from '../../stores/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { tableGrid, toCsv, toMarkdownTable, toTsv } from './table-data.ts';

export function TableView({ content, title, onClose }: { content: string; title: string; onClose: () => void }) {
  const t = useT();
  const grid = useMemo(() => tableGrid(content) ?? [], [content]);
  const copy = (text: string) => async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ key: 'review.copied' }, 'success');
    } catch {
      toast({ key: 'review.copyFailed' }, 'error');
    }
  };
  const columns = grid[0]?.length ?? 0;
  return (
    <Modal title={title} onClose={onClose} testId="table-view">
      <p className="small">{t('review.tableSize', { rows: grid.length, columns })}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls: keys can focus it to scroll */}
      <section className="rv-tableview" tabIndex={0} aria-label={title}>
        <table>
          <tbody>
            {grid.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only grid: a row's place is its identity
              <tr key={r}>
                {row.map((cell, c) =>
                  r === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only grid: a cell's place is its identity
                    <th key={c} scope="col">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only grid: a cell's place is its identity
                    <td key={c}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="modal-actions">
        <button type="button" className="btn small" onClick={copy(toCsv(grid))} data-testid="copy-csv">
          {t('review.copyCsv')}
        </button>
        <button type="button" className="btn small" onClick={copy(toTsv(grid))} data-testid="copy-tsv">
          {t('review.copyTsv')}
        </button>
        <button type="button" className="btn small" onClick={copy(toMarkdownTable(grid))} data-testid="copy-md-table">
          {t('review.copyMdTable')}
        </button>
        <button type="button" className="btn small primary" onClick={onClose} data-autofocus>
          {t('review.close')}
        </button>
      </div>
    </Modal>
  );
}
