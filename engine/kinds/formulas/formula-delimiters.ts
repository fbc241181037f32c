// Delimiters and big glyphs of a display formula set on several text lines: unmapped glyphs of TeX's
// extension font read as ∑ / ∏ by width, as parentheses in pairs, as a radical before its overline; glyphs
// in rows between a pair of big delimiters become a matrix (\begin{pmatrix}; bmatrix, Bmatrix, vmatrix by
// the delimiter), cells from the gaps that run through every row; one column of two in parentheses is a
// binomial coefficient (\binom).
import type { Rect } from '../../raw.ts';
import { cx, cy, type Glyph, type Item } from './glyphs.ts';
import { LAYOUT } from './thresholds.ts';

/** Lays out a cell's glyphs as LaTeX (formula-layout.ts layoutTex, passed in: it calls matrices() itself). */
type Layout = (glyphs: Glyph[], rules: Rect[], names: boolean) => string;

/** A glyph a font without a Unicode map reports as U+FFFD (TeX's math extension font): a big operator
 * guessed from its width (∑ is about 1.44 em wide in display size, ∏ 1.28 em; narrower ones, delimiters
 * and integrals alike, cannot be told apart and are dropped). */
export function guessBig(g: Glyph): string {
  if (g.ch !== '\ufffd') return g.ch;
  const r = (g.x1 - g.x0) / g.size;
  return r >= LAYOUT.sumWidth ? '∑' : r >= LAYOUT.prodWidth ? '∏' : g.ch;
}

/** A radical sign (√, or an unmapped glyph of TeX's extension font for a tall root) starting the overline `r`. */
export const rootOf = (g: Glyph, r: Rect, size: number) =>
  (g.ch === '√' || (g.ch === '\ufffd' && guessBig(g) === g.ch)) &&
  Math.abs(g.x1 - r[0]) < LAYOUT.rootReach * g.size &&
  g.y0 < (r[1] + r[3]) / 2 + LAYOUT.rootLevel * size &&
  g.y1 > (r[1] + r[3]) / 2 - LAYOUT.rootLevel * size;

/** Unmapped narrow glyphs of TeX's extension font: two on one row are big delimiters (parentheses), a
 * lone one followed by more formula an integral; a radical (before an overline) stays for rootOf; the
 * rest, which cannot be read, go. */
export function delimiters(gs: Glyph[], rules: Rect[]): Glyph[] {
  const odd = gs.filter(
    (g) => g.ch === '\ufffd' && guessBig(g) === '\ufffd' && !rules.some((r) => rootOf(g, r, g.size)),
  );
  if (!odd.length) return gs;
  const row = (a: Glyph, b: Glyph) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0;
  const named = new Map<Glyph, string>();
  for (const g of odd) {
    if (named.has(g)) continue;
    const mate = odd.find(
      (o) => o !== g && !named.has(o) && o.x0 > g.x1 && row(g, o) && gs.some((x) => x.x0 >= g.x1 && x.x1 <= o.x0),
    );
    if (mate) {
      named.set(g, '(');
      named.set(mate, ')');
    } else named.set(g, gs.some((x) => x.x0 >= g.x1 - 1 && x !== g) ? '∫' : '');
  }
  return gs.flatMap((g) => (named.has(g) ? (named.get(g) ? [{ ...g, ch: named.get(g)! }] : []) : [g]));
}

const MATRIX: Record<string, [string, string]> = {
  '(': [')', 'pmatrix'],
  '[': [']', 'bmatrix'],
  '{': ['}', 'Bmatrix'],
  '|': ['|', 'vmatrix'],
};

/** Delimiters around rows of full-size glyphs (two or more, no rule among them) make a matrix: rows where
 * the glyphs step down by half an em, columns where a gap of over half an em runs through every row. */
export function matrices(gs: Glyph[], rules: Rect[], size: number, names: boolean, layoutTex: Layout): Item[] {
  const out: Item[] = [],
    taken = new Set<Glyph>();
  for (const open of gs.filter((g) => MATRIX[g.ch] && !g.script)) {
    if (taken.has(open)) continue;
    const close = gs
      .filter((g) => g.ch === MATRIX[open.ch][0] && g !== open && g.x0 >= open.x1 && !taken.has(g))
      .sort((a, b) => a.x0 - b.x0)[0];
    if (!close || rules.some((r) => r[2] > open.x1 && r[0] < close.x0)) continue;
    const inner = gs
      .filter((g) => g !== open && g !== close && cx(g) > open.x1 && cx(g) < close.x0)
      .sort((a, b) => cy(a) - cy(b));
    // Rows from glyphs whose boxes say where they sit; one on a line box across rows (with the closing
    // delimiter) goes to the row that has nothing at its place, else to the nearest.
    const rows: Glyph[][] = [],
      vague = (g: Glyph) => g.y1 - g.y0 > LAYOUT.vague * g.size;
    for (const g of inner.filter((x) => !vague(x)))
      if (rows.length && cy(g) - cy(rows[rows.length - 1].at(-1)!) < LAYOUT.matrixRow * size)
        rows[rows.length - 1].push(g);
      else rows.push([g]);
    if (rows.length < 2 || !rows.every((r) => r.some((g) => g.size >= LAYOUT.matrixFull * size && !g.script))) continue;
    for (const g of inner.filter(vague)) {
      const free = rows.filter((r) => !r.some((o) => o.x0 < g.x1 && o.x1 > g.x0));
      const dist = (r: Glyph[]) => Math.abs(cy(r[0]) - cy(g));
      (free.length === 1 ? free[0] : rows.reduce((a, r) => (dist(r) < dist(a) ? r : a))).push(g);
    }
    for (const r of rows) r.sort((a, b) => a.x0 - b.x0);
    // Column gaps: stretches of x no glyph covers, over half an em wide.
    const spans = inner.map((g) => [g.x0, g.x1]).sort((a, b) => a[0] - b[0]),
      cuts: number[] = [];
    let end = spans[0][1];
    for (const [x0, x1] of spans) {
      if (x0 - end > LAYOUT.matrixColumn * size) cuts.push((x0 + end) / 2);
      end = Math.max(end, x1);
    }
    const cell = (r: Glyph[], k: number) =>
      r.filter((g) => (k ? cx(g) > cuts[k - 1] : true) && (k < cuts.length ? cx(g) < cuts[k] : true));
    const tex = rows
      .map((r) =>
        cuts
          .concat(Infinity)
          .map((_, k) => layoutTex(cell(r, k), [], names))
          .join(' & '),
      )
      .join(' \\\\ ');
    for (const g of [open, close, ...inner]) taken.add(g);
    // (One column of two in parentheses is a binomial coefficient.)
    const env = MATRIX[open.ch][1],
      binom = env === 'pmatrix' && rows.length === 2 && !cuts.length;
    out.push({
      x: open.x0,
      tex: binom ? `\\binom{${tex.replace(' \\\\ ', '}{')}}` : `\\begin{${env}} ${tex} \\end{${env}}`,
      glyphs: [open, close, ...inner],
    });
  }
  return out;
}
