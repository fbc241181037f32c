// Builds one RawLine from the chars mupdf reports: text with per-char x extents, dominant size/font,
// bold/italic/mono/RTL shares; repairs lam-alef ligatures that come out in visual order.
import type { RawLine } from './raw.ts';

export type Quad = [number, number, number, number, number, number, number, number];
export interface FontInfo { name: string; bold: boolean; italic: boolean; mono: boolean }

const ALEFS = '\u0622\u0623\u0625\u0627';
const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

export class LineBuilder {
  text = '';
  cx0: number[] = [];
  cx1: number[] = [];
  y0 = Infinity;
  y1 = -Infinity;
  sizes = new Map<number, number>();
  fonts = new Map<string, number>();
  bold = 0;
  italic = 0;
  mono = 0;
  rtl = 0;
  n = 0;
  /** Size and bottom edge of every char (spaces: NaN), to find scripts; kept only once a char of another
   * size than the first one shows up (most lines have one size: no arrays, no garbage). */
  csz: number[] | null = null;
  cy1: number[] | null = null;
  firstSize = NaN;
  firstBottom = NaN;
  rotated: boolean;
  constructor(rotated: boolean) {
    this.rotated = rotated;
  }
  add(c: string, q: Quad, size: number, f: FontInfo): void {
    const x0 = Math.min(q[0], q[4]), x1 = Math.max(q[2], q[6]);
    const k = this.text.length - 1;
    if (c === '\u0644' && k >= 0 && ALEFS.includes(this.text[k]) && this.cx1[k] - this.cx0[k] < 0.05) {
      // A lam-alef ligature mapped to "alef, lam" with a zero-width alef: restore the logical "lam, alef".
      this.text = this.text.slice(0, k) + c + this.text[k];
      this.cx0.splice(k, 1, x0, x0);
      this.cx1.splice(k, 1, x1, x1);
      this.csz?.splice(k, 1, size, this.csz[k]);
      this.cy1?.splice(k, 1, Math.max(q[5], q[7]), this.cy1[k]);
    } else {
      this.text += c;
      this.cx0.push(x0);
      this.cx1.push(x1);
      this.track(c === ' ' || c === '\u00a0' || c === '\t', size, Math.max(q[5], q[7]));
    }
    if (c === ' ' || c === '\u00a0' || c === '\t') return;
    this.y0 = Math.min(this.y0, q[1], q[3]);
    this.y1 = Math.max(this.y1, q[5], q[7]);
    const sk = Math.round(size * 4) / 4;
    this.sizes.set(sk, (this.sizes.get(sk) ?? 0) + 1);
    this.fonts.set(f.name, (this.fonts.get(f.name) ?? 0) + 1);
    this.n++;
    if (f.bold) this.bold++;
    if (f.italic) this.italic++;
    if (f.mono) this.mono++;
    if (RTL_CHAR.test(c)) this.rtl++;
  }
  /** Records the size and bottom of the char just appended (see csz). */
  private track(blank: boolean, size: number, bottom: number): void {
    if (!this.csz) {
      if (blank) return;
      if (Number.isNaN(this.firstSize)) { this.firstSize = size; this.firstBottom = bottom; return; }
      // (Same size on another baseline, beyond a third of an em: a formula's numerator and denominator.)
      if (Math.abs(size - this.firstSize) < 0.01 && Math.abs(bottom - this.firstBottom) < 0.35 * size) return;
      const n = this.text.length - 1;
      this.csz = new Array<number>(n);
      this.cy1 = new Array<number>(n);
      for (let i = 0; i < n; i++) {
        const sp = this.text[i] === ' ' || this.text[i] === '\u00a0' || this.text[i] === '\t';
        this.csz[i] = sp ? NaN : this.firstSize;
        this.cy1[i] = sp ? NaN : this.firstBottom;
      }
    }
    this.csz.push(blank ? NaN : size);
    this.cy1!.push(blank ? NaN : bottom);
  }
  lastRight(): number {
    for (let i = this.text.length - 1; i >= 0; i--) if (this.text[i] !== ' ') return this.cx1[i];
    return -Infinity;
  }
  toLine(): RawLine | null {
    const text = this.text.replace(/\s+$/, '');
    if (!this.n || !text.trim()) return null;
    const lead = text.length - text.trimStart().length;
    const top = (m: Map<string | number, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const cx0 = this.cx0.slice(lead, text.length), cx1 = this.cx1.slice(lead, text.length);
    const { sup, sub } = this.csz ? scripts(text.slice(lead), this.csz.slice(lead, text.length), this.cy1!.slice(lead, text.length), top(this.sizes) as number) : { sup: [], sub: [] };
    const bottoms = this.cy1?.slice(lead, text.length), bs = bottoms?.filter((b) => !Number.isNaN(b)) ?? [];
    const stacked = bs.length > 1 && Math.max(...bs) - Math.min(...bs) > 0.35 * (top(this.sizes) as number);
    return {
      text: text.slice(lead), cx0, cx1,
      bbox: [Math.min(...cx0), this.y0, Math.max(...cx1), this.y1],
      size: top(this.sizes) as number, font: top(this.fonts) as string,
      bold: this.bold / this.n, italic: this.italic / this.n, mono: this.mono / this.n, rotated: this.rotated, rtl: this.rtl > this.n / 2,
      ...(sup.length && !this.rotated ? { sup } : {}), ...(sub.length && !this.rotated ? { sub } : {}),
      ...(stacked && !this.rotated ? { cy1: bottoms } : {}),
    };
  }
}

/** Indices of chars set smaller than the line and raised above its baseline (note marks, exponents) or
 * lowered below it (subscripts). */
function scripts(text: string, sizes: number[], bottoms: number[], size: number): { sup: number[]; sub: number[] } {
  // Baselines from the quads' bottoms, less a typical descent (a smaller glyph has a shorter one).
  const line = (i: number) => bottoms[i] - 0.22 * sizes[i];
  const base: number[] = [];
  for (let i = 0; i < sizes.length; i++) if (Math.abs(sizes[i] - size) < 0.15 * size) base.push(line(i));
  const sup: number[] = [], sub: number[] = [];
  if (!base.length) return { sup, sub };
  base.sort((a, b) => a - b);
  const baseline = base[Math.floor(base.length / 2)];
  // Against the line's size, or against the letter or digit the script belongs to (a formula set larger than
  // the prose: "aᵢ" at 15.6 pt and 9.3 pt in 11 pt text).
  let at = -1;
  for (let i = 0; i < sizes.length; i++) {
    if (Number.isNaN(sizes[i])) continue;
    const [s, b] = sizes[i] <= 0.8 * size ? [size, baseline] : at >= 0 && sizes[at] > 1.1 * size && sizes[i] <= 0.8 * sizes[at] ? [sizes[at], line(at)] : [NaN, NaN];
    if (line(i) < b - 0.2 * s) sup.push(i);
    else if (line(i) > b + 0.1 * s) sub.push(i);
    else if (!(sizes[i] <= 0.8 * size) && /[\p{L}\p{N}]/u.test(text[i])) at = i;
  }
  return { sup, sub };
}
