// A table's cells (grid position, spans, text) as the HTML table the Markdown and JSON carry: one <tr> per
// grid row, rowspan/colspan where a cell spans, text escaped. Used by every table the engine writes.
import { escapeHtml } from './escape.ts';

/** A cell of a table grid: row and column of its top-left slot, its spans, its plain text. */
export interface Cell {
  r: number;
  c: number;
  rs: number;
  cs: number;
  text: string;
}

export function cellsToHtml(cells: Cell[]): string {
  const rows = new Map<number, Cell[]>();
  for (const c of cells) {
    const l = rows.get(c.r) ?? [];
    l.push(c);
    rows.set(c.r, l);
  }
  // Every grid row gets its <tr>, even one that rowspans from above cover entirely (else the rows below shift up).
  const nRows = Math.max(0, ...cells.map((c) => c.r + c.rs));
  const body = Array.from({ length: nRows }, (_, r) => r).map(
    (r) =>
      '<tr>' +
      (rows.get(r) ?? [])
        .map(
          (c) =>
            `<td${c.rs > 1 ? ` rowspan="${c.rs}"` : ''}${c.cs > 1 ? ` colspan="${c.cs}"` : ''}>${escapeHtml(c.text)}</td>`,
        )
        .join('') +
      '</tr>',
  );
  return `<table>${body.join('')}</table>`;
}
