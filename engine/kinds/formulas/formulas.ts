// Display formulas from the text layer: a short standalone segment made of math (relations, operators,
// math fonts, scripts) becomes an `equation` element whose text is LaTeX rebuilt from the glyphs: raised
// or lowered smaller chars → ^{} / _{}, Greek letters and math symbols → commands, a right-aligned
// "(n)" on its row → \tag{n}; a negation slash before a relation → the negated relation.
import type { RawLine } from '../../raw.ts';
import type { Elem } from '../../model.ts';
import type { Segment } from '../../analysis/segment.ts';
import { cleanLine } from '../../analysis/text.ts';
import { SYMBOLS } from './symbols.ts';
import { DISPLAY } from './thresholds.ts';

export const MATH_FONT = /^([A-Z]{6}\+)?(CMMI|CMSY|CMEX|MSAM|MSBM|.*Math|Symbol|STIX|Cambria ?Math|XITS|Asana)/i;
const RELATION = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒]/;
const OPERATOR = /[+\-−×÷·⋅∑∏∫√∂∇±^]/;
/** Characters LaTeX escapes but that say nothing of math: currency, percent, hash, ampersand, underscore, ellipsis. */
const NOT_MATH = new Set(['$', '%', '#', '&', '_', '…']);

/** Function names set upright in a formula (not inside a word, nor a script's label such as x_{max}). */
const FUNCTION_NAME =
  /(?<![\\A-Za-z{])(arcsin|arccos|arctan|sinh|cosh|tanh|sin|cos|tan|cot|sec|csc|log|ln|exp|lim|max|min|det|gcd)(?![A-Za-z])/g;

/** Marks LibreOffice Math draws in a formula, never content: ❑ an empty slot, ¿ (in red) a piece it could
 * not read (Word's n-ary ⋃ and ⋀ come out so). */
export const LO_MARK = /[❑¿]/;

/** LaTeX of one line: scripts from the raised/lowered chars, symbols and function names as commands. */
export const latexOf = (l: RawLine): string => lineTex(l, true);

/** LaTeX of one line; `names`: function names as commands (not in limits and scripts, where "max" is a label). */
export function lineTex(l: RawLine, names: boolean): string {
  if (l.latex) return l.text;
  const sup = new Set(l.sup ?? []),
    sub = new Set(l.sub ?? []);
  let out = '',
    mode: '' | '^' | '_' = '';
  for (let i = 0; i < l.text.length; i++) {
    const ch = l.text[i];
    const m = sup.has(i) ? '^' : sub.has(i) ? '_' : '';
    if (m !== mode) {
      if (mode) out += '}';
      if (m) out += `${m}{`;
      mode = m;
    }
    if ((mode && ch === ' ') || LO_MARK.test(ch)) continue;
    const cmd = SYMBOLS[ch];
    out += cmd ? (/^\\[a-zA-Z]+$/.test(cmd) ? `${cmd} ` : cmd) : ch;
  }
  if (mode) out += '}';
  return cleanLine((names ? out.replace(FUNCTION_NAME, '\\$1 ') : out).replace(/ +([}^_])/g, '$1'));
}

const INLINE_RELATION = /[=<>≤≥≠≈≡∼∝∈∉⊂⊆→⇒±×÷∞∑∏∫√∂∇]/;
const GREEK = /^[\u0391-\u03a9\u03b1-\u03c9\u03d5\u03f5]$/;

/** Math set inline in prose, as `$…$`: a lone Greek letter ("the rate α"), or a word made of a relation
 * or operator between letters and digits ("n≥1", "x∈A"; not "enc=6": runs of three letters are names);
 * not in Greek-language text, not inside markup
 * the engine wrote already ($…$, [^n]), not currency or percentages; spans side by side join ($π$ $r^2$). */
export function inlineMath(text: string): string {
  // Most lines have no Greek letter, relation or operator: no word of them can be math (only spans the
  // text already had may join), and the per-word pass below was the analysis' costliest step on prose.
  if (!MATH_CHANCE.test(text)) return joinSpans(text);
  if ((text.match(/[\u0370-\u03ff]{3,}/g) ?? []).length >= 2) return text;
  const out = text
    .split(/(\$[^$]+\$|\[\^[^\]]+\])/)
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(/(^|\s)([^\s]+)(?=\s|$)/g, (all, sp: string, word: string) => {
            const [, pre, core, post] = /^([(“"']*)(.*?)([.,;:!?)”"']*)$/.exec(word)!;
            const math =
              GREEK.test(core) ||
              (INLINE_RELATION.test(core) &&
                /^[\p{L}\d.()=<>≤≥≠≈≡∼∝∈∉⊂⊆→⇒±×÷∞∑∏∫√∂∇+\-−′]+$/u.test(core) &&
                /[\p{L}\d]/u.test(core.replace(INLINE_RELATION, '')) &&
                !/\p{L}{3,}/u.test(core.replace(FUNCTION_NAME, ' ')));
            return math
              ? `${sp}${pre}$${latexOf({ text: core, cx0: [], cx1: [], bbox: [0, 0, 0, 0], size: 0, bold: 0, italic: 0, mono: 0, font: '', rotated: false, rtl: false })}$${post}`
              : all;
          }),
    )
    .join('');
  return joinSpans(out);
}

/** A char without which no word is inline math (GREEK, INLINE_RELATION) and the Greek-language test cannot hold. */
const MATH_CHANCE = /[\u0370-\u03ff=<>≤≥≠≈≡∼∝∈∉⊂⊆→⇒±×÷∞∑∏∫√∂∇]/;

/** One formula the PDF cut at a space ("π" and "r²"): adjacent spans join. */
const joinSpans = (t: string): string =>
  t.includes('$')
    ? t.replace(
        /\$([^$\s](?:[^$]*[^$\s])?)\$ \$([^$\s](?:[^$]*[^$\s])?)\$/g,
        (_, a: string, b: string) => `$${a} ${b}$`,
      )
    : t;

/** Is this segment a display formula (not prose, not a heading, not code)? */
export function isDisplayFormula(s: Segment): boolean {
  if (s.lines.some((l) => l.latex)) return true;
  if (s.lines.length > DISPLAY.maxLines || s.rotated || s.mono > DISPLAY.mono) return false;
  const text = s.lines
    .map((l) => l.text)
    .join(' ')
    .trim();
  // A relation, or a big operator (a display integral or sum stands without one: ∫(2x+1)dx).
  if (
    text.length < DISPLAY.minChars ||
    text.length > DISPLAY.maxChars ||
    !(RELATION.test(text) || /[∑∏∐∫∮∬∭∯∰⋃⋂⋀⋁]/.test(text))
  )
    return false;
  // Prose has words; a formula has at most a few short ones ("if", "for", "where").
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  if (words.join('').length > DISPLAY.words * text.replace(/\s/g, '').length) return false;
  if (/[.:;,]$/.test(text) && words.length > 1) return false;
  const scripts = s.lines.some((l) => (l.sup?.length ?? 0) + (l.sub?.length ?? 0) > 0);
  const mathFont = s.lines.some((l) => MATH_FONT.test(l.font)) || s.italic > DISPLAY.italic;
  const symbols = [...text].some((c) => c in SYMBOLS && !NOT_MATH.has(c));
  return (scripts || mathFont || symbols) && (OPERATOR.test(text) || scripts || symbols);
}

/** An equation number as set beside a display formula: "(3)", "(2.1)", "(4a)". */
export const EQUATION_TAG = /^\((\d{1,3}(?:\.\d{1,3})*[a-z]?)\)$/;

/** Joins an equation number "(n)" set on the equation's row to it as \tag{n}. */
export function attachTags(elems: Elem[]): Elem[] {
  const gone = new Set<Elem>();
  for (const e of elems) {
    if (e.kind !== 'equation') continue;
    const cy = (e.bbox[1] + e.bbox[3]) / 2;
    const tag = elems.find(
      (t) =>
        t.kind === 'text' &&
        !gone.has(t) &&
        EQUATION_TAG.test(t.text.trim()) &&
        t.bbox[0] > e.bbox[2] &&
        Math.abs((t.bbox[1] + t.bbox[3]) / 2 - cy) < DISPLAY.tagRow * Math.max(e.size, t.size),
    );
    if (!tag) continue;
    e.text += ` \\tag{${EQUATION_TAG.exec(tag.text.trim())![1]}}`;
    e.bbox = [e.bbox[0], Math.min(e.bbox[1], tag.bbox[1]), tag.bbox[2], Math.max(e.bbox[3], tag.bbox[3])];
    gone.add(tag);
  }
  return gone.size ? elems.filter((e) => !gone.has(e)) : elems;
}

/** A negation slash (U+0338, TeX's \not) set before a relation makes the negated relation. */
export function negations<G extends { ch: string; x0: number }>(gs: G[]): G[] {
  const NOT: Record<string, string> = {
    '=': '≠',
    '∈': '∉',
    '<': '≮',
    '>': '≯',
    '≤': '≰',
    '≥': '≱',
    '⊂': '⊄',
    '≡': '≢',
    '∼': '≁',
  };
  if (!gs.some((g) => g.ch === '\u0338')) return gs;
  const out: G[] = [];
  for (let i = 0; i < gs.length; i++) {
    const n = gs[i + 1];
    if (gs[i].ch === '\u0338' && n && NOT[n.ch]) {
      out.push({ ...n, ch: NOT[n.ch], x0: Math.min(gs[i].x0, n.x0) });
      i++;
    } else if (gs[i].ch !== '\u0338') out.push(gs[i]);
  }
  return out;
}
