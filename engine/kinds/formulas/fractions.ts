// Display formulas set on several text lines (fractions drawn with a rule, limits over and under a big
// operator, scripts on lines of their own): short non-prose lines that touch each other become one
// line whose text is LaTeX (formula-layout.ts), so the formula detection takes the whole formula.
import type { RawBlock, RawLine, RawVector, Rect } from '../../raw.ts';
import { rectUnion } from '../../raw.ts';
import { MATH_FONT } from './formulas.ts';
import { guessBig } from './formula-delimiters.ts';
import { layoutTex } from './formula-layout.ts';
import { type At, beside, glyphs, groupLines, mathish, splitRows } from './fraction-lines.ts';
import { ownBlocks, splitTags } from './formula-blocks.ts';
import { FRACTIONS } from './thresholds.ts';

const RELATION_OR_OPERATOR = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒+\-−×÷·⋅±∑∏∫√∂∇]/;
const BIG = /[∑∏∐⋃⋂∫∮⏟⏞︸︷]|\blim\b/;
const RELATION = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒]/;

/** Rebuilds the multi-line formulas of a page in its blocks (in place); `skip` are areas (tables) to leave alone. */
export function buildFractions(blocks: RawBlock[], vectors: RawVector[], pageWidth: number, skip: Rect[]): void {
  const slack = FRACTIONS.slack;
  const inside = (r: Rect) =>
    skip.some((t) => r[0] >= t[0] - slack && r[2] <= t[2] + slack && r[1] >= t[1] - slack && r[3] <= t[3] + slack);
  const rules = vectors
    .map((v) => v.bbox)
    .filter(
      (r) =>
        r[3] - r[1] <= FRACTIONS.ruleThickness &&
        r[2] - r[0] >= FRACTIONS.ruleMin &&
        r[2] - r[0] <= FRACTIONS.ruleMax * pageWidth &&
        !inside(r),
    );
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
        l.text.length <= FRACTIONS.maxChars &&
        braces.some(
          (c) =>
            l.bbox[0] >= c.l.bbox[0] - slack &&
            l.bbox[2] <= c.l.bbox[2] + slack &&
            l.size < FRACTIONS.small * c.l.size &&
            Math.max(l.bbox[1] - c.l.bbox[3], c.l.bbox[1] - l.bbox[3]) < FRACTIONS.braceLabel * c.l.size,
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
          c.l.size < FRACTIONS.small * l.size &&
          c.l.bbox[0] >= l.bbox[0] - slack &&
          c.l.bbox[2] <= l.bbox[2] + slack &&
          c.l.bbox[1] - l.bbox[3] > FRACTIONS.limitMin * l.size &&
          c.l.bbox[1] - l.bbox[3] < FRACTIONS.limitMax * l.size,
      );
      if (limit && cands.some((c) => c.l.size >= FRACTIONS.small * l.size && beside(l, c.l))) add({ b, l, k });
    });
  const groups = groupLines(cands, rules).flatMap((g) => splitRows(g, rules));
  const prose = blocks.flatMap((b) => b.lines).filter((l) => !isCand.has(l));
  const gone = new Set<RawLine>();
  for (const g of groups) {
    if (g.length < 2) continue;
    const box = g.map((a) => a.l.bbox).reduce(rectUnion);
    const rs = rules.filter(
      (r) =>
        r[0] >= box[0] - FRACTIONS.ruleLeft &&
        r[2] <= box[2] + slack &&
        r[1] >= box[1] - slack &&
        r[3] <= box[3] + slack,
    );
    const text = g.map((a) => a.l.text).join(' ');
    // Math in it: an operator or relation, a Greek letter, or a math font (a number over a word in a form is none).
    if (
      !RELATION_OR_OPERATOR.test(text) &&
      !/[\u0370-\u03ff]/.test(text) &&
      !g.some((a) => MATH_FONT.test(a.l.font) || a.l.italic > FRACTIONS.italic)
    )
      continue;
    // Inline: prose continues on the row of one of its lines, right beside it.
    if (g.some((a) => prose.some((p) => beside(a.l, p)))) continue;
    const big = Math.max(...g.map((a) => a.l.size));
    // Taller than five lines: formulas stacked one under another, whose limits touch; not one formula.
    if (box[3] - box[1] > FRACTIONS.maxHeight * big) continue;
    const gs = g.flatMap((a, i) => glyphs(a.l, i));
    // Evidence of a set formula: a rule among the lines, a big operator (or a glyph of TeX's extension font
    // with no Unicode), or a line of script-size glyphs.
    // Or pieces of one formula side by side on a row around a relation (cut where the font changes: "a" "²+b" "²=c").
    const over = (a: RawLine, c: RawLine) =>
      Math.min(a.bbox[3], c.bbox[3]) - Math.max(a.bbox[1], c.bbox[1]) >
      FRACTIONS.sameRow * Math.min(a.bbox[3] - a.bbox[1], c.bbox[3] - c.bbox[1]);
    const row = RELATION.test(text) && g.every((a) => g.every((c) => over(a.l, c.l)));
    // Or full-size lines stacked inside brackets (a matrix's rows).
    const stacked =
      /[([{|]/.test(text) &&
      /[)\]}|]/.test(text) &&
      g.some((a) =>
        g.some(
          (c) =>
            c.l.size >= FRACTIONS.small * big &&
            a.l.size >= FRACTIONS.small * big &&
            c.l.bbox[1] > a.l.bbox[1] + FRACTIONS.stackedRows * big &&
            Math.min(a.l.bbox[2], c.l.bbox[2]) > Math.max(a.l.bbox[0], c.l.bbox[0]),
        ),
      );
    const structure =
      row ||
      stacked ||
      rs.length > 0 ||
      gs.some((x) => BIG.test(guessBig(x)) || x.ch === '\ufffd') ||
      BIG.test(text) ||
      g.some((a) => a.l.size <= FRACTIONS.small * big);
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
