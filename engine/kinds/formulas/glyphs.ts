// The glyphs of a display formula set on several text lines, as the formula layout reads them: each char with
// its box, size, line and whether that line raised or lowered it; their centres; the laid-out items of a row.
import { LAYOUT } from './thresholds.ts';

export interface Glyph {
  ch: string;
  x0: number;
  x1: number;
  /** The vertical extent of the glyph's line. */
  y0: number;
  y1: number;
  size: number;
  /** Which text line it came from, and whether that line set it raised or lowered. */
  line: number;
  script: '' | '^' | '_';
}

export const cx = (g: Glyph) => (g.x0 + g.x1) / 2;
/** Vertical centre, the raised / lowered chars of a line taken in its upper / lower part. */
export const cy = (g: Glyph) =>
  g.script === '^'
    ? g.y0 + LAYOUT.scriptCentre * (g.y1 - g.y0)
    : g.script === '_'
      ? g.y1 - LAYOUT.scriptCentre * (g.y1 - g.y0)
      : (g.y0 + g.y1) / 2;

export interface Item {
  x: number;
  tex: string;
  attach?: boolean;
  glyphs?: Glyph[];
}
