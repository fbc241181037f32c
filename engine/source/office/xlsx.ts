// Excel workbooks (xlsx/xlsm) from their own XML, as the engine's elements: per sheet its name as a title
// (level 2), its tables (blocks of touching used cells, empty rows and columns dropped; a merged range's value
// in each of its cells, as the reference tables write them) and its charts' titles. Exact where the converted
// PDF is not (a sheet printed over several pages, cut columns); the cell values are the cached ones
// LibreOffice would print.
import { elements, openPackage, textOf } from './xml.ts';
import { cellsToHtml } from '../../../shared/markdown/table-html.ts';
import type { SourceElem } from './elements.ts';

export interface SheetTable {
  name: string;
  /** The sheet's tables: blocks of touching non-empty cells, top to bottom, left to right. */
  tables: string[][][];
  /** The titles of the sheet's charts. */
  charts: string[];
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
  const rels = relsOf(pkg, 'xl/workbook.xml');
  const out: SheetTable[] = [];
  for (const sheet of elements(pkg.part('xl/workbook.xml') ?? '', 'sheet')) {
    if (sheet.attrs.state === 'hidden' || sheet.attrs.state === 'veryHidden') continue;
    const path = rels.get(sheet.attrs['r:id'] ?? '') ?? '';
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
    out.push({ name: sheet.attrs.name ?? `Sheet${out.length + 1}`, tables: regions(grid), charts: charts(pkg, path) });
  }
  return out;
}

type Pkg = ReturnType<typeof openPackage>;

/** A relationship's target as a part name, from the part that names it. */
function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** A part's relationships: id → target part name. */
function relsOf(pkg: Pkg, part: string): Map<string, string> {
  const i = part.lastIndexOf('/');
  const xml = pkg.part(`${part.slice(0, i)}/_rels/${part.slice(i + 1)}.rels`) ?? '';
  return new Map(elements(xml, 'Relationship').map((r) => [r.attrs.Id, resolve(part, r.attrs.Target ?? '')]));
}

/** The titles of the charts a sheet's drawings hold, in the drawings' order. */
function charts(pkg: Pkg, sheet: string): string[] {
  const drawings = [...relsOf(pkg, sheet).values()].filter((t) => /drawings\/drawing\d+\.xml$/.test(t));
  return drawings.flatMap((d) =>
    [...relsOf(pkg, d).values()]
      .filter((t) => /charts\/chart\d+\.xml$/.test(t))
      .flatMap((c) => {
        const title = elements(pkg.part(c) ?? '', 'c:title')[0];
        const text = title ? textOf(title.inner, 'a:t').trim() : '';
        return text ? [text] : [];
      }),
  );
}

/** Each sheet's name as a title, its tables (first row a plain row, as the writer makes every table), and its
 * charts' titles as text. */
export function sheetElems(data: Uint8Array): SourceElem[] {
  const sheets = readXlsx(data);
  if (!sheets.some((s) => s.tables.length)) return [];
  return sheets.flatMap((s): SourceElem[] => [
    { type: 'title', content: s.name, level: 2 },
    ...s.tables.map((rows): SourceElem => {
      const cells = rows.flatMap((row, r) =>
        row.map((v, c) => ({ r, c, rs: 1, cs: 1, text: v.replace(/\s*\n\s*/g, ' ') })),
      );
      return { type: 'table', content: cellsToHtml(cells) };
    }),
    ...s.charts.map((content): SourceElem => ({ type: 'text', content })),
  ]);
}
