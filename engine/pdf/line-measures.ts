// What a finished line's per-char records say about the line as a whole: its dominant size or font (`top`),
// the chars set as superscripts or subscripts (`scripts`), and whether its glyph advances share one pitch
// (`evenPitch`). LineBuilder.toLine calls each once per line, never per char.

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
  const line = (i: number) => bottoms[i] - 0.22 * sizes[i];
  const base: number[] = [];
  for (let i = 0; i < sizes.length; i++) if (Math.abs(sizes[i] - size) < 0.15 * size) base.push(line(i));
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
    if (sizes[i] <= 0.8 * size) {
      s = size;
      b = baseline;
    } else if (at >= 0 && sizes[at] > 1.1 * size && sizes[i] <= 0.8 * sizes[at]) {
      s = sizes[at];
      b = line(at);
    }
    if (line(i) < b - 0.2 * s) sup.push(i);
    else if (line(i) > b + 0.1 * s) sub.push(i);
    else if (!(sizes[i] <= 0.8 * size) && /[\p{L}\p{N}]/u.test(text[i])) at = i;
  }
  return { sup, sub };
}

/** Four or more glyph advances (the first `n` of `adv`), all one width (within 10 %). */
export function evenPitch(adv: number[], n: number): boolean {
  if (n < 4) return false;
  let lo = Infinity,
    hi = 0;
  for (let i = 0; i < n; i++) {
    const a = adv[i];
    if (a < lo) lo = a;
    if (a > hi) hi = a;
  }
  return lo > 0 && hi <= 1.1 * lo;
}
