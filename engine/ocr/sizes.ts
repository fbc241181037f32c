// Font sizes of recognised lines, from their ink: the height of a line's x-height band (the rows that
// hold most of its ink) grows in proportion to the type size, where the detector's box height does not
// (a 9-pt line's box is only 12% lower than an 11-pt line's); then sizes are evened out per page.
import type { Box, GrayImage } from './gray.ts';
import type { RawLine } from '../raw.ts';

/** Type size per px of x-height band (calibrated on serif and sans body text of scans, 7.5–12 pt). */
const SIZE_PER_BAND = 2.25;

/** Ink and paper grey levels of one line's crop (its 2nd percentile and median: grey or coloured type is
 * lighter than black ink); null when the crop has no contrast. */
function inkAndPaper(hist: Uint32Array, n: number): [number, number] | null {
  let acc = 0,
    ink = -1,
    paper = -1;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (ink < 0 && acc > 0.02 * n) ink = v;
    if (paper < 0 && acc > 0.5 * n) {
      paper = v;
      break;
    }
  }
  return paper - ink >= 40 ? [ink, paper] : null;
}

/** Height (px, sub-pixel) of the line's x-height band: the rows of the straightened box holding at least
 * 60% of the ink of its inkiest row, edges interpolated; 0 when the box has no clear ink. Ink is counted
 * by darkness between the crop's paper and ink levels (not by a threshold: a blurred edge row counts in
 * part); columns are sampled every 2 px. `core`: the detector's box height before its growth. */
export function xBand(img: GrayImage, b: Box, core: number): number {
  const { width: W, height: H, data } = img;
  const cw = Math.max(1, Math.round(b.w / 2)),
    ch = Math.max(1, Math.round(b.h));
  const ox = b.cx - (b.w / 2) * b.ux - (b.h / 2) * b.vx,
    oy = b.cy - (b.w / 2) * b.uy - (b.h / 2) * b.vy;
  const su = b.w / cw,
    sv = b.h / ch;
  const crop = new Uint8Array(cw * ch),
    hist = new Uint32Array(256);
  for (let j = 0; j < ch; j++)
    for (let i = 0; i < cw; i++) {
      const x = Math.round(ox + (i + 0.5) * su * b.ux + (j + 0.5) * sv * b.vx - 0.5);
      const y = Math.round(oy + (i + 0.5) * su * b.uy + (j + 0.5) * sv * b.vy - 0.5);
      const v = x < 0 || y < 0 || x >= W || y >= H ? 255 : data[y * W + x];
      crop[j * cw + i] = v;
      hist[v]++;
    }
  const levels = inkAndPaper(hist, cw * ch);
  if (!levels) return 0;
  const [ink, paper] = levels;
  const prof = new Float64Array(ch);
  for (let j = 0; j < ch; j++)
    for (let i = 0; i < cw; i++) prof[j] += Math.min(1, Math.max(0, (paper - crop[j * cw + i]) / (paper - ink)));
  // The line's own rows: the run of inked rows around its inkiest row near the middle (the box is grown on
  // all sides, and in small print the lines above and below reach into it).
  const lo0 = Math.max(0, Math.floor(ch / 2 - core)),
    hi0 = Math.min(ch - 1, Math.ceil(ch / 2 + core));
  let peak = lo0;
  for (let j = lo0; j <= hi0; j++) if (prof[j] > prof[peak]) peak = j;
  if (prof[peak] < 2) return 0;
  let lo = peak,
    hi = peak;
  while (lo > 0 && prof[lo - 1] >= 0.2 * prof[peak]) lo--;
  while (hi < ch - 1 && prof[hi + 1] >= 0.2 * prof[peak]) hi++;
  const T = 0.6 * prof[peak];
  let a = -1,
    z = -1;
  for (let j = lo; j <= hi; j++)
    if (prof[j] >= T) {
      if (a < 0) a = j;
      z = j;
    }
  const edge = (k: number, out: number) =>
    out < lo || out > hi ? 0 : Math.min(1, (prof[k] - T) / Math.max(1e-6, prof[k] - prof[out]));
  return z - a + edge(a, a - 1) + edge(z, z + 1);
}

/** Enough lower-case letters for the x-height band to be the x-height (caps and figures fill more of it). */
const lowerCase = (t: string): boolean => {
  const low = (t.match(/\p{Ll}/gu) ?? []).length;
  return low >= 3 && low >= 0.5 * (t.match(/[\p{L}\p{N}]/gu) ?? []).length;
};

/** Spread of one line's size (one standard deviation, relative) read from its box height (±6%), and
 * from its ink: about a third of a pixel of the band's height (±3.5% on a 150-dpi scan of 11-pt type). */
export const BOX_SPREAD = 0.06,
  BAND_PX_SPREAD = 0.35;

/** Sizes (units of `unit` px) of lines with their box and recognised text, and their spread: from the
 * x-height band where the text is mostly lower case and the band tall enough to gauge better than the box
 * (6 px: small print of low-resolution images is not), else from the box height scaled as the page's
 * lower-case lines are. */
export function inkSizes(
  img: GrayImage,
  lines: { box: Box; innerH: number; text: string }[],
  unit: number,
  perHeight: number,
): { size: number; spread: number }[] {
  const band = lines
    .map((l) => (lowerCase(l.text) ? xBand(img, l.box, l.innerH) : 0))
    .map((b) => (BAND_PX_SPREAD / b < BOX_SPREAD ? b : 0));
  const ratios = lines
    .flatMap((l, i) => (band[i] > 0 ? [(SIZE_PER_BAND * band[i]) / l.box.h] : []))
    .sort((a, b) => a - b);
  const perH = ratios.length >= 3 ? ratios[ratios.length >> 1] : perHeight;
  return lines.map((l, i) =>
    band[i] > 0
      ? { size: (SIZE_PER_BAND * band[i]) / unit, spread: BAND_PX_SPREAD / band[i] }
      : { size: (perH * l.box.h) / unit, spread: BOX_SPREAD },
  );
}

/** Groups whose sizes differ by less than this many spreads of their means are one style; and by 4% at least. */
const APART = 2.5,
  FLOOR = 0.04;

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
      Math.abs(l.size / size - 1) < 0.15 &&
      step > 0.5 * size &&
      step < 1.8 * size &&
      (!pitch || Math.abs(step / pitch - 1) < 0.2) &&
      Math.min(l.bbox[2], p.bbox[2]) - Math.max(l.bbox[0], p.bbox[0]) > 0.5 * w;
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
  const apart = (a: Group, b: Group) => Math.log(b.size / a.size) / Math.max(FLOOR, APART * Math.sqrt(a.v + b.v));
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
    for (const l of g.lines) l.size = body ? med : g.size > med ? Math.round(g.size * 2) / 2 : g.size;
  }
}
