// A table block's HTML as an editable grid: rows of cells with their spans, read from the `<table><tr><td>`
// markup the services write, and written back the same way. A cell nobody edited keeps its inner HTML byte
// for byte; an edited cell's text is escaped (shared/markdown/escape.ts). Rows and columns are added and
// removed with every span kept valid (a span across the place grows or shrinks; a cell is never orphaned).
import { escapeHtml } from '../markdown/escape.ts';

interface Cell {
  /** Inner HTML as read (written back as it is unless `text` was edited). */
  html: string;
  /** What the cell reads as (tags dropped, entities decoded): what the grid edits. */
  text: string;
  rowspan: number;
  colspan: number;
  tag: 'td' | 'th';
  edited?: boolean;
}
export type Table = Cell[][];

const TR = /<tr\b[^>]*>([\s\S]*?)<\/tr>/gi;
const CELL = /<(td|th)\b([^>]*)>([\s\S]*?)<\/\1>/gi;
const span = (attrs: string, name: string): number =>
  Math.min(1000, Math.max(1, Number(new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attrs)?.[1] ?? 1)));
const decode = (s: string): string =>
  s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** The table in a block's HTML content, or null when it holds none (a pipe table, an image). */
export function readTable(html: string): Table | null {
  if (!/^\s*<table[\s>]/i.test(html)) return null;
  const rows: Table = [...html.matchAll(TR)].map((tr) =>
    [...tr[1]!.matchAll(CELL)].map((m) => ({
      html: m[3]!,
      text: decode(m[3]!),
      rowspan: span(m[2]!, 'rowspan'),
      colspan: span(m[2]!, 'colspan'),
      tag: m[1]!.toLowerCase() as 'td' | 'th',
    })),
  );
  return rows.length ? rows : null;
}

export function writeTable(t: Table): string {
  const cell = (c: Cell) =>
    `<${c.tag}${c.rowspan > 1 ? ` rowspan="${c.rowspan}"` : ''}${c.colspan > 1 ? ` colspan="${c.colspan}"` : ''}>${c.edited ? escapeHtml(c.text) : c.html}</${c.tag}>`;
  return `<table>${t.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</table>`;
}

/** Where each grid slot's cell starts: [row][column] → [row, index in that row]. */
export function slots(t: Table): [number, number][][] {
  const grid: [number, number][][] = t.map(() => []);
  t.forEach((row, r) => {
    let c = 0;
    row.forEach((cell, i) => {
      while (grid[r]![c]) c++;
      for (let dr = 0; dr < cell.rowspan && r + dr < t.length; dr++)
        for (let dc = 0; dc < cell.colspan; dc++) grid[r + dr]![c + dc] = [r, i];
      c += cell.colspan;
    });
  });
  return grid;
}

export const width = (t: Table): number => Math.max(0, ...slots(t).map((r) => r.length));
const blank = (tag: 'td' | 'th' = 'td'): Cell => ({ html: '', text: '', rowspan: 1, colspan: 1, tag, edited: true });
const copy = (t: Table): Table => t.map((r) => r.map((c) => ({ ...c })));

export function setText(t: Table, r: number, i: number, text: string): Table {
  const out = copy(t);
  const c = out[r]?.[i];
  if (c) Object.assign(c, { text, edited: true });
  return out;
}

/** A row inserted before row `at` (0…rows): cells spanning across it grow, the other columns get a blank cell. */
export function insertRow(t: Table, at: number): Table {
  const out = copy(t);
  const map = slots(t);
  const row: Cell[] = [];
  const grown = new Set<Cell>();
  for (let c = 0; c < width(t); c++) {
    const above = at > 0 ? map[at - 1]?.[c] : undefined;
    const here = map[at]?.[c];
    if (above && here && above[0] === here[0] && above[1] === here[1]) {
      const cell = out[above[0]]![above[1]]!;
      if (!grown.has(cell)) cell.rowspan++;
      grown.add(cell);
    } else row.push(blank());
  }
  out.splice(at, 0, row);
  return out;
}

/** Row `at` removed: spans from above shrink; a cell starting there that spans down moves to the next row. */
export function deleteRow(t: Table, at: number): Table {
  if (t.length <= 1) return t;
  const out = copy(t);
  const map = slots(t);
  const seen = new Set<Cell>();
  const moved: { c: number; cell: Cell }[] = [];
  map[at]?.forEach(([r, i], c) => {
    const cell = out[r]![i]!;
    if (seen.has(cell)) return;
    seen.add(cell);
    if (r < at) cell.rowspan--;
    else if (cell.rowspan > 1) moved.push({ c, cell: { ...cell, rowspan: cell.rowspan - 1 } });
  });
  if (at + 1 < out.length) {
    // The next row's own cells and the moved ones, in the order of their columns.
    const own = out[at + 1]!.map((cell, k) => ({
      c: map[at + 1]!.findIndex(([rr, ii]) => rr === at + 1 && ii === k),
      cell,
    }));
    out[at + 1] = [...own, ...moved].sort((a, b) => a.c - b.c).map((x) => x.cell);
  }
  out.splice(at, 1);
  return out;
}

/** A column inserted before column `at` (0…width): spans across it grow, every other row gets a blank cell. */
export function insertColumn(t: Table, at: number): Table {
  const out = copy(t);
  const map = slots(t);
  const grown = new Set<Cell>();
  map.forEach((slotRow, r) => {
    const left = at > 0 ? slotRow[at - 1] : undefined;
    const right = slotRow[at];
    if (left && right && left[0] === right[0] && left[1] === right[1]) {
      const cell = out[left[0]]![left[1]]!;
      if (!grown.has(cell)) cell.colspan++;
      grown.add(cell);
      return;
    }
    // A blank cell in this row, before the first of the row's own cells that starts at `at` or later.
    const starts = t[r]!.map((_, i) => slotRow.findIndex(([rr, ii]) => rr === r && ii === i));
    const i = starts.findIndex((c) => c >= at);
    out[r]!.splice(i < 0 ? out[r]!.length : i, 0, blank(t[r]![0]?.tag));
  });
  return out;
}

/** Column `at` removed: cells spanning it shrink, the ones only in it go. */
export function deleteColumn(t: Table, at: number): Table {
  if (width(t) <= 1) return t;
  const out = copy(t);
  const gone = new Set<Cell>();
  const seen = new Set<Cell>();
  for (const row of slots(t)) {
    const s = row[at];
    if (!s) continue;
    const cell = out[s[0]]![s[1]]!;
    if (seen.has(cell)) continue;
    seen.add(cell);
    if (cell.colspan > 1) cell.colspan--;
    else gone.add(cell);
  }
  return out.map((r) => r.filter((c) => !gone.has(c)));
}
