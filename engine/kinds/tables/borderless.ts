// Tables without rules: runs of text rows made of several short, separated cells whose cells line up in
// the same columns with a steady row pitch. Prose in two columns (long fragments), lists (a marker then a
// sentence), code (monospaced) and single rows (running heads) are left alone. A cell that crosses a
// column gap is a span (a header over several columns).
import type { RawLine, Rect } from '../../raw.ts';
import type { TableFound } from './ruled.ts';
import { textGrid } from './cells.ts';
import { cellRow, columnEdges, type Row, rows, shiftEdges, spannedColumns } from './borderless-parts.ts';
import { cellsToHtml } from '../../../shared/markdown/table-html.ts';
import { CAPTION_START, median } from '../../analysis/text.ts';

/** Tables without rules among `lines` (body lines not in a ruled table or figure). */
export function detectBorderless(lines: RawLine[]): TableFound[] {
  // Leader dots and fill-in rules of forms are no cells.
  const rs = rows(lines.filter((l) => !l.rotated && /[^\s.·…_\-–]/.test(l.text)));
  const out: TableFound[] = [];
  let i = 0,
    prevEnd = 0;
  while (i < rs.length) {
    if (!cellRow(rs[i])) {
      i++;
      continue;
    }
    // Extend the run over cell rows (and the odd one-cell row between them; when that run is a table, also
    // two in the first column: a section label and a sub-label, a wrapped row label) with a steady pitch.
    const pitch = (a: Row, b: Row) => (b.y0 + b.y1) / 2 - (a.y0 + a.y1) / 2;
    const one = (r?: Row) => r?.lines.length === 1 && r.lines[0].text.length <= 45;
    const label = (r?: Row) => one(r) && r!.lines[0].bbox[0] < rs[i].lines[1].bbox[0];
    const cellAt = (k: number) => k < rs.length && cellRow(rs[k]);
    const extend = (labels: boolean) => {
      let j = i + 1;
      while (
        j < rs.length &&
        (cellRow(rs[j]) ||
          (one(rs[j]) && cellAt(j + 1)) ||
          (labels && label(rs[j]) && label(rs[j + 1]) && cellAt(j + 2)))
      ) {
        // Word-processor tables pad their cells: rows may stand about three line heights apart.
        const h = rs[j - 1].y1 - rs[j - 1].y0;
        if (pitch(rs[j - 1], rs[j]) > 3.5 * Math.max(h, rs[j].y1 - rs[j].y0)) break;
        j++;
      }
      return j;
    };
    // A header row above with fewer cells (one spanning several columns), inside the table's width. When the
    // run is no table, up to two leading rows of fewer cells than its widest row (header rows over spans, whose
    // cells sit in the body's column gaps) are left out and the rest is tried.
    const table = (j: number) => {
      const most = Math.max(...rs.slice(i, j).map((r) => r.lines.length));
      for (let s = i; s <= i + 2 && j - s >= 3; s++) {
        if (s > i && rs[s - 1].lines.length >= most) break;
        let start = s;
        if (s > 0 && s - 1 >= prevEnd && spanHeader(rs[s - 1], rs.slice(s, j))) start = s - 1;
        const t = tableOf(rs.slice(start, j));
        if (t) return t;
      }
      return null;
    };
    let j = extend(true),
      t = table(j);
    if (!t && extend(false) !== j) t = table((j = extend(false)));
    if (t) out.push(t);
    i = prevEnd = j;
  }
  return out;
}

function spanHeader(h: Row, run: Row[]): boolean {
  const x0 = Math.min(...run.flatMap((r) => r.lines.map((l) => l.bbox[0]))),
    x1 = Math.max(...run.flatMap((r) => r.lines.map((l) => l.bbox[2])));
  const pitch = (run[0].y0 + run[0].y1) / 2 - (h.y0 + h.y1) / 2;
  return (
    pitch < 2.6 * (h.y1 - h.y0) &&
    h.lines.every(
      (l) => l.bbox[0] >= x0 - 2 && l.bbox[2] <= x1 + 2 && l.text.trim().length <= 45 && !CAPTION_START.test(l.text),
    ) &&
    h.lines[0].bbox[0] > x0 + 0.5 * h.lines[0].size
  ); // not flush with the first column: over the data columns
}

function tableOf(run: Row[]): TableFound | null {
  if (run.filter(cellRow).length < Math.max(3, 0.7 * run.length)) return null;
  const pitches = run.slice(1).map((r, k) => r.y0 - run[k].y0);
  if (Math.max(...pitches) > 2.2 * median(pitches)) return null;
  // Columns from the gaps all body rows share (the first row may be a header spanning columns).
  const body = run.slice(1);
  const base = body.filter(cellRow).length >= 2 ? body : run;
  const xs = columnEdges(base);
  if (xs.length < 3) return null;
  const all = run.flatMap((r) => r.lines);
  shiftEdges(
    xs,
    base.flatMap((r) => r.lines),
    all,
  );
  xs[0] = Math.min(...all.map((l) => l.bbox[0]));
  xs[xs.length - 1] = Math.max(...all.map((l) => l.bbox[2]));
  // Every column holds text in most rows; cells are short next to the table's width.
  const cols = xs.length - 1;
  const filled = Array.from(
    { length: cols },
    (_, c) => run.filter((r) => r.lines.some((l) => l.bbox[0] < xs[c + 1] && l.bbox[2] > xs[c])).length,
  );
  if (filled.some((n) => n < 0.5 * run.length)) return null;
  const width = xs[cols] - xs[0];
  const lines = run.flatMap((r) => r.lines);
  if (median(lines.map((l) => l.bbox[2] - l.bbox[0])) > 0.4 * width) return null; // two columns of prose
  // Narrow columns of prose: lines fill their column (justified) and carry several words each.
  const cols0 = new Map<RawLine, number>(); // each line's column, found once
  const colOf = (l: RawLine) => {
    let c = cols0.get(l);
    if (c === undefined)
      cols0.set(l, (c = xs.findIndex((x, k) => k < cols && l.bbox[0] >= x - 2 && l.bbox[0] < xs[k + 1])));
    return c;
  };
  const full = lines.filter((l) => {
    const c = colOf(l);
    return c >= 0 && l.bbox[2] - l.bbox[0] > 0.85 * (xs[c + 1] - xs[c]);
  }).length;
  const words = median(lines.map((l) => l.text.trim().split(/\s+/).length));
  if (full > 0.4 * lines.length || words >= 5) return null;
  // Table columns stand apart by gaps wide next to their cells; prose columns by a narrow gutter. A cell
  // spanning columns (a header over two) is no column's extent.
  const lo = new Array<number>(cols).fill(Infinity),
    hi = new Array<number>(cols).fill(-Infinity);
  for (const l of lines) {
    const c = colOf(l);
    if (c >= 0 && l.bbox[2] <= xs[c + 1] + 1) {
      lo[c] = Math.min(lo[c], l.bbox[0]);
      hi[c] = Math.max(hi[c], l.bbox[2]);
    }
  }
  const ratios = lo.slice(1).map((x, c) => (x - hi[c]) / Math.max(1, (hi[c] - lo[c] + (hi[c + 1] - x)) / 2));
  if (median(ratios) < 0.25) return null;
  // Wrapped text: a cell's words run on into the cell below ("If more than four" / "dependents, see"); a
  // one-word line over a lower-case one is a key column (port / workers), not a wrap.
  let runOn = 0;
  for (let k = 0; k + 1 < run.length; k++)
    for (const l of run[k].lines) {
      const below = run[k + 1].lines.find((n) => colOf(n) === colOf(l));
      if (
        below &&
        /[\p{Ll},]$/u.test(l.text.trim()) &&
        /^\p{Ll}/u.test(below.text.trim()) &&
        /\S\s+\S|,$/.test(l.text.trim())
      )
        runOn++;
    }
  if (runOn > 0.2 * lines.length) return null;
  // A row of fewer cells set right under the one above (line spacing, not row pitch) wraps its cells.
  const size = median(lines.map((l) => l.size));
  // Not a row set further left than the one above: a section label (outdented), no wrap.
  const wraps = (k: number) =>
    run[k + 1].y0 - run[k].y1 < 0.5 * size &&
    run[k + 1].lines.length < run[k].lines.length &&
    run[k + 1].lines[0].bbox[0] >= run[k].lines[0].bbox[0] - 1;
  const ys = [
    run[0].y0 - 1,
    ...run.slice(1).flatMap((r, k) => (wraps(k) ? [] : [(run[k].y1 + r.y0) / 2])),
    run[run.length - 1].y1 + 1,
  ];
  // A header cell set over several columns spans them (its text need not cross their gaps): the columns
  // it is aligned on, centred, flush left or flush right; the narrowest such run wins, so a cell flush with
  // one column's text does not reach over an empty corner cell beside it.
  const spanned =
    run[0].lines.length < cols ? spannedColumns(run[0].lines, run.slice(1), xs, colOf) : new Set<number>();
  const crosses = (x: number, ya: number, yb: number) =>
    (ya < run[0].y1 && spanned.has(xs.indexOf(x))) ||
    lines.some(
      (l) =>
        l.bbox[0] < x - 1 && l.bbox[2] > x + 1 && (l.bbox[1] + l.bbox[3]) / 2 > ya && (l.bbox[1] + l.bbox[3]) / 2 < yb,
    );
  const cells = textGrid(
    xs,
    ys,
    (x, ya, yb) => !crosses(x, ya, yb),
    () => true,
    lines,
  );
  if (!cells) return null;
  const bbox: Rect = [xs[0], ys[0], xs[cols], ys[ys.length - 1]];
  return { bbox, html: cellsToHtml(cells) };
}
