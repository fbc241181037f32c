// Fractions drawn with a rule: the glyphs centred just above a short horizontal rule are the numerator,
// those just below the denominator; with what sits left and right of it on the rule's row they become one
// line whose text is LaTeX (`\frac{…}{…}`), so the formula detection takes the whole formula.
import type { RawBlock, RawLine, RawVector, Rect } from '../pdf/raw.ts';
import { rectUnion } from '../pdf/raw.ts';
import { latexOf } from './formulas.ts';

/** The chars of `l` whose centres satisfy `keep`, as a line of their own (scripts kept). */
function part(l: RawLine, keep: (cx: number) => boolean): RawLine {
  const idx: number[] = [];
  for (let i = 0; i < l.text.length; i++) if (keep((l.cx0[i] + l.cx1[i]) / 2)) idx.push(i);
  const at = new Map(idx.map((i, k) => [i, k]));
  const map = (ix?: number[]) => (ix ?? []).filter((i) => at.has(i)).map((i) => at.get(i)!);
  return { ...l, text: idx.map((i) => l.text[i]).join(''), cx0: idx.map((i) => l.cx0[i]), cx1: idx.map((i) => l.cx1[i]), sup: map(l.sup), sub: map(l.sub) };
}

/** A numerator or denominator: short, no run of words, centred on the rule and spanning most of it
 * (rules between table rows or under headings are wider than the text they separate). */
function mathPart(l: RawLine, rule: Rect): boolean {
  const t = l.text.trim();
  if (!t || t.length > 40 || /\p{Lo}/u.test(t) || (t.match(/\p{L}{4,}/gu) ?? []).length > 1 || /^\[\d+\]$/.test(t)) return false; // (citation marks)
  const x0 = Math.min(...l.cx0), x1 = Math.max(...l.cx1), w = rule[2] - rule[0];
  return Math.abs((x0 + x1) / 2 - (rule[0] + rule[2]) / 2) < 0.2 * w && x1 - x0 < w + 2;
}

/** Rebuilds the fractions of a page in its blocks (in place); `skip` are areas (tables) to leave alone. */
export function buildFractions(blocks: RawBlock[], vectors: RawVector[], pageWidth: number, skip: Rect[]): void {
  const rules = vectors.filter((v) => v.bbox[3] - v.bbox[1] <= 1.5 && v.bbox[2] - v.bbox[0] >= 4 && v.bbox[2] - v.bbox[0] <= 0.4 * pageWidth &&
    !skip.some((t) => v.bbox[0] >= t[0] - 2 && v.bbox[2] <= t[2] + 2 && v.bbox[1] >= t[1] - 2 && v.bbox[3] <= t[3] + 2));
  if (!rules.length) return;
  for (const r of rules) {
    const [x0, ry, x1] = [r.bbox[0] - 1, (r.bbox[1] + r.bbox[3]) / 2, r.bbox[2] + 1];
    const inRange = (l: RawLine) => l.cx0.some((a, i) => a >= x0 && l.cx1[i] <= x1);
    let above: [RawBlock, number] | null = null, below: [RawBlock, number] | null = null;
    for (const b of blocks) b.lines.forEach((l, i) => {
      if (l.rotated || l.latex || !inRange(l)) return;
      if (l.bbox[3] <= ry + 0.35 * l.size && l.bbox[3] >= ry - 1.2 * l.size && (l.bbox[1] + l.bbox[3]) / 2 < ry) above = [b, i];
      else if (l.bbox[1] >= ry - 0.35 * l.size && l.bbox[1] <= ry + 0.8 * l.size && (l.bbox[1] + l.bbox[3]) / 2 > ry) below = [b, i];
    });
    if (!above || !below) continue;
    const [ab, ai] = above as [RawBlock, number], [bb, bi] = below as [RawBlock, number];
    const top = ab.lines[ai], bottom = bb.lines[bi];
    const den = part(bottom, (cx) => cx >= x0 && cx <= x1), num = part(top, (cx) => cx >= x0 && cx <= x1);
    if (!num.text.trim() || !den.text.trim() || den.text.length !== bottom.text.trim().length) continue;
    if (!mathPart(num, r.bbox) || !mathPart(den, r.bbox)) continue;
    const wide = Math.max(Math.max(...num.cx1) - Math.min(...num.cx0), Math.max(...den.cx1) - Math.min(...den.cx0));
    if (wide < 0.6 * (r.bbox[2] - r.bbox[0])) continue;
    const pre = part(top, (cx) => cx < x0), post = part(top, (cx) => cx > x1);
    const text = [latexOf(pre), `\\frac{${latexOf(num).trim()}}{${latexOf(den).trim()}}`, latexOf(post)].filter((t) => t.trim()).join(' ');
    ab.lines[ai] = { ...top, text, cx0: [top.bbox[0]], cx1: [top.bbox[2]], sup: [], sub: [], latex: true, bbox: rectUnion(top.bbox, bottom.bbox) };
    bb.lines.splice(bi, 1);
  }
}
