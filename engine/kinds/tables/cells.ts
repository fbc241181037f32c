// Table cells: grid cells merged where an inner rule is missing (row/col spans), the text of every
// cell from the chars whose centres fall inside it (their HTML: shared/markdown/table-html.ts).
import type { RawLine } from '../../raw.ts';
import { cleanLine, joinText } from '../../analysis/text.ts';
import type { Cell } from '../../../shared/markdown/table-html.ts';

/**
 * Cells of the grid xs × ys; `hasV(x, ya, yb)` / `hasH(y, xa, xb)` say whether a rule separates
 * neighbours. Null when the grid holds too little text to be a table (a frame around a paragraph).
 */
export function textGrid(
  xs: number[],
  ys: number[],
  hasV: (x: number, ya: number, yb: number) => boolean,
  hasH: (y: number, xa: number, xb: number) => boolean,
  lines: RawLine[],
): Cell[] | null {
  const R = ys.length - 1,
    C = xs.length - 1;
  const par = Array.from({ length: R * C }, (_, i) => i);
  const find = (i: number): number => {
    while (par[i] !== i) {
      par[i] = par[par[i]];
      i = par[i];
    }
    return i;
  };
  for (let r = 0; r < R; r++)
    for (let c = 0; c < C; c++) {
      if (c + 1 < C && !hasV(xs[c + 1], ys[r], ys[r + 1])) par[find(r * C + c + 1)] = find(r * C + c);
      if (r + 1 < R && !hasH(ys[r + 1], xs[c], xs[c + 1])) par[find((r + 1) * C + c)] = find(r * C + c);
    }
  const locate = (v: number, edges: number[]) => {
    if (v < edges[0] || v > edges[edges.length - 1]) return -1;
    let i = 0;
    while (i < edges.length - 2 && v >= edges[i + 1]) i++;
    return i;
  };
  // Text pieces per cell root, in reading order of the lines.
  const pieces = new Map<number, { y: number; x: number; t: string }[]>();
  const sorted = [...lines].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  for (const l of sorted) {
    const r = locate((l.bbox[1] + l.bbox[3]) / 2, ys);
    if (r < 0) continue;
    // A piece is the run of chars [from, i) that fall in one cell (spaces go with the cell before them).
    let cur = -1,
      from = 0,
      x = 0;
    const flush = (i: number) => {
      const buf = l.text.slice(from, i);
      if (cur >= 0 && buf.trim()) {
        let list = pieces.get(cur);
        if (!list) pieces.set(cur, (list = []));
        list.push({ y: l.bbox[1], x, t: buf });
      }
    };
    for (let i = 0; i < l.text.length; i++) {
      if (cur >= 0 && l.text.charCodeAt(i) === 32) continue;
      const c = locate((l.cx0[i] + l.cx1[i]) / 2, xs);
      const cell = c < 0 ? -1 : find(r * C + c);
      if (cell !== cur) {
        flush(i);
        cur = cell;
        x = l.cx0[i];
        from = i;
      }
    }
    flush(l.text.length);
  }
  const { first: cells, extra } = coverGrid(R, C, (r, c) => find(r * C + c));
  let filled = 0;
  for (const [k, cell] of cells) {
    const ps = (pieces.get(k) ?? []).sort((a, b) => (Math.abs(a.y - b.y) > 2 ? a.y - b.y : a.x - b.x));
    cell.text = ps.reduce((acc, p) => joinText(acc, cleanLine(p.t)), '');
    if (cell.text) filled++;
  }
  const all = [...cells.values(), ...extra];
  if (all.length < 2 || filled < 2 || filled < 0.25 * all.length) return null;
  return all.sort((a, b) => a.r - b.r || a.c - b.c);
}

/** Cells as rectangles covering the R × C grid exactly once: each merged region (`root(r, c)`) becomes the
 * largest rectangle from its first grid cell; what an L-shaped region leaves over becomes more, empty,
 * cells (`extra`), so spans never overlap; `first` maps every region to its first cell (which gets the text). */
function coverGrid(
  R: number,
  C: number,
  root: (r: number, c: number) => number,
): { first: Map<number, Cell>; extra: Cell[] } {
  const covered = new Uint8Array(R * C);
  const first = new Map<number, Cell>();
  const extra: Cell[] = [];
  for (let r = 0; r < R; r++)
    for (let c = 0; c < C; c++) {
      if (covered[r * C + c]) continue;
      const k = root(r, c);
      let cs = 1;
      while (c + cs < C && !covered[r * C + c + cs] && root(r, c + cs) === k) cs++;
      let rs = 1;
      const rowFits = (rr: number) => {
        for (let x = c; x < c + cs; x++) if (covered[rr * C + x] || root(rr, x) !== k) return false;
        return true;
      };
      while (r + rs < R && rowFits(r + rs)) rs++;
      for (let y = r; y < r + rs; y++) for (let x = c; x < c + cs; x++) covered[y * C + x] = 1;
      const cell: Cell = { r, c, rs, cs, text: '' };
      if (first.has(k)) extra.push(cell);
      else first.set(k, cell);
    }
  return { first, extra };
}
