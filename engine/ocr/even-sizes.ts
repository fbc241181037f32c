// Font sizes of a page's recognised lines evened out: a paragraph's lines take one size, and sizes that
// differ less than their spread says they could are one style; the body keeps the page's median size.
import type { RawLine } from '../raw.ts';

/** Thresholds of the evening out (sizes relative unless said otherwise). */
const EVEN_SIZES = {
  /** Groups whose sizes differ by less than this many spreads of their means are one style… */
  apart: 2.5,
  /** …and by 4% at least. */
  floor: 0.04,
  /** A run's next line: a size within 15% of the run's, a step below of half to 1.8 sizes, within 20% of
   * the run's pitch, overlapping the last line across half the narrower one's width. */
  runSize: 0.15,
  stepMin: 0.5,
  stepMax: 1.8,
  pitch: 0.2,
  overlap: 0.5,
  /** Sizes above the body's are rounded to half points. */
  steps: 2,
} as const;
const E = EVEN_SIZES;

const cy = (l: RawLine): number => (l.bbox[1] + l.bbox[3]) / 2;
/** The median (of an even count, the mean of the middle two). */
const middle = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b),
    k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

/** Runs of lines set alike, in reading order: each next line in the same column, right below the last one
 * (as far below as the run's lines are from each other), of the same weight and a size within 15%. */
function runs(lines: RawLine[]): RawLine[][] {
  const out: RawLine[][] = [];
  let run: RawLine[] = [];
  for (const l of lines) {
    const p = run[run.length - 1];
    const size = p && middle(run.map((r) => r.size));
    const step = p && cy(l) - cy(p),
      w = p && Math.min(l.bbox[2] - l.bbox[0], p.bbox[2] - p.bbox[0]);
    const pitch = run.length >= 2 ? (cy(p) - cy(run[0])) / (run.length - 1) : 0;
    const joins =
      p &&
      l.bold === p.bold &&
      Math.abs(l.size / size - 1) < E.runSize &&
      step > E.stepMin * size &&
      step < E.stepMax * size &&
      (!pitch || Math.abs(step / pitch - 1) < E.pitch) &&
      Math.min(l.bbox[2], p.bbox[2]) - Math.max(l.bbox[0], p.bbox[0]) > E.overlap * w;
    if (joins) run.push(l);
    else out.push((run = [l]));
  }
  return out;
}

/** One size per style on the page. A paragraph's lines take their median size (the run's, see runs);
 * then the two groups nearest in size (against the spread of their means: the more lines, the closer a
 * size is known) are merged while they do not differ clearly, and each group takes its mean size weighted
 * by lines — the body's group the page's median size — so that footnotes or a heading style keep one
 * size apart from the body's. Larger sizes are rounded to half points (headings are ranked by size across
 * pages), smaller ones kept (footnotes are judged by their ratio to the body). `lines` are in reading order. */
export function evenSizes(lines: RawLine[], spreadOf: (l: RawLine) => number): void {
  const med = middle(lines.map((l) => l.size));
  /** `v`: variance of the group's mean size (relative). */
  interface Group {
    size: number;
    n: number;
    v: number;
    lines: RawLine[];
    lo: number;
    hi: number;
  }
  const groups: Group[] = runs(lines)
    .map((r) => {
      const size = middle(r.map((l) => l.size)),
        n = r.length;
      return {
        size,
        n,
        v: r.reduce((a, l) => a + spreadOf(l) ** 2, 0) / n / n,
        lines: r,
        lo: Math.min(...r.map((l) => l.size)),
        hi: Math.max(...r.map((l) => l.size)),
      };
    })
    .sort((a, b) => a.size - b.size);
  const apart = (a: Group, b: Group) => Math.log(b.size / a.size) / Math.max(E.floor, E.apart * Math.sqrt(a.v + b.v));
  for (;;) {
    let best = -1;
    for (let i = 0; i + 1 < groups.length; i++)
      if (best < 0 || apart(groups[i], groups[i + 1]) < apart(groups[best], groups[best + 1])) best = i;
    if (best < 0 || apart(groups[best], groups[best + 1]) >= 1) break;
    const [a, b] = [groups[best], groups[best + 1]],
      n = a.n + b.n;
    groups.splice(best, 2, {
      size: (a.size * a.n + b.size * b.n) / n,
      n,
      v: (a.v * a.n * a.n + b.v * b.n * b.n) / n / n,
      lines: [...a.lines, ...b.lines],
      lo: Math.min(a.lo, b.lo),
      hi: Math.max(a.hi, b.hi),
    });
  }
  for (const g of groups) {
    const body = g.lo <= med && med <= g.hi;
    for (const l of g.lines) l.size = body ? med : g.size > med ? Math.round(g.size * E.steps) / E.steps : g.size;
  }
}
