// Excel workbooks (xlsx/xlsm) from their own XML: one table per sheet (its used cells, empty rows and
// columns dropped), the sheet name as its title. Exact where the converted PDF is not (a sheet printed
// over several pages, cut columns); the cell values are the cached ones LibreOffice would print.
import { elements, openPackage, textOf } from './xml.ts';
import { escapeText, pipeCell } from '../../../shared/markdown/escape.ts';

export interface SheetTable {
  name: string;
  /** The sheet's tables: blocks of touching non-empty cells, top to bottom, left to right. */
  tables: string[][][];
}

/** Splits a sheet's cells into blocks of 4-connected non-empty cells; each block becomes a table. */
function regions(grid: Map<number, Map<number, string>>): string[][][] {
  const seen = new Set<string>();
  const blocks: { r0: number; c0: number; cells: [number, number][] }[] = [];
  const has = (r: number, c: number) => grid.get(r)?.has(c) ?? false;
  for (const r of [...grid.keys()].sort((a, b) => a - b)) {
    for (const c of [...grid.get(r)!.keys()].sort((a, b) => a - b)) {
      if (seen.has(`${r},${c}`)) continue;
      const cells: [number, number][] = [];
      const stack: [number, number][] = [[r, c]];
      seen.add(`${r},${c}`);
      while (stack.length) {
        const [y, x] = stack.pop()!;
        cells.push([y, x]);
        for (const [dy, dx] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const k = `${y + dy!},${x + dx!}`;
          if (!seen.has(k) && has(y + dy!, x + dx!)) {
            seen.add(k);
            stack.push([y + dy!, x + dx!]);
          }
        }
      }
      blocks.push({ r0: Math.min(...cells.map((p) => p[0])), c0: Math.min(...cells.map((p) => p[1])), cells });
    }
  }
  blocks.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  return blocks.map((b) => {
    const rows = [...new Set(b.cells.map((p) => p[0]))].sort((x, y) => x - y);
    const cols = [...new Set(b.cells.map((p) => p[1]))].sort((x, y) => x - y);
    return rows.map((r) => cols.map((c) => grid.get(r)!.get(c) ?? ''));
  });
}

/** "B12" → column index 1 (0-based). */
const columnOf = (ref: string): number => {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '').toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

function formatNumber(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n) || v.trim() === '') return v;
  return String(Number(n.toPrecision(15)));
}

function cellValue(attrs: Record<string, string>, inner: string, shared: string[]): string {
  const v = elements(inner, 'v')[0]?.inner ?? '';
  switch (attrs.t) {
    case 's':
      return shared[Number(v)] ?? '';
    case 'inlineStr':
      return textOf(inner, 't');
    case 'b':
      return v === '1' ? 'TRUE' : 'FALSE';
    case 'str':
    case 'e':
      return textOf(`<v>${v}</v>`, 'v');
    default:
      return formatNumber(v);
  }
}

export function readXlsx(data: Uint8Array): SheetTable[] {
  const pkg = openPackage(data);
  const shared = elements(pkg.part('xl/sharedStrings.xml') ?? '', 'si').map((si) => textOf(si.inner, 't'));
  const rels = new Map(
    elements(pkg.part('xl/_rels/workbook.xml.rels') ?? '', 'Relationship').map((r) => [
      r.attrs.Id,
      r.attrs.Target ?? '',
    ]),
  );
  const out: SheetTable[] = [];
  for (const sheet of elements(pkg.part('xl/workbook.xml') ?? '', 'sheet')) {
    if (sheet.attrs.state === 'hidden' || sheet.attrs.state === 'veryHidden') continue;
    const target = rels.get(sheet.attrs['r:id'] ?? '') ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    const xml = pkg.part(path);
    if (!xml) continue;
    const grid = new Map<number, Map<number, string>>();
    for (const row of elements(xml, 'row')) {
      const r = Number(row.attrs.r) - 1;
      let col = 0;
      for (const c of elements(row.inner, 'c')) {
        col = c.attrs.r ? columnOf(c.attrs.r) : col;
        const value = cellValue(c.attrs, c.inner, shared).trim();
        if (value) {
          if (!grid.has(r)) grid.set(r, new Map());
          grid.get(r)!.set(col, value);
        }
        col++;
      }
    }
    // A merged range shows its top-left value in every cell (as the reference tables do).
    for (const m of elements(xml, 'mergeCell')) {
      const [from, to] = (m.attrs.ref ?? '').split(':');
      if (!from || !to) continue;
      const [r0, r1, c0, c1] = [
        Number(from.replace(/^[A-Z]+/i, '')) - 1,
        Number(to.replace(/^[A-Z]+/i, '')) - 1,
        columnOf(from),
        columnOf(to),
      ];
      const v = grid.get(r0)?.get(c0);
      if (!v || r1 - r0 > 1000 || c1 - c0 > 200) continue;
      for (let r = r0; r <= r1; r++)
        for (let c = c0; c <= c1; c++) {
          if (!grid.has(r)) grid.set(r, new Map());
          grid.get(r)!.set(c, v);
        }
    }
    out.push({ name: sheet.attrs.name ?? `Sheet${out.length + 1}`, tables: regions(grid) });
  }
  return out;
}

const cell = (s: string): string => pipeCell(escapeText(s.replace(/\s*\n\s*/g, ' ')));

/** Markdown of the sheets: `## name` then a pipe table (first row as header). */
export function tableMarkdown(rows: string[][]): string {
  const [head, ...body] = rows;
  return [
    `| ${head!.map(cell).join(' | ')} |`,
    `| ${head!.map(() => '-').join(' | ')} |`,
    ...body.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** Markdown of the sheets: `## name` then its tables as pipe tables (first row as header). */
export function sheetsMarkdown(sheets: SheetTable[]): string {
  return `${sheets.map((s) => [`## ${escapeText(s.name)}`, ...s.tables.map(tableMarkdown)].join('\n\n')).join('\n\n')}\n`;
}

/** The titles of the workbook's charts (xl/charts/chart*.xml), in part order. */
export function readChartTitles(data: Uint8Array): string[] {
  const pkg = openPackage(data);
  return pkg.names
    .filter((n) => /^xl\/charts\/chart\d+\.xml$/.test(n))
    .sort()
    .flatMap((n) => {
      const title = elements(pkg.part(n) ?? '', 'c:title')[0];
      const text = title ? textOf(title.inner, 'a:t').trim() : '';
      return text ? [text] : [];
    });
}
