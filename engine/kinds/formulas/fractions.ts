// Display formulas set on several text lines (fractions drawn with a rule, limits over and under a big
// operator, scripts on lines of their own): short non-prose lines that touch each other become one
// line whose text is LaTeX (formula-layout.ts), so the formula detection takes the whole formula.
import type { RawBlock, RawLine, RawVector, Rect } from '../../raw.ts';
import { rectUnion } from '../../raw.ts';
import { EQUATION_TAG, MATH_FONT } from './formulas.ts';
import { guessBig } from './formula-delimiters.ts';
import { layoutTex } from './formula-layout.ts';
import type { Glyph } from './glyphs.ts';

const RELATION_OR_OPERATOR = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒+\-−×÷·⋅±∑∏∫√∂∇]/;
const BIG = /[∑∏∐⋃⋂∫∮⏟⏞︸︷]|\blim\b/;
const RELATION = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒]/;
/** Function names a formula may hold among its letters (glued to a variable: "ancos"); any other word
 * of four letters makes prose. */
const FUNCTION = /arc(sin|cos|tan)|(sin|cos|tan)h?|lim|max|min|sup|inf|log|exp|det|arg/g;

interface At {
  b: RawBlock;
  l: RawLine;
  k: number;
}

/** A line that may be part of a formula: short, no run of words, no CJK, not an equation number. */
function mathish(l: RawLine): boolean {
  const t = l.text.trim();
  if (!t || t.length > 60 || l.rotated || l.latex || /\p{Lo}/u.test(t) || EQUATION_TAG.test(t) || /^\[\d+\]$/.test(t))
    return false;
  return !/\p{L}{4,}/u.test(t.replace(FUNCTION, ' '));
}

/** The glyphs of a line (spaces dropped), raised/lowered ones marked and set smaller. */
function glyphs(l: RawLine, line: number): Glyph[] {
  const sup = new Set(l.sup ?? []),
    sub = new Set(l.sub ?? []),
    out: Glyph[] = [];
  for (let i = 0; i < l.text.length; i++) {
    if (/\s/.test(l.text[i])) continue;
    const script = sup.has(i) ? '^' : sub.has(i) ? '_' : '',
      size = script ? 0.7 * l.size : l.size;
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
function groupLines(cands: At[], rules: Rect[]): At[][] {
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
        reach = gapY < -0.3 * em ? 1 : 0.3;
      if (a.bbox[0] > c.bbox[2] + reach * em || c.bbox[0] > a.bbox[2] + reach * em) continue;
      if (gapY < 0.6 * em) join(i, j);
    }
    rules.forEach((r, k) => {
      const ry = (r[1] + r[3]) / 2,
        em = a.size;
      const across =
        Math.min(a.bbox[2], r[2]) - Math.max(a.bbox[0], r[0]) > 0.5 * Math.min(a.bbox[2] - a.bbox[0], r[2] - r[0]);
      const onRow = ry > a.bbox[1] && ry < a.bbox[3] && Math.max(r[0] - a.bbox[2], a.bbox[0] - r[2]) < em;
      if ((across && Math.max(a.bbox[1] - ry, ry - a.bbox[3]) < 0.8 * em) || onRow) join(i, cands.length + k);
    });
  }
  const groups = new Map<number, At[]>();
  cands.forEach((c, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), c]));
  return [...groups.values()];
}

/** Formulas stacked one under another (an aligned system, a list of operators) touch through their
 * limits: rows of full-size lines that do not overlap, with no bar between them, are formulas of their
 * own; each smaller line (a limit, a script) goes with the row nearest to it. */
function splitRows(g: At[], rules: Rect[]): At[][] {
  if (g.length < 3) return [g];
  const big =
    Math.max(...g.filter((a) => a.l.text.replace(/\s/g, '').length > 1).map((a) => a.l.size), 0) ||
    Math.max(...g.map((a) => a.l.size));
  const full = g.filter((a) => a.l.size >= 0.8 * big).sort((a, b) => a.l.bbox[1] - b.l.bbox[1]);
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
function beside(l: RawLine, p: RawLine): boolean {
  const over = Math.min(l.bbox[3], p.bbox[3]) - Math.max(l.bbox[1], p.bbox[1]),
    em = Math.max(l.size, p.size);
  const gap = Math.max(p.bbox[0] - l.bbox[2], l.bbox[0] - p.bbox[2]);
  return over > 0.3 * Math.min(l.bbox[3] - l.bbox[1], p.bbox[3] - p.bbox[1]) && gap > -1 && gap < 1.5 * em;
}

/** Rebuilds the multi-line formulas of a page in its blocks (in place); `skip` are areas (tables) to leave alone. */
export function buildFractions(blocks: RawBlock[], vectors: RawVector[], pageWidth: number, skip: Rect[]): void {
  const inside = (r: Rect) =>
    skip.some((t) => r[0] >= t[0] - 2 && r[2] <= t[2] + 2 && r[1] >= t[1] - 2 && r[3] <= t[3] + 2);
  const rules = vectors
    .map((v) => v.bbox)
    .filter((r) => r[3] - r[1] <= 1.5 && r[2] - r[0] >= 3 && r[2] - r[0] <= 0.4 * pageWidth && !inside(r));
  const cands: At[] = [];
  const isCand = new Set<RawLine>(); // the lines of cands (a table page has hundreds of number lines)
  const add = (c: At) => {
    cands.push(c);
    isCand.add(c.l);
  };
  for (const b of blocks)
    b.lines.forEach((l, k) => {
      if (mathish(l) && !inside(l.bbox)) add({ b, l, k });
    });
  if (!cands.length) return;
  // The label of a horizontal brace (\underbrace) is words, set small right under or over it.
  const braces = cands.filter((c) => /[⏟⏞︸︷]/.test(c.l.text));
  for (const b of braces.length ? blocks : [])
    b.lines.forEach((l, k) => {
      if (
        !isCand.has(l) &&
        l.text.length <= 60 &&
        braces.some(
          (c) =>
            l.bbox[0] >= c.l.bbox[0] - 2 &&
            l.bbox[2] <= c.l.bbox[2] + 2 &&
            l.size < 0.8 * c.l.size &&
            Math.max(l.bbox[1] - c.l.bbox[3], c.l.bbox[1] - l.bbox[3]) < 0.6 * c.l.size,
        )
      )
        add({ b, l, k });
    });
  // A word with a limit under it (a script-size formula line right below), set on the row of formula
  // lines, is an operator's name (Word's "argmax"-like functions, any name): part of the formula.
  for (const b of blocks)
    b.lines.forEach((l, k) => {
      const t = l.text.trim();
      if (isCand.has(l) || l.rotated || !/^[,;]?\s*\p{L}{2,20}$/u.test(t) || inside(l.bbox)) return;
      const limit = cands.some(
        (c) =>
          c.l.size < 0.8 * l.size &&
          c.l.bbox[0] >= l.bbox[0] - 2 &&
          c.l.bbox[2] <= l.bbox[2] + 2 &&
          c.l.bbox[1] - l.bbox[3] > -0.3 * l.size &&
          c.l.bbox[1] - l.bbox[3] < 0.4 * l.size,
      );
      if (limit && cands.some((c) => c.l.size >= 0.8 * l.size && beside(l, c.l))) add({ b, l, k });
    });
  const groups = groupLines(cands, rules).flatMap((g) => splitRows(g, rules));
  const prose = blocks.flatMap((b) => b.lines).filter((l) => !isCand.has(l));
  const gone = new Set<RawLine>();
  for (const g of groups) {
    if (g.length < 2) continue;
    const box = g.map((a) => a.l.bbox).reduce(rectUnion);
    const rs = rules.filter(
      (r) => r[0] >= box[0] - 12 && r[2] <= box[2] + 2 && r[1] >= box[1] - 2 && r[3] <= box[3] + 2,
    );
    const text = g.map((a) => a.l.text).join(' ');
    // Math in it: an operator or relation, a Greek letter, or a math font (a number over a word in a form is none).
    if (
      !RELATION_OR_OPERATOR.test(text) &&
      !/[\u0370-\u03ff]/.test(text) &&
      !g.some((a) => MATH_FONT.test(a.l.font) || a.l.italic > 0.5)
    )
      continue;
    // Inline: prose continues on the row of one of its lines, right beside it.
    if (g.some((a) => prose.some((p) => beside(a.l, p)))) continue;
    const big = Math.max(...g.map((a) => a.l.size));
    // Taller than five lines: formulas stacked one under another, whose limits touch; not one formula.
    if (box[3] - box[1] > 5 * big) continue;
    const gs = g.flatMap((a, i) => glyphs(a.l, i));
    // Evidence of a set formula: a rule among the lines, a big operator (or a glyph of TeX's extension font
    // with no Unicode), or a line of script-size glyphs.
    // Or pieces of one formula side by side on a row around a relation (cut where the font changes: "a" "²+b" "²=c").
    const over = (a: RawLine, c: RawLine) =>
      Math.min(a.bbox[3], c.bbox[3]) - Math.max(a.bbox[1], c.bbox[1]) >
      0.5 * Math.min(a.bbox[3] - a.bbox[1], c.bbox[3] - c.bbox[1]);
    const row = RELATION.test(text) && g.every((a) => g.every((c) => over(a.l, c.l)));
    // Or full-size lines stacked inside brackets (a matrix's rows).
    const stacked =
      /[([{|]/.test(text) &&
      /[)\]}|]/.test(text) &&
      g.some((a) =>
        g.some(
          (c) =>
            c.l.size >= 0.8 * big &&
            a.l.size >= 0.8 * big &&
            c.l.bbox[1] > a.l.bbox[1] + 0.6 * big &&
            Math.min(a.l.bbox[2], c.l.bbox[2]) > Math.max(a.l.bbox[0], c.l.bbox[0]),
        ),
      );
    const structure =
      row ||
      stacked ||
      rs.length > 0 ||
      gs.some((x) => BIG.test(guessBig(x)) || x.ch === '\ufffd') ||
      BIG.test(text) ||
      g.some((a) => a.l.size <= 0.8 * big);
    if (!structure) continue;
    const main = g.reduce((a, c) => (c.l.text.length * c.l.size ** 2 > a.l.text.length * a.l.size ** 2 ? c : a));
    const tex = layoutTex(gs, rs);
    if (!tex) continue;
    main.b.lines[main.k] = {
      ...main.l,
      text: tex,
      cx0: [box[0]],
      cx1: [box[2]],
      sup: [],
      sub: [],
      latex: true,
      bbox: box,
    };
    main.b.bbox = rectUnion(main.b.bbox, box);
    for (const a of g) if (a !== main) gone.add(a.l);
  }
  if (gone.size) for (const b of blocks) b.lines = b.lines.filter((l) => !gone.has(l));
  ownBlocks(blocks);
  splitTags(
    blocks,
    cands.filter((c) => !gone.has(c.l) && RELATION_OR_OPERATOR.test(c.l.text)).map((c) => c.l),
  );
}

/** A rebuilt formula set in one block with prose (the paragraph after it) goes to a block of its own,
 * the lines before and after it staying blocks in their order. */
function ownBlocks(blocks: RawBlock[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.lines.length < 2 || !b.lines.some((l) => l.latex)) continue;
    const parts: RawLine[][] = [[]];
    for (const l of b.lines) {
      if (l.latex) parts.push([l], []);
      else parts[parts.length - 1].push(l);
    }
    const own = parts
      .filter((p) => p.length)
      .map((lines) => ({ bbox: lines.map((l) => l.bbox).reduce(rectUnion), lines }));
    blocks.splice(i, 1, ...own);
    i += own.length - 1;
  }
}

/** An equation number "(n)" on the row of a formula line left of it, set in one block with other lines
 * (the paragraph after it), goes to a block of its own so the formula can take it as its \tag. */
function splitTags(blocks: RawBlock[], formulas: RawLine[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.lines.length < 2) continue;
    const tags = b.lines.filter(
      (t) =>
        EQUATION_TAG.test(t.text.trim()) &&
        blocks.some((o) =>
          o.lines.some(
            (f) =>
              f !== t &&
              (f.latex || formulas.includes(f)) &&
              f.bbox[2] < t.bbox[0] &&
              Math.abs((f.bbox[1] + f.bbox[3]) / 2 - (t.bbox[1] + t.bbox[3]) / 2) < 0.6 * Math.max(f.size, t.size),
          ),
        ),
    );
    if (!tags.length) continue;
    // Before the block (the number is on its first row), which keeps its place beside what follows it.
    b.lines = b.lines.filter((l) => !tags.includes(l));
    b.bbox = b.lines.map((l) => l.bbox).reduce(rectUnion);
    blocks.splice(i, 0, ...tags.map((t) => ({ bbox: t.bbox, lines: [t] })));
    i += tags.length;
  }
}
