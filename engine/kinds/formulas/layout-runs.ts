// Pieces formula-layout.ts lays out with: runs of glyphs on a row, a run as a line for latexOf, a glyph
// moved to a row of its own, and the test that a numerator or denominator sits centred on its bar.
import type { RawLine, Rect } from '../../raw.ts';
import { guessBig } from './formula-delimiters.ts';
import type { Glyph } from './glyphs.ts';
import { LAYOUT } from './thresholds.ts';

/** A numerator or denominator: centred on its bar, and not much wider than it. */
export function centred(gs: Glyph[], r: Rect): boolean {
  const x0 = Math.min(...gs.map((g) => g.x0)),
    x1 = Math.max(...gs.map((g) => g.x1)),
    w = r[2] - r[0];
  return (
    Math.abs((x0 + x1) / 2 - (r[0] + r[2]) / 2) < LAYOUT.centred * w + LAYOUT.centredPoints &&
    x1 - x0 < w + LAYOUT.widerPoints
  );
}

/** A glyph moved down to its own row (in a limit or script, its flags no longer say where it sits). */
export const flat = (g: Glyph): Glyph => ({ ...g, script: '' });

/** Runs of glyphs (sorted by x): split where another item (at `cuts`) comes between two; with no cuts
 * (null), glyphs of one line close to each other. */
export function runs(gs: Glyph[], cuts: number[] | null): Glyph[][] {
  const out: Glyph[][] = [];
  for (const g of gs) {
    const last = out[out.length - 1],
      prev = last?.[last.length - 1];
    const joins =
      prev &&
      (cuts
        ? !cuts.some((c) => c > prev.x0 && c <= g.x0)
        : prev.line === g.line && g.x0 - prev.x1 < LAYOUT.runGap * g.size);
    if (joins) last.push(g);
    else out.push([g]);
  }
  return out;
}

/** A run of glyphs as a line for latexOf (its raised / lowered chars as scripts). */
export function lineOf(gs: Glyph[]): RawLine {
  const text = gs.map((g) => guessBig(g)).join('');
  const idx = (s: Glyph['script']) => gs.flatMap((g, i) => (g.script === s ? [i] : []));
  return {
    text,
    cx0: gs.map((g) => g.x0),
    cx1: gs.map((g) => g.x1),
    bbox: [gs[0].x0, gs[0].y0, gs[gs.length - 1].x1, gs[0].y1],
    size: gs[0].size,
    bold: 0,
    italic: 0,
    mono: 0,
    font: '',
    rotated: false,
    rtl: false,
    sup: idx('^'),
    sub: idx('_'),
  };
}
