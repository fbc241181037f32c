// The lines of a multi-line display formula (fractions.ts): which lines may be math, their glyphs, and
// which touch (one formula) or stack as separate formulas on separate rows.
import type { RawBlock, RawLine, Rect } from '../../raw.ts';
import { EQUATION_TAG } from './formulas.ts';
import type { Glyph } from './glyphs.ts';
import { FRACTIONS } from './thresholds.ts';

/** Function names a formula may hold among its letters (glued to a variable: "ancos"); any other word
 * of four letters makes prose. */
const FUNCTION = /arc(sin|cos|tan)|(sin|cos|tan)h?|lim|max|min|sup|inf|log|exp|det|arg/g;

export interface At {
  b: RawBlock;
  l: RawLine;
  k: number;
}

/** A line that may be part of a formula: short, no run of words, no CJK, not an equation number. */
export function mathish(l: RawLine): boolean {
  const t = l.text.trim();
  if (
    !t ||
    t.length > FRACTIONS.maxChars ||
    l.rotated ||
    l.latex ||
    /\p{Lo}/u.test(t) ||
    EQUATION_TAG.test(t) ||
    /^\[\d+\]$/.test(t)
  )
    return false;
  return !/\p{L}{4,}/u.test(t.replace(FUNCTION, ' '));
}

/** The glyphs of a line (spaces dropped), raised/lowered ones marked and set smaller. */
export function glyphs(l: RawLine, line: number): Glyph[] {
  const sup = new Set(l.sup ?? []),
    sub = new Set(l.sub ?? []),
    out: Glyph[] = [];
  for (let i = 0; i < l.text.length; i++) {
    if (/\s/.test(l.text[i])) continue;
    const script = sup.has(i) ? '^' : sub.has(i) ? '_' : '',
      size = script ? FRACTIONS.scriptSize * l.size : l.size;
    // A line whose chars sit on several baselines (a numerator and a denominator read as one): each its own row.
    // (A radical or an unmapped extension glyph reaches up to its overline: it keeps the line's top.)
    const own = l.cy1 && !Number.isNaN(l.cy1[i]),
      tall = /[√\ufffd]/.test(l.text[i]);
    const y0 = own && !tall ? l.cy1![i] - size : l.bbox[1],
      y1 = own ? l.cy1![i] : l.bbox[3];
    out.push({ ch: l.text[i], x0: l.cx0[i], x1: l.cx1[i], y0, y1, size, line, script });
  }
  return out;
}

/** Lines that touch (vertical gap under 0.6 em, overlapping columns or side by side on a row) form a
 * group; a rule joins the lines just over and under it and those beside it on its row (a fraction bar
 * between "s =" and what follows). */
export function groupLines(cands: At[], rules: Rect[]): At[][] {
  const par = [...cands, ...rules].map((_, i) => i);
  const find = (i: number): number => (par[i] === i ? i : (par[i] = find(par[i])));
  const join = (i: number, j: number) => {
    par[find(j)] = find(i);
  };
  for (let i = 0; i < cands.length; i++) {
    const a = cands[i].l;
    for (let j = i + 1; j < cands.length; j++) {
      const c = cands[j].l,
        em = Math.max(a.size, c.size);
      // Side by side on one row (a formula cut at a big operator) they may be an em apart.
      const gapY = Math.max(a.bbox[1], c.bbox[1]) - Math.min(a.bbox[3], c.bbox[3]),
        reach = gapY < FRACTIONS.rowOverlap * em ? 1 : FRACTIONS.reach;
      if (a.bbox[0] > c.bbox[2] + reach * em || c.bbox[0] > a.bbox[2] + reach * em) continue;
      if (gapY < FRACTIONS.touch * em) join(i, j);
    }
    rules.forEach((r, k) => {
      const ry = (r[1] + r[3]) / 2,
        em = a.size;
      const across =
        Math.min(a.bbox[2], r[2]) - Math.max(a.bbox[0], r[0]) >
        FRACTIONS.across * Math.min(a.bbox[2] - a.bbox[0], r[2] - r[0]);
      const onRow = ry > a.bbox[1] && ry < a.bbox[3] && Math.max(r[0] - a.bbox[2], a.bbox[0] - r[2]) < em;
      if ((across && Math.max(a.bbox[1] - ry, ry - a.bbox[3]) < FRACTIONS.acrossGap * em) || onRow)
        join(i, cands.length + k);
    });
  }
  const groups = new Map<number, At[]>();
  cands.forEach((c, i) => {
    groups.set(find(i), [...(groups.get(find(i)) ?? []), c]);
  });
  return [...groups.values()];
}

/** Formulas stacked one under another (an aligned system, a list of operators) touch through their
 * limits: rows of full-size lines that do not overlap, with no bar between them, are formulas of their
 * own; each smaller line (a limit, a script) goes with the row nearest to it. */
export function splitRows(g: At[], rules: Rect[]): At[][] {
  if (g.length < 3) return [g];
  const big =
    Math.max(...g.filter((a) => a.l.text.replace(/\s/g, '').length > 1).map((a) => a.l.size), 0) ||
    Math.max(...g.map((a) => a.l.size));
  const full = g.filter((a) => a.l.size >= FRACTIONS.small * big).sort((a, b) => a.l.bbox[1] - b.l.bbox[1]);
  const rows: [number, number][] = [];
  for (const a of full) {
    const r = rows[rows.length - 1];
    const bar =
      r && rules.some((q) => q[1] >= r[1] - 1 && q[3] <= a.l.bbox[1] + 1 && q[0] < a.l.bbox[2] && q[2] > a.l.bbox[0]);
    if (r && (a.l.bbox[1] < r[1] || bar)) r[1] = Math.max(r[1], a.l.bbox[3]);
    else rows.push([a.l.bbox[1], a.l.bbox[3]]);
  }
  if (rows.length < 2) return [g];
  // Nearest by the rows' edges: a limit hugs its own operator's row.
  const dist = (a: At, r: [number, number]) => Math.max(0, r[0] - a.l.bbox[3], a.l.bbox[1] - r[1]);
  const near = (a: At) => rows.reduce((best, r, i) => (dist(a, r) < dist(a, rows[best]) ? i : best), 0);
  const out: At[][] = rows.map(() => []);
  for (const a of g) out[near(a)].push(a);
  return out.filter((r) => r.length);
}

/** `p` runs on the row of `l` (overlapping a third of the lower one), left or right of it within an em and a half. */
export function beside(l: RawLine, p: RawLine): boolean {
  const over = Math.min(l.bbox[3], p.bbox[3]) - Math.max(l.bbox[1], p.bbox[1]),
    em = Math.max(l.size, p.size);
  const gap = Math.max(p.bbox[0] - l.bbox[2], l.bbox[0] - p.bbox[2]);
  return (
    over > FRACTIONS.besideOverlap * Math.min(l.bbox[3] - l.bbox[1], p.bbox[3] - p.bbox[1]) &&
    gap > FRACTIONS.besideMin &&
    gap < FRACTIONS.besideReach * em
  );
}
