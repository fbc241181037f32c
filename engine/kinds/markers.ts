// Section numbers and list marks that mupdf sets apart from their text: a column of marks beside the text is
// split one segment per mark, and a lone mark joins the text on its right ("5.1   Results", "•  item").
import type { RawLine, Rect } from '../raw.ts';
import { rectUnion } from '../raw.ts';
import type { Segment } from '../analysis/segment.ts';
import { MARKERS } from './thresholds.ts';

const NUMBER_TOKEN = /^(\d{1,2}(\.\d{1,2}){0,4}\.?|[IVXivx]{1,5}\.?|[A-Z]\.|§\s*\d+)$/;

const MARKER = /^([•●▪◦■□◆◇‣∙➢➤►▶✓✔❖○◼*–-]|\(?\d{1,2}[.)]|\(?[a-z][.)]|\([ivx]{1,4}\))$/;

/** A column of marks (hanging note or list numbers, stacked or one per segment) beside their text: one segment
 * per mark, and the text beside them split at each mark's row, for joinMarkers to pair row by row. */
export function splitMarkColumns(segs: Segment[]): Segment[] {
  const mark = (l: RawLine) => NUMBER_TOKEN.test(l.text.trim()) || MARKER.test(l.text.trim());
  const marks = segs.filter((s) => s.lines.every(mark));
  const lines = marks.flatMap((m) => m.lines);
  if (lines.length < 2) return segs;
  const part = (s: Segment, ls: RawLine[]): Segment => ({
    ...s,
    lines: ls,
    bbox: ls.slice(1).reduce((b, l) => rectUnion(b, l.bbox), [...ls[0].bbox] as Rect),
  });
  const beside = (l: RawLine) =>
    lines.some(
      (a) =>
        Math.abs(a.bbox[1] + a.bbox[3] - l.bbox[1] - l.bbox[3]) < l.size &&
        l.bbox[0] - a.bbox[2] > MARKERS.overlap &&
        l.bbox[0] - a.bbox[2] < MARKERS.reach * l.size,
    );
  return segs.flatMap((s) => {
    if (marks.includes(s)) return s.lines.map((l) => part(s, [l]));
    const cuts = [0, ...s.lines.flatMap((l, k) => (k > 0 && beside(l) ? [k] : [])), s.lines.length];
    return cuts.length > 2 ? cuts.slice(1).map((end, i) => part(s, s.lines.slice(cuts[i], end))) : [s];
  });
}

/** Joins a lone section number or list marker to the text on its right ("5.1   Results", "•  item"). */
export function joinMarkers(segs: Segment[]): Segment[] {
  // Per segment (segments are distinct objects): gone into a marker's neighbour, and its first line's
  // vertical centre, left edge and size, kept up to date as markers join first lines (table pages have
  // hundreds of number cells, each compared with every segment).
  const n = segs.length,
    gone = new Uint8Array(n);
  const cy = new Float64Array(n),
    x0 = new Float64Array(n),
    sz = new Float64Array(n);
  const put = (j: number) => {
    const b = segs[j].lines[0];
    cy[j] = (b.bbox[1] + b.bbox[3]) / 2;
    x0[j] = b.bbox[0];
    sz[j] = b.size;
  };
  for (let j = 0; j < n; j++) put(j);
  for (let i = 0; i < n; i++) {
    const m = segs[i];
    if (m.lines.length !== 1) continue;
    const a = m.lines[0],
      tok = a.text.trim();
    const heading = NUMBER_TOKEN.test(tok);
    if (!heading && !MARKER.test(tok)) continue;
    const ay = (a.bbox[1] + a.bbox[3]) / 2;
    let best = -1,
      bestGap = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i || gone[j]) continue;
      const size = Math.max(a.size, sz[j]);
      const sameRow = Math.abs(ay - cy[j]) < MARKERS.row * size;
      const gap = x0[j] - a.bbox[2];
      if (sameRow && gap > MARKERS.overlap && gap < MARKERS.reach * size && gap < bestGap) {
        best = j;
        bestGap = gap;
      }
    }
    if (best < 0 || (heading && Math.abs(a.size - segs[best].size) > MARKERS.headingSize * a.size)) continue;
    const into = segs[best],
      b = into.lines[0];
    const shift = (ix?: number[]) => ix?.map((k) => k + tok.length + 1);
    const line: RawLine = {
      ...b,
      sup: shift(b.sup),
      sub: shift(b.sub),
      text: `${tok} ${b.text}`,
      cx0: [...a.cx0.slice(0, tok.length), a.bbox[2], ...b.cx0],
      cx1: [...a.cx1.slice(0, tok.length), b.bbox[0], ...b.cx1],
      bbox: rectUnion(a.bbox, b.bbox),
    };
    into.lines[0] = line;
    into.bbox = rectUnion(into.bbox, a.bbox);
    gone[i] = 1;
    put(best);
  }
  return segs.filter((_, j) => !gone[j]);
}
