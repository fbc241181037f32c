// Table blocks compared cell by cell: the cells of an HTML <table> (as the services send tables) or a
// GFM pipe table as a grid of plain strings, without a DOM (spans repeat an empty cell so columns line
// up), and the cells that differ between two grids. Pure.
import { plainText } from './diff.ts';

export type Grid = string[][];

export interface CellChange {
  row: number;
  col: number;
  /** null: the cell is missing on that side (the grids differ in shape). */
  a: string | null;
  b: string | null;
}

const attr = (tag: string, name: string): number => {
  const m = new RegExp(`\\b${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(tag);
  return m ? Math.max(1, Math.min(1000, Number(m[1]))) : 1;
};

function htmlGrid(html: string): Grid {
  const grid: Grid = [];
  const pending: number[] = [];
  for (const tr of html.matchAll(/<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table>|$)/gi)) {
    const row: string[] = [];
    let c = 0;
    const skip = (): void => {
      while ((pending[c] ?? 0) > 0) {
        pending[c]!--;
        row.push('');
        c++;
      }
    };
    for (const cell of tr[1]!.matchAll(/(<t[dh]\b[^>]*>)([\s\S]*?)(?=<t[dh]\b|<\/tr>|$)/gi)) {
      skip();
      const span = attr(cell[1]!, 'colspan');
      const down = attr(cell[1]!, 'rowspan');
      for (let k = 0; k < span; k++) {
        row.push(k === 0 ? plainText(cell[2]!.replace(/<\/t[dh]>[\s\S]*$/i, '')) : '');
        pending[c] = Math.max(pending[c] ?? 0, down - 1);
        c++;
      }
    }
    skip();
    grid.push(row);
  }
  return grid;
}

function pipeGrid(md: string): Grid {
  return md
    .split('\n')
    .filter((l) => l.trim().startsWith('|') && !/^\s*\|?\s*:?-{2,}/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => plainText(c)),
    );
}

/** The table's cells, or null when the content holds no table. */
export function tableGrid(content: string): Grid | null {
  if (/<table\b/i.test(content)) return htmlGrid(content);
  const g = pipeGrid(content);
  return g.length > 0 ? g : null;
}

/** Cells that differ (text, or present on one side only), row by row. */
export function diffCells(a: Grid, b: Grid): CellChange[] {
  const out: CellChange[] = [];
  const rows = Math.max(a.length, b.length);
  for (let r = 0; r < rows; r++) {
    const cols = Math.max(a[r]?.length ?? 0, b[r]?.length ?? 0);
    for (let c = 0; c < cols; c++) {
      const x = a[r]?.[c] ?? null;
      const y = b[r]?.[c] ?? null;
      if (x !== y) out.push({ row: r, col: c, a: x, b: y });
    }
  }
  return out;
}
