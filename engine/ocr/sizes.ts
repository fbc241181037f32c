// Font sizes of recognised lines, from their ink: the height of a line's x-height band (the rows that
// hold most of its ink) grows in proportion to the type size, where the detector's box height does not
// (a 9-pt line's box is only 12% lower than an 11-pt line's). even-sizes.ts then evens them out per page.
import type { Box, GrayImage } from './gray.ts';

/** Thresholds of the ink sizes. */
const INK_SIZES = {
  /** Type size per px of x-height band (calibrated on serif and sans body text of scans, 7.5–12 pt). */
  perBand: 2.25,
  /** Ink and paper: the crop's 2nd percentile and median grey; at least 40 levels apart (else no contrast). */
  ink: 0.02,
  paper: 0.5,
  contrast: 40,
  /** Columns of the straightened crop are sampled every this many px. */
  columnStep: 2,
  /** The inkiest row holds at least this much ink (in fully inked pixels), else the box has no clear ink. */
  peak: 2,
  /** The line's rows: inked at this share of the inkiest row; its band: at `band` of it. */
  row: 0.2,
  band: 0.6,
  /** Mostly lower case: 3 lower-case letters or more, half the letters and figures at least. */
  lowerMin: 3,
  lowerShare: 0.5,
  /** Lines gauged by their band that set the page's size per box height: 3 at least. */
  ratios: 3,
} as const;
const I = INK_SIZES;

/** Ink and paper grey levels of one line's crop (its 2nd percentile and median: grey or coloured type is
 * lighter than black ink); null when the crop has no contrast. */
function inkAndPaper(hist: Uint32Array, n: number): [number, number] | null {
  let acc = 0,
    ink = -1,
    paper = -1;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (ink < 0 && acc > I.ink * n) ink = v;
    if (paper < 0 && acc > I.paper * n) {
      paper = v;
      break;
    }
  }
  return paper - ink >= I.contrast ? [ink, paper] : null;
}

/** Height (px, sub-pixel) of the line's x-height band: the rows of the straightened box holding at least
 * 60% of the ink of its inkiest row, edges interpolated; 0 when the box has no clear ink. Ink is counted
 * by darkness between the crop's paper and ink levels (not by a threshold: a blurred edge row counts in
 * part); columns are sampled every 2 px. `core`: the detector's box height before its growth. */
function xBand(img: GrayImage, b: Box, core: number): number {
  const { width: W, height: H, data } = img;
  const cw = Math.max(1, Math.round(b.w / I.columnStep)),
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
  if (prof[peak] < I.peak) return 0;
  let lo = peak,
    hi = peak;
  while (lo > 0 && prof[lo - 1] >= I.row * prof[peak]) lo--;
  while (hi < ch - 1 && prof[hi + 1] >= I.row * prof[peak]) hi++;
  const T = I.band * prof[peak];
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
  return low >= I.lowerMin && low >= I.lowerShare * (t.match(/[\p{L}\p{N}]/gu) ?? []).length;
};

/** Spread of one line's size (one standard deviation, relative) read from its box height (±6%), and
 * from its ink: about a third of a pixel of the band's height (±3.5% on a 150-dpi scan of 11-pt type). */
const BOX_SPREAD = 0.06,
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
  const ratios = lines.flatMap((l, i) => (band[i] > 0 ? [(I.perBand * band[i]) / l.box.h] : [])).sort((a, b) => a - b);
  const perH = ratios.length >= I.ratios ? ratios[ratios.length >> 1] : perHeight;
  return lines.map((l, i) =>
    band[i] > 0
      ? { size: (I.perBand * band[i]) / unit, spread: BAND_PX_SPREAD / band[i] }
      : { size: (perH * l.box.h) / unit, spread: BOX_SPREAD },
  );
}
