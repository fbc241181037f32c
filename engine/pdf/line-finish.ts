// A finished line from the chars LineBuilder collected: its text (accents set on their letters, blanks
// trimmed), per-char x extents, box, dominant size and font, bold/italic/mono/RTL shares, and the chars set
// as scripts. Runs once per line, never per char.
import type { RawLine } from '../raw.ts';
import { composeAccents } from './accents.ts';
import { evenPitch, LINE, scripts, spread, top } from './line-measures.ts';

/** What LineBuilder keeps of a line's chars (its fields; see there). */
export interface LineChars {
  u: Uint16Array;
  cx0: number[];
  cx1: number[];
  csz: Float64Array;
  cy1: Float64Array;
  len: number;
  mixed: boolean;
  y0: number;
  y1: number;
  sizeKeys: number[];
  sizeN: number[];
  nSizes: number;
  fontKeys: string[];
  fontN: number[];
  nFonts: number;
  n: number;
  bold: number;
  italic: number;
  mono: number;
  monoOf: number;
  flagged: number;
  adv: number[];
  nAdv: number;
  rtl: number;
  accents: boolean;
  rotated: boolean;
}

const NONE: { sup: number[]; sub: number[] } = { sup: [], sub: [] };
/** UTF-16 units turned into a string this many at a time (a call's argument count stays small). */
const CHUNK = 4096;

/** The RawLine of the chars `s` holds, or null when they hold no text. */
export function finishLine(s: LineChars): RawLine | null {
  if (!s.n) return null;
  if (s.accents) s.len = composeAccents(s.u, s.cx0, s.cx1, s.csz, s.cy1, s.len);
  let all = '';
  for (let i = 0; i < s.len; i += CHUNK)
    all += String.fromCharCode.apply(null, s.u.subarray(i, Math.min(s.len, i + CHUNK)) as unknown as number[]);
  const text = all.replace(/\s+$/, '');
  if (!text.trim()) return null;
  const lead = text.length - text.trimStart().length,
    end = text.length;
  const cx0 = s.cx0.slice(lead, end),
    cx1 = s.cx1.slice(lead, end);
  let l = Infinity,
    r = -Infinity;
  for (let i = 0; i < cx0.length; i++) {
    l = Math.min(l, cx0[i]);
    r = Math.max(r, cx1[i]);
  }
  const size = top(s.sizeKeys, s.sizeN, s.nSizes);
  const { sup, sub } = s.mixed
    ? scripts(text.slice(lead), s.csz.subarray(lead, end), s.cy1.subarray(lead, end), size)
    : NONE;
  const line: RawLine = {
    text: text.slice(lead),
    cx0,
    cx1,
    bbox: [l, s.y0, r, s.y1],
    size,
    font: top(s.fontKeys, s.fontN, s.nFonts),
    bold: s.bold / s.n,
    italic: s.italic / s.n,
    mono: s.monoOf ? (s.mono + (evenPitch(s.adv, s.nAdv) ? s.flagged : 0)) / s.monoOf : 0,
    rotated: s.rotated,
    rtl: s.rtl > s.n / 2,
  };
  if (sup.length && !s.rotated) line.sup = sup;
  if (sub.length && !s.rotated) line.sub = sub;
  if (s.mixed && !s.rotated && spread(s.cy1, lead, end) > LINE.otherBaseline * size)
    line.cy1 = Array.from(s.cy1.subarray(lead, end));
  return line;
}
