// A first reading order for recognised lines (the detector returns them unordered): recursive XY-cut
// on the line boxes, so that lines of one column follow each other before the page analysis groups them.
// The OCR needs it before the page analysis (it evens sizes and groups blocks in this order), so it lives
// here, below both, beside the page's own XY-cut (xycut.ts).
import type { RawLine } from '../raw.ts';
import { intervalGaps } from './gaps.ts';
import { LINES } from './thresholds.ts';

interface Gap {
  at: number;
  size: number;
}

function gaps(ls: RawLine[], lo: 0 | 1): Gap[] {
  return intervalGaps(ls.map((l) => [l.bbox[lo], l.bbox[lo + 2]] as [number, number])).map(([a, b]) => ({
    at: (a + b) / 2,
    size: b - a,
  }));
}

const widest = (g: Gap[]): number => g.reduce((a, b) => (b.size > a.size ? b : a)).at;

/** Recognised lines in a first reading order: columns split at gaps of a line height, then bands. */
export function orderLines(lines: RawLine[]): RawLine[] {
  if (lines.length <= 1) return lines;
  const hs = lines.map((l) => l.bbox[3] - l.bbox[1]).sort((a, b) => a - b);
  const lh = hs[hs.length >> 1];
  const xg = gaps(lines, 0).filter((g) => g.size >= LINES.columnGap * lh);
  if (xg.length) {
    const c = widest(xg);
    return [...orderLines(lines.filter((l) => l.bbox[2] <= c)), ...orderLines(lines.filter((l) => l.bbox[2] > c))];
  }
  const yg = gaps(lines, 1).filter((g) => g.size >= LINES.bandGap * lh);
  if (yg.length) {
    const c = widest(yg);
    return [...orderLines(lines.filter((l) => l.bbox[3] <= c)), ...orderLines(lines.filter((l) => l.bbox[3] > c))];
  }
  // One block: rows by vertical overlap, each left to right.
  const rows: { y0: number; y1: number; ls: RawLine[] }[] = [];
  for (const l of [...lines].sort((a, b) => a.bbox[1] + a.bbox[3] - b.bbox[1] - b.bbox[3])) {
    const r = rows[rows.length - 1],
      cy = (l.bbox[1] + l.bbox[3]) / 2;
    if (r && cy > r.y0 && cy < r.y1) {
      r.ls.push(l);
      r.y1 = Math.max(r.y1, l.bbox[3]);
    } else rows.push({ y0: l.bbox[1], y1: l.bbox[3], ls: [l] });
  }
  return rows.flatMap((r) => r.ls.sort((a, b) => a.bbox[0] - b.bbox[0]));
}
