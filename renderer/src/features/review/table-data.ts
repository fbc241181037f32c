// Cells of a table block (HTML <table> as the service sends it, or a GFM pipe table) as a grid of
// strings, and that grid as CSV, TSV or a Markdown table. HTML is read with DOMParser (an inert
// document: nothing runs, nothing loads); row- and column-spans repeat an empty cell so columns line up.

export type Grid = string[][];

const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

function htmlGrid(html: string): Grid | null {
  if (typeof DOMParser === 'undefined') return null;
  const table = new DOMParser().parseFromString(html, 'text/html').querySelector('table');
  if (!table) return null;
  const grid: Grid = [];
  const pending: number[] = []; // rowspan still covering column c for this many more rows
  for (const tr of table.querySelectorAll('tr')) {
    const row: string[] = [];
    let c = 0;
    const skipCovered = () => {
      while ((pending[c] ?? 0) > 0) {
        pending[c]!--;
        row.push('');
        c++;
      }
    };
    for (const cell of tr.querySelectorAll<HTMLTableCellElement>(':scope > td, :scope > th')) {
      skipCovered();
      const span = Math.max(1, Math.min(1000, cell.colSpan || 1));
      const down = Math.max(1, Math.min(65534, cell.rowSpan || 1));
      for (let k = 0; k < span; k++) {
        row.push(k === 0 ? clean(cell.textContent ?? '') : '');
        if (down > 1) pending[c] = down - 1;
        c++;
      }
    }
    skipCovered();
    grid.push(row);
  }
  return grid.length ? pad(grid) : null;
}

function pipeGrid(text: string): Grid | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|') || l.includes(' | '));
  if (lines.length < 2) return null;
  const cells = (l: string) =>
    l
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => clean(c.replace(/\\\|/g, '|')));
  const rows = lines.filter((l) => !/^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(l)).map(cells);
  return rows.length ? pad(rows) : null;
}

function pad(grid: Grid): Grid {
  const width = Math.max(...grid.map((r) => r.length));
  return grid.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}

/** The table in a block's content, or null when it holds none. */
export function tableGrid(content: string): Grid | null {
  if (/<table[\s>]/i.test(content)) return htmlGrid(content);
  return pipeGrid(content);
}

/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; CRLF rows. */
export function toCsv(grid: Grid): string {
  const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return grid.map((r) => r.map(field).join(',')).join('\r\n');
}

/** TSV for spreadsheets: tabs and line breaks inside a cell become spaces. */
export function toTsv(grid: Grid): string {
  return grid.map((r) => r.map((s) => s.replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n');
}

/** A GFM table: the first row as the header, pipes escaped. */
export function toMarkdownTable(grid: Grid): string {
  if (grid.length === 0) return '';
  const line = (r: string[]) => `| ${r.map((s) => s.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(grid[0]!), `| ${grid[0]!.map(() => '---').join(' | ')} |`, ...grid.slice(1).map(line)].join('\n');
}
