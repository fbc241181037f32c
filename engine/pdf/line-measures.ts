// What a line's chars say about it: the classes of chars LineBuilder counts apart (blank, RTL, full-width,
// figures), and once per finished line (line-finish.ts) its dominant size or font (`top`), the chars set as
// superscripts or subscripts (`scripts`), how far its baselines spread (`spread`) and whether its glyph
// advances share one pitch (`evenPitch`).

/** Thresholds of a line's chars (sizes and offsets as shares of the font size, an em, unless said otherwise). */
export const LINE = {
  /** An alef narrower than this (points) before a lam is the zero-width half of a lam-alef ligature. */
  zeroWidthAlef: 0.05,
  /** Chars within this many points of the first char's size are of its size… */
  sameSize: 0.01,
  /** …and within this share of an em of its baseline on its baseline (beyond: a formula's numerator). */
  otherBaseline: 0.35,
  /** Sizes are tallied to the quarter point. */
  sizeSteps: 4,
  /** A typical descent: the baseline sits this far above a glyph quad's bottom. */
  descent: 0.22,
  /** Chars within this share of the line's size set its baseline. */
  lineSize: 0.15,
  /** A script is set at most at this share of the size it belongs to… */
  script: 0.8,
  /** …of the line, or of a letter set larger than the line by this factor (a displayed formula's). */
  largerBase: 1.1,
  /** Raised above the baseline by this share: a superscript; lowered by this one: a subscript. */
  raised: 0.2,
  lowered: 0.1,
  /** Four or more advances within 10 % of each other: one pitch (a monospaced face). */
  pitchMin: 4,
  pitch: 1.1,
} as const;

export const isAlef = (u: number): boolean => u === 0x622 || u === 0x623 || u === 0x625 || u === 0x627;
export const isBlank = (u: number): boolean => u === 32 || u === 0xa0 || u === 9;
export const isRtl = (u: number): boolean =>
  (u >= 0x590 && u <= 0x8ff) || (u >= 0xfb1d && u <= 0xfdff) || (u >= 0xfe70 && u <= 0xfeff);
/** Full-width CJK characters (Hangul Jamo, CJK marks and kana, ideographs, Hangul, full-width forms): the
 * same advance in every face, so they say nothing about monospacing. */
export const isWide = (u: number): boolean =>
  u >= 0x1100 &&
  (u <= 0x11ff ||
    (u >= 0x3000 && u <= 0x30ff) ||
    (u >= 0x3400 && u <= 0x4dbf) ||
    (u >= 0x4e00 && u <= 0x9fff) ||
    (u >= 0xac00 && u <= 0xd7af) ||
    (u >= 0xf900 && u <= 0xfaff) ||
    (u >= 0xff01 && u <= 0xff60));
export const isFigure = (u: number): boolean => (u >= 48 && u <= 57) || u === 46 || u === 44 || u === 37;

/** The key with the most chars among the first `n`; the first seen among equals. */
export function top<K>(keys: K[], counts: number[], n: number): K {
  let b = 0;
  for (let i = 1; i < n; i++) if (counts[i] > counts[b]) b = i;
  return keys[b];
}

/** Indices of chars set smaller than the line and raised above its baseline (note marks, exponents) or
 * lowered below it (subscripts). */
export function scripts(
  text: string,
  sizes: ArrayLike<number>,
  bottoms: ArrayLike<number>,
  size: number,
): { sup: number[]; sub: number[] } {
  // Baselines from the quads' bottoms, less a typical descent (a smaller glyph has a shorter one).
  const line = (i: number) => bottoms[i] - LINE.descent * sizes[i];
  const base: number[] = [];
  for (let i = 0; i < sizes.length; i++) if (Math.abs(sizes[i] - size) < LINE.lineSize * size) base.push(line(i));
  const sup: number[] = [],
    sub: number[] = [];
  if (!base.length) return { sup, sub };
  base.sort((a, b) => a - b);
  const baseline = base[Math.floor(base.length / 2)];
  // Against the line's size, or against the letter or digit the script belongs to (a formula set larger than
  // the prose: "aᵢ" at 15.6 pt and 9.3 pt in 11 pt text).
  let at = -1;
  for (let i = 0; i < sizes.length; i++) {
    if (Number.isNaN(sizes[i])) continue;
    let s = NaN,
      b = NaN;
    if (sizes[i] <= LINE.script * size) {
      s = size;
      b = baseline;
    } else if (at >= 0 && sizes[at] > LINE.largerBase * size && sizes[i] <= LINE.script * sizes[at]) {
      s = sizes[at];
      b = line(at);
    }
    if (line(i) < b - LINE.raised * s) sup.push(i);
    else if (line(i) > b + LINE.lowered * s) sub.push(i);
    else if (!(sizes[i] <= LINE.script * size) && /[\p{L}\p{N}]/u.test(text[i])) at = i;
  }
  return { sup, sub };
}

/** Four or more glyph advances (the first `n` of `adv`), all one width (within 10 %). */
export function evenPitch(adv: number[], n: number): boolean {
  if (n < LINE.pitchMin) return false;
  let lo = Infinity,
    hi = 0;
  for (let i = 0; i < n; i++) {
    const a = adv[i];
    if (a < lo) lo = a;
    if (a > hi) hi = a;
  }
  return lo > 0 && hi <= LINE.pitch * lo;
}

/** The spread of the baselines (bottoms `cy1[lead..end)`) of a line of mixed sizes. */
export function spread(cy1: ArrayLike<number>, lead: number, end: number): number {
  let lo = Infinity,
    hi = -Infinity;
  for (let i = lead; i < end; i++) {
    const b = cy1[i];
    if (b < lo) lo = b;
    if (b > hi) hi = b;
  }
  return hi - lo;
}
