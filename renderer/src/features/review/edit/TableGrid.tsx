// A table block edited as a grid: one field per cell (spans as the table has them), and rows and columns
// added after or removed at the focused cell, spans kept valid (shared/edit/table.ts). Every change hands the
// table's HTML to the editor, whose preview and "Done" take it like typed text.
import { useState } from 'react';
import {
  deleteColumn,
  deleteRow,
  insertColumn,
  insertRow,
  setText,
  slots,
  type Table,
} from '../../../../../shared/edit/table.ts';
import { useT } from '../../../i18n/index.ts';

/** The grid column where cell `i` of row `r` starts. */
const startColumn = (t: Table, r: number, i: number): number =>
  slots(t)[r]?.findIndex(([rr, ii]) => rr === r && ii === i) ?? 0;

export function TableGrid({ table, onChange }: { table: Table; onChange: (t: Table) => void }) {
  const t = useT();
  const [at, setAt] = useState<{ r: number; i: number }>({ r: 0, i: 0 });
  const cell = table[at.r]?.[at.i];
  const col = startColumn(table, at.r, at.i);
  const change = (next: Table, focus = at) => {
    onChange(next);
    setAt({
      r: Math.min(focus.r, next.length - 1),
      i: Math.max(0, Math.min(focus.i, (next[Math.min(focus.r, next.length - 1)]?.length ?? 1) - 1)),
    });
  };
  return (
    <div className="ed-grid-wrap">
      {/* biome-ignore lint/a11y/useSemanticElements: a set of buttons, not form fields: <fieldset> groups form controls */}
      <div className="ed-actions" role="group" aria-label={t('edit.gridTools')}>
        <button
          type="button"
          className="rv-btn"
          data-testid="grid-add-row"
          onClick={() => change(insertRow(table, at.r + (cell?.rowspan ?? 1)))}
        >
          {t('edit.addRow')}
        </button>
        <button
          type="button"
          className="rv-btn"
          data-testid="grid-del-row"
          disabled={table.length <= 1}
          onClick={() => change(deleteRow(table, at.r))}
        >
          {t('edit.deleteRow')}
        </button>
        <button
          type="button"
          className="rv-btn"
          data-testid="grid-add-col"
          onClick={() => change(insertColumn(table, col + (cell?.colspan ?? 1)))}
        >
          {t('edit.addColumn')}
        </button>
        <button
          type="button"
          className="rv-btn"
          data-testid="grid-del-col"
          onClick={() => change(deleteColumn(table, col))}
        >
          {t('edit.deleteColumn')}
        </button>
      </div>
      <div className="ed-grid-scroll">
        <table className="ed-grid" data-testid="edit-grid">
          <tbody>
            {table.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells carry no id; focus and `at` follow the place in the grid
              <tr key={r}>
                {row.map((c, i) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells carry no id; focus and `at` follow the place
                    key={i}
                    rowSpan={c.rowspan > 1 ? c.rowspan : undefined}
                    colSpan={c.colspan > 1 ? c.colspan : undefined}
                    className={r === at.r && i === at.i ? 'is-at' : undefined}
                  >
                    <textarea
                      rows={1}
                      value={c.text}
                      aria-label={t('edit.cell', { row: r + 1, column: startColumn(table, r, i) + 1 })}
                      data-testid="grid-cell"
                      onFocus={() => setAt({ r, i })}
                      onChange={(e) => onChange(setText(table, r, i, e.target.value))}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
