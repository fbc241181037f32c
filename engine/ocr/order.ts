// A first reading order for recognised lines (the detector returns them unordered): recursive XY-cut
// on the line boxes, so that lines of one column follow each other before the page analysis groups them.
import type { RawLine } from '../raw.ts';

interface Gap {
  at: number;
  size: number;
}

function gaps(ls: RawLine[], lo: 0 | 1, hi: 2 | 3): Gap[] {
  const s = [...ls].sort((a, b) => a.bbox[lo] - b.bbox[lo]);
  const out: Gap[] = [];
  let end = s[0].bbox[hi];
  for (let i = 1; i < s.length; i++) {
    if (s[i].bbox[lo] > end) out.push({ at: (end + s[i].bbox[lo]) / 2, size: s[i].bbox[lo] - end });
    end = Math.max(end, s[i].bbox[hi]);
  }
  return out;
}

const widest = (g: Gap[]): number => g.reduce((a, b) => (b.size > a.size ? b : a)).at;

export function order(lines: RawLine[]): RawLine[] {
  if (lines.length <= 1) return lines;
  const hs = lines.map((l) => l.bbox[3] - l.bbox[1]).sort((a, b) => a - b);
  const lh = hs[hs.length >> 1];
  const xg = gaps(lines, 0, 2).filter((g) => g.size >= lh);
  if (xg.length) {
    const c = widest(xg);
    return [...order(lines.filter((l) => l.bbox[2] <= c)), ...order(lines.filter((l) => l.bbox[2] > c))];
  }
  const yg = gaps(lines, 1, 3).filter((g) => g.size >= 0.5 * lh);
  if (yg.length) {
    const c = widest(yg);
    return [...order(lines.filter((l) => l.bbox[3] <= c)), ...order(lines.filter((l) => l.bbox[3] > c))];
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
