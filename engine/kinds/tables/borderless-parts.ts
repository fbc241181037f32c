// Rows and columns of a table without rules: text rows (lines grouped by their vertical centre) and which
// are rows of cells; the column gaps the body rows share, edges moved out from under a wider header cell, and
// the columns a header cell set over several of them spans.
import type { RawLine } from '../../raw.ts';
import { BULLET_START, median } from '../../analysis/text.ts';

/** `cell`: cellRow's answer, once asked (a row is judged several times while runs are extended). */
export interface Row {
  lines: RawLine[];
  y0: number;
  y1: number;
  cell?: boolean;
}

/** Text rows: lines grouped by their vertical centre, left to right. */
export function rows(lines: RawLine[]): Row[] {
  const sorted = [...lines].sort((a, b) => a.bbox[1] + a.bbox[3] - (b.bbox[1] + b.bbox[3]));
  const out: Row[] = [];
  for (const l of sorted) {
    const r = out[out.length - 1],
      cy = (l.bbox[1] + l.bbox[3]) / 2;
    if (r && cy - (r.y0 + r.y1) / 2 < 0.45 * Math.max(r.y1 - r.y0, l.bbox[3] - l.bbox[1])) {
      r.lines.push(l);
      r.y0 = Math.min(r.y0, l.bbox[1]);
      r.y1 = Math.max(r.y1, l.bbox[3]);
    } else out.push({ lines: [l], y0: l.bbox[1], y1: l.bbox[3] });
  }
  for (const r of out) r.lines.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return out;
}

/** A row of at least two short cells set apart by clear gaps. */
export function cellRow(r: Row): boolean {
  return (r.cell ??= isCellRow(r));
}

function isCellRow(r: Row): boolean {
  if (r.lines.length < 2) return false;
  const size = median(r.lines.map((l) => l.size));
  // Cells 0.9 em apart at least: LaTeX's tabular sets its widest cells 2\tabcolsep apart (1.2 em at 10pt, 1 em at 12pt).
  for (let i = 1; i < r.lines.length; i++) if (r.lines[i].bbox[0] - r.lines[i - 1].bbox[2] < 0.9 * size) return false;
  // Cells are short; a row label may run longer (up to 70 chars) beside two or more figures of a few chars.
  const figures = r.lines.length >= 3 && r.lines.slice(1).every((l) => l.text.trim().length <= 12);
  const long = (l: RawLine, k: number) => l.text.trim().length > (k === 0 && figures ? 70 : 45);
  if (r.lines.some((l, k) => long(l, k) || l.mono > 0.5 || /(\.\s?){3,}$/.test(l.text.trim()))) return false;
  // A list item: a lone marker, then its text.
  return !(r.lines.length === 2 && BULLET_START.test(`${r.lines[0].text} `) && r.lines[0].text.trim().length <= 3);
}

/** Column gaps shared by every cell of the run: x intervals no line covers. */
export function columnEdges(run: { lines: RawLine[] }[]): number[] {
  const iv = run
    .flatMap((r) => r.lines.map((l) => [l.bbox[0], l.bbox[2]] as [number, number]))
    .sort((a, b) => a[0] - b[0]);
  const edges = [iv[0][0]];
  let end = iv[0][1];
  for (const [a, b] of iv.slice(1)) {
    if (a > end + 2) edges.push((a + end) / 2);
    end = Math.max(end, b);
  }
  edges.push(end);
  return edges;
}

/** An edge in the middle of a gap between two columns of cells that a wider header cell crosses ("平均负载"
 * over "62%") moves into the part of the gap no cell covers, when there is one: the header is no span. */
export function shiftEdges(xs: number[], base: RawLine[], all: RawLine[]): void {
  for (let k = 1; k + 1 < xs.length; k++) {
    const x = xs[k],
      crossing = all.filter((l) => l.bbox[0] < x && l.bbox[2] > x);
    if (!crossing.length) continue;
    let a = Math.max(...base.filter((l) => l.bbox[2] <= x).map((l) => l.bbox[2]), xs[k - 1]);
    const b = Math.min(...base.filter((l) => l.bbox[0] >= x).map((l) => l.bbox[0]), xs[k + 1]);
    // Free stretches of (a, b) left of and right of the crossing cells.
    const lo = Math.min(...crossing.map((l) => l.bbox[0])),
      hi = Math.max(...crossing.map((l) => l.bbox[2]));
    a = Math.max(a, ...all.filter((l) => l.bbox[2] <= x && l.bbox[2] > a).map((l) => l.bbox[2]));
    const left = lo - a,
      right = b - hi;
    if (Math.max(left, right) >= 2) xs[k] = left >= right ? (a + lo) / 2 : (hi + b) / 2;
  }
}

/** Columns (by index of their left edge) that a header cell of `head` spans over the body rows `body`: the
 * columns it is aligned on, centred, flush left or flush right; the narrowest such run wins. */
export function spannedColumns(
  head: RawLine[],
  body: { lines: RawLine[] }[],
  xs: number[],
  colOf: (l: RawLine) => number,
): Set<number> {
  const cols = xs.length - 1;
  const spanned = new Set<number>();
  // Column edges of the body rows (the header's own text would align with anything it covers).
  const bodyLo = new Array<number>(cols).fill(Infinity),
    bodyHi = new Array<number>(cols).fill(-Infinity);
  for (const l of body.flatMap((r) => r.lines)) {
    const c = colOf(l);
    if (c >= 0) {
      bodyLo[c] = Math.min(bodyLo[c], l.bbox[0]);
      bodyHi[c] = Math.max(bodyHi[c], l.bbox[2]);
    }
  }
  const left = [...bodyLo.map((x, c) => (Number.isFinite(x) ? x : xs[c])), xs[cols]];
  for (const l of head) {
    const cx = (l.bbox[0] + l.bbox[2]) / 2;
    let best: [number, number] = [0, 0],
      err = Infinity;
    for (let n = 0; n < cols; n++)
      for (let a = 0; a + n < cols; a++) {
        const b = a + n;
        const e = Math.min(
          Math.abs(cx - (left[a] + left[b + 1]) / 2),
          Math.abs(l.bbox[0] - bodyLo[a]),
          Math.abs(l.bbox[2] - bodyHi[b]),
        );
        if (e < err - 1 && l.bbox[0] >= left[a] - 2 && l.bbox[2] <= left[b + 1] + 2) {
          err = e;
          best = [a, b];
        }
      }
    for (let k = best[0] + 1; k <= best[1]; k++) spanned.add(k);
  }
  return spanned;
}
