// Word tables (w:tbl) onto their grid: horizontal spans from w:gridSpan, vertical ones from w:vMerge
// (restart … continue), rows that start or end late (w:gridBefore / w:gridAfter) padded with empty cells,
// so every grid cell is covered exactly once and no two spans overlap. The one table writer makes its HTML
// (shared/markdown/table-html.ts).
import type { Cell } from '../../../shared/markdown/table-html.ts';
import { kid, kids, type XNode } from './tree.ts';

type WordCell = Cell;

export interface WordTable {
  cells: WordCell[];
  rows: number;
  cols: number;
}

const intVal = (n: XNode | undefined, name: string): number => {
  const v = Number(kid(n, name)?.attrs['w:val']);
  return Number.isFinite(v) && v > 0 ? Math.min(Math.floor(v), 64) : 0;
};

/** The table's cells on its grid; `read` gives a cell's text (its paragraphs'). */
export function wordTable(tbl: XNode, read: (tc: XNode) => string): WordTable {
  const cells: WordCell[] = [];
  /** The cell that covers each grid column in the row above (for vMerge continuations). */
  let above: (WordCell | undefined)[] = [];
  const trs = kids(tbl, 'w:tr');
  trs.forEach((tr, r) => {
    const trPr = kid(tr, 'w:trPr');
    const row: (WordCell | undefined)[] = [];
    let c = 0;
    const put = (cell: WordCell) => {
      cells.push(cell);
      for (let k = 0; k < cell.cs; k++) row[cell.c + k] = cell;
      c += cell.cs;
    };
    for (let k = intVal(trPr, 'w:gridBefore'); k > 0; k--) put({ r, c, rs: 1, cs: 1, text: '' });
    // Cells may sit inside content controls (w:sdt/w:sdtContent) or custom XML wrappers.
    const tcs = kids(tr).flatMap((n) =>
      n.name === 'w:tc' ? [n] : n.name === 'w:sdt' || n.name === 'w:customXml' ? cellsIn(n) : [],
    );
    for (const tc of tcs) {
      const tcPr = kid(tc, 'w:tcPr');
      const cs = Math.max(1, intVal(tcPr, 'w:gridSpan'));
      const vMerge = kid(tcPr, 'w:vMerge');
      const up = above[c];
      // A continuation extends the cell above when it starts at the same column with the same width.
      if (vMerge && vMerge.attrs['w:val'] !== 'restart' && up && up.c === c && up.cs === cs && up.r + up.rs === r) {
        up.rs += 1;
        for (let k = 0; k < cs; k++) row[c + k] = up;
        c += cs;
        continue;
      }
      put({ r, c, rs: 1, cs, text: read(tc) });
    }
    for (let k = intVal(trPr, 'w:gridAfter'); k > 0; k--) put({ r, c, rs: 1, cs: 1, text: '' });
    above = row;
  });
  const gridCols = kids(kid(tbl, 'w:tblGrid') ?? { name: '', attrs: {}, children: [] }, 'w:gridCol').length;
  const cols = Math.max(gridCols, ...cells.map((x) => x.c + x.cs), 0);
  const rows = trs.length;
  // Pad short rows: every grid cell covered once.
  const covered = Array.from({ length: rows }, () => new Array<boolean>(cols).fill(false));
  for (const x of cells)
    for (let i = 0; i < x.rs; i++) for (let k = 0; k < x.cs; k++) covered[x.r + i]![x.c + k] = true;
  for (const [r, line] of covered.entries())
    for (const [c, on] of line.entries()) if (!on) cells.push({ r, c, rs: 1, cs: 1, text: '' });
  cells.sort((a, b) => a.r - b.r || a.c - b.c);
  return { cells, rows, cols };
}

function cellsIn(n: XNode): XNode[] {
  return kids(n).flatMap((k) =>
    k.name === 'w:tc'
      ? [k]
      : k.name === 'w:sdtContent' || k.name === 'w:customXml' || k.name === 'w:sdt'
        ? cellsIn(k)
        : [],
  );
}
