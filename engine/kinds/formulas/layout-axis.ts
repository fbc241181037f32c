// The main row of a display formula laid out from its lines (formula-layout.ts): the line on the formula's
// axis, its glyph size and vertical extent, and which glyphs sit on that axis (the rest are limits and
// scripts); also the operator and brace glyphs the layout treats apart.
import { guessBig } from './formula-delimiters.ts';
import { cy, type Glyph } from './glyphs.ts';
import { LAYOUT } from './thresholds.ts';

/** Operators that take limits over and under them in display style; `lim`-like words do too. */
export const BIG = /[∑∏∐⋃⋂⋁⋀⨁⨂]/;
export const INTEGRAL = /[∫∮∬∭∯∰∱∲∳]/;
export const LIMIT_WORD = /lim|max|min|sup|inf/g;
const RELATION = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒]/;
/** Horizontal braces under / over part of a formula (\underbrace, \overbrace), their label beyond them. */
export const UNDER = /[⏟︸]/,
  OVER = /[⏞︷]/;

/** The main row of the glyphs `gs` (not empty): its size, top and bottom, and which glyphs are on its axis
 * (a big operator's or a brace's glyph neither makes the row nor gives its size). */
export function mainRow(gs: Glyph[]): {
  size: number;
  ay0: number;
  ay1: number;
  onAxis: (g: Glyph) => boolean;
} {
  // Main row: the line with most full-size glyphs (size counted twice, relations thrice), and every line on its axis.
  const score = new Map<number, number>();
  // (A big operator's glyph is set larger than the formula: it neither makes the row nor gives its size.)
  const op = (g: Glyph) => BIG.test(guessBig(g)) || INTEGRAL.test(g.ch) || UNDER.test(g.ch) || OVER.test(g.ch);
  // (Limits are set smaller: only glyphs near the largest letter or digit count; tall delimiters and braces grow.)
  const top = Math.max(0, ...gs.filter((g) => !g.script && !op(g) && /[\p{L}\p{N}]/u.test(g.ch)).map((g) => g.size));
  for (const g of gs)
    if (!g.script && !op(g) && g.size >= LAYOUT.fullSize * top)
      score.set(g.line, (score.get(g.line) ?? 0) + g.size * g.size * (RELATION.test(g.ch) ? 3 : 1));
  const mainLine = [...score.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? gs[0].line;
  const ml = gs.filter((g) => g.line === mainLine && !op(g)).length
    ? gs.filter((g) => g.line === mainLine && !op(g))
    : gs.filter((g) => g.line === mainLine);
  const size = Math.max(...ml.map((g) => g.size)),
    ay0 = Math.min(...ml.map((g) => g.y0)),
    ay1 = Math.max(...ml.map((g) => g.y1));
  // Big operators' glyphs hang below the line their font size gives: on the axis when they touch it.
  // A relation whose line runs through the axis's centre is on it whatever its line's size says (a line
  // cut from a script and a big operator takes the script's size); limits' lines lie above or below it
  // (so does a full-size delimiter that overlaps it: a tall one's glyph hangs low, never a limit or script;
  // and a glyph standing on the main baseline: scripts and limits sit off it, whatever size their line says).
  const onAxis = (g: Glyph) =>
    (g.size >= LAYOUT.axisSize * size && cy(g) > ay0 && cy(g) < ay1) ||
    (!g.script && op(g) && g.y1 > ay0 - LAYOUT.opReach * size && g.y0 < ay1 + LAYOUT.opReach * size) ||
    (!g.script && RELATION.test(g.ch) && g.y0 < (ay0 + ay1) / 2 && g.y1 > (ay0 + ay1) / 2) ||
    (!g.script && /[()[\]{}|]/.test(g.ch) && g.size >= LAYOUT.axisSize * size && g.y0 < ay1 && g.y1 > ay0) ||
    (!g.script && Math.abs(g.y1 - ay1) < LAYOUT.baseline * size && g.y1 - g.y0 > LAYOUT.baselineTall * size);
  return { size, ay0, ay1, onAxis };
}
