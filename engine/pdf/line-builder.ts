// Builds one RawLine from the chars mupdf reports: text with per-char x extents, dominant size/font,
// bold/italic/mono/RTL shares; repairs lam-alef ligatures that come out in visual order. One builder
// serves a whole page (`reset` per line): chars go into reused buffers and read their quad in place
// (no number boxed per char), so only the finished line's own arrays and string are allocated.
import { ACCENTS } from './accents.ts';
import type { RawLine } from '../raw.ts';
import { isAlef, isBlank, isFigure, isRtl, isWide, LINE } from './line-measures.ts';
import { finishLine, type LineChars } from './line-finish.ts';

/** `mono`: the face is flagged or measured monospaced; `monoSure`: its name says so too; `wide`: it has set
 * full-width CJK characters on this page (such faces are flagged, and measure, fixed-pitch). */
export interface FontInfo {
  name: string;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  monoSure?: boolean;
  wide?: boolean;
}

const grow = <T extends Float64Array | Uint16Array>(a: T, n: number): T => {
  if (n < a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
};

export class LineBuilder implements LineChars {
  /** UTF-16 units of the text so far (`len` of them) and per char: left/right edge (plain arrays, never
   * shortened: a line's are sliced from them), size and bottom. */
  u = new Uint16Array(256);
  cx0: number[] = [];
  cx1: number[] = [];
  /** Size and bottom edge per char (blanks: NaN), for scripts. Until a char of another size than the
   * first one shows up (`mixed`), every non-blank char is recorded with the first one's size and bottom. */
  csz = new Float64Array(256);
  cy1 = new Float64Array(256);
  len = 0;
  mixed = false;
  firstSize = NaN;
  firstBottom = NaN;
  y0 = Infinity;
  y1 = -Infinity;
  /** Distinct rounded sizes and font names with their char counts, in first-seen order (the first
   * `nSizes` / `nFonts` entries: the arrays are reused, never shortened). */
  sizeKeys: number[] = [];
  sizeN: number[] = [];
  nSizes = 0;
  fontKeys: string[] = [];
  fontN: number[] = [];
  nFonts = 0;
  bold = 0;
  italic = 0;
  mono = 0;
  /** Chars that count for `mono` (not full-width CJK); chars of CJK faces flagged monospaced (for their
   * proportional Latin too), and the advances (ems) of those that are no figures (`nAdv` of them): they
   * count as monospaced when four or more are one width. */
  monoOf = 0;
  flagged = 0;
  adv: number[] = [];
  nAdv = 0;
  rtl = 0;
  /** A spacing accent (see ACCENTS) was added: `toLine` tries to set it on its letter. */
  accents = false;
  /** Non-blank chars so far. */
  n = 0;
  /** Right edge of the last char that is not a space. */
  right = -Infinity;
  rotated = false;
  /** Subtracted from the quads given with `shift` (the page's origin). */
  ox = 0;
  oy = 0;

  reset(rotated: boolean): void {
    this.rotated = rotated;
    this.len = this.n = this.bold = this.italic = this.mono = this.rtl = this.monoOf = this.flagged = this.nAdv = 0;
    this.mixed = this.accents = false;
    this.firstSize = this.firstBottom = NaN;
    this.y0 = Infinity;
    this.y1 = this.right = -Infinity;
    this.nSizes = this.nFonts = 0;
  }

  /** The left edge of a char's quad (corners ul, ur, ll, lr as 8 numbers; less the origin if `shift`). */
  left(q: ArrayLike<number>, shift: boolean): number {
    const ox = shift ? this.ox : 0;
    return Math.min(q[0] - ox, q[4] - ox);
  }

  /** One char (one UTF-16 unit, as mupdf reports) with its quad (see left). */
  add(c: string, q: ArrayLike<number>, shift: boolean, size: number, f: FontInfo): void {
    const ox = shift ? this.ox : 0,
      oy = shift ? this.oy : 0;
    const x0 = Math.min(q[0] - ox, q[4] - ox),
      x1 = Math.max(q[2] - ox, q[6] - ox);
    const top = Math.min(q[1] - oy, q[3] - oy),
      bottom = Math.max(q[5] - oy, q[7] - oy);
    const code = c.charCodeAt(0),
      k = this.len - 1;
    if (this.len + c.length + 1 >= this.u.length) this.ensure(this.len + c.length + 1);
    const u = this.u,
      cx0 = this.cx0,
      cx1 = this.cx1,
      csz = this.csz,
      cy1 = this.cy1;
    if (code === 0x644 && c.length === 1 && k >= 0 && isAlef(u[k]) && cx1[k] - cx0[k] < LINE.zeroWidthAlef) {
      // A lam-alef ligature mapped to "alef, lam" with a zero-width alef: restore the logical "lam, alef".
      u[k + 1] = u[k];
      u[k] = code;
      cx0[k] = cx0[k + 1] = x0;
      cx1[k] = cx1[k + 1] = x1;
      csz[k + 1] = csz[k];
      csz[k] = this.mixed ? size : this.firstSize;
      cy1[k + 1] = cy1[k];
      cy1[k] = this.mixed ? bottom : this.firstBottom;
      this.len++;
    } else {
      const i = this.len;
      for (let j = 0; j < c.length; j++) u[i + j] = c.charCodeAt(j);
      this.len += c.length;
      cx0[i] = x0;
      cx1[i] = x1;
      if (isBlank(code) && c.length === 1) {
        csz[i] = cy1[i] = NaN;
      } else {
        if (Number.isNaN(this.firstSize)) {
          this.firstSize = size;
          this.firstBottom = bottom;
        }
        // (Same size on another baseline, beyond a third of an em: a formula's numerator and denominator.)
        else if (
          !this.mixed &&
          !(
            Math.abs(size - this.firstSize) < LINE.sameSize &&
            Math.abs(bottom - this.firstBottom) < LINE.otherBaseline * size
          )
        )
          this.mixed = true;
        csz[i] = this.mixed ? size : this.firstSize;
        cy1[i] = this.mixed ? bottom : this.firstBottom;
      }
    }
    if (c !== ' ') this.right = x1;
    if (c === ' ' || c === '\u00a0' || c === '\t') return;
    this.y0 = Math.min(this.y0, top);
    this.y1 = Math.max(this.y1, bottom);
    // Counted in place (a Map per line, or a shared counting helper, boxed every size).
    let sk = Math.round(size * LINE.sizeSteps) / LINE.sizeSteps;
    if (sk === 0) sk = 0; // a Map key: -0 counts as 0
    const sKeys = this.sizeKeys,
      ns = this.nSizes;
    let si = 0;
    while (si < ns && sKeys[si] !== sk && !(Number.isNaN(sk) && Number.isNaN(sKeys[si]))) si++;
    if (si === ns) {
      sKeys[si] = sk;
      this.sizeN[si] = 0;
      this.nSizes++;
    }
    this.sizeN[si]++;
    const fKeys = this.fontKeys,
      nf = this.nFonts,
      name = f.name;
    let fi = 0;
    while (fi < nf && fKeys[fi] !== name) fi++;
    if (fi === nf) {
      fKeys[fi] = name;
      this.fontN[fi] = 0;
      this.nFonts++;
    }
    this.fontN[fi]++;
    this.n++;
    if (f.bold) this.bold++;
    if (f.italic) this.italic++;
    if (isWide(code)) {
      if (f.mono) f.wide = true;
    } else {
      this.monoOf++;
      if (f.mono && (f.monoSure || !f.wide)) this.mono++;
      else if (f.mono) {
        this.flagged++;
        if (!isFigure(code)) this.adv[this.nAdv++] = (x1 - x0) / size;
      }
    }
    if (isRtl(code)) this.rtl++;
    if (code < 0x2de && ACCENTS[code]) this.accents = true;
  }

  private ensure(n: number): void {
    while (this.u.length <= n) {
      this.u = grow(this.u, this.u.length);
      this.csz = grow(this.csz, this.csz.length);
      this.cy1 = grow(this.cy1, this.cy1.length);
    }
  }

  /** The line of the chars added since `reset`, or null when it has no text. */
  toLine(): RawLine | null {
    return finishLine(this);
  }
}
