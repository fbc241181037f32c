// Display formulas set on several text lines (issue 11 point 5): fractions from their bars, roots from the
// radical and its overline, limits of big operators, scripts on lines of their own, equation numbers.
// fixtures/formula-tex.pdf is pdfLaTeX's rendering of fixtures/formula-tex.tex (no cmap: ∑, ∏, ∫ and the tall
// radical come out of cmex10 with no Unicode, as in many papers).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { layoutTex } from '../../../engine/kinds/formulas/formula-layout.ts';
import type { Glyph } from '../../../engine/kinds/formulas/glyphs.ts';
import { inlineMath, latexOf } from '../../../engine/kinds/formulas/formulas.ts';
import { buildFractions } from '../../../engine/kinds/formulas/fractions.ts';
import { LineBuilder } from '../../../engine/pdf/line-builder.ts';
import type { RawLine, Rect } from '../../../engine/raw.ts';
import type { Block, Page } from '../../../shared/somark.ts';
import { options, parseCorpus, suiteDir } from './helpers.ts';

const at = suiteDir();
const blocks = (pages: Page[]): Block[] => pages.flatMap((p) => p.blocks);
const squeeze = (s: string) => s.replace(/\s+/g, '');

/** Glyphs of `text` set from x on a line spanning y0..y1, each `w` wide; `script` marks them all. */
function row(
  text: string,
  x: number,
  y0: number,
  y1: number,
  line: number,
  w = 6,
  script: Glyph['script'] = '',
): Glyph[] {
  return [...text].map((ch, i) => ({
    ch,
    x0: x + i * w,
    x1: x + (i + 1) * w,
    y0,
    y1,
    size: script ? 7 : y1 - y0,
    line,
    script,
  }));
}

/** A text line as the PDF adapter builds it from chars [c, x0, x1, bottom, size = 12]. */
function line(chars: [string, number, number, number, number?][]): RawLine {
  const lb = new LineBuilder();
  lb.reset(false);
  for (const [c, x0, x1, y1, size = 12] of chars)
    lb.add(c, [x0, y1 - size, x1, y1 - size, x0, y1, x1, y1], false, size, {
      name: 'Serif-Italic',
      bold: false,
      italic: true,
      mono: false,
    });
  return lb.toLine()!;
}

describe('display formulas on several lines', () => {
  it('rebuilds sums with limits, fractions, roots, integrals, \\neq and numbers from a pdfLaTeX page', async () => {
    const file = fileURLToPath(new URL('./fixtures/formula-tex.pdf', import.meta.url));
    const doc = await parseDocument(file, 'formula-tex.pdf', options(at()));
    const bs = blocks(doc.json.pages);
    expect(bs.filter((b) => b.type === 'equation').map((b) => squeeze(b.content))).toEqual([
      's^{2}=\\frac{1}{n-1}\\sum_{j=1}^{n}(y_{j}-m)^{2}\\tag{1}',
      '\\sqrt{\\frac{u}{v}}\\neq\\rho+\\int_{0}^{1}g(t)dt\\tag{2}',
      '\\prod_{k=1}^{m}q_{k}\\leq\\frac{\\sqrt{a+b}}{2c}',
    ]);
    expect(bs.filter((b) => b.type === 'text').length).toBe(3); // the prose between them stays prose
    expect(doc.markdown).not.toMatch(/^\(\d\)$/m);
  });

  it('leaves stacked scripts inside prose inline, never an equation block (multi-column-2p: w_1^{(i)}, w_2^{(i)})', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
    expect(
      blocks(doc.json.pages)
        .filter((b) => b.type === 'equation')
        .map((b) => b.content),
    ).toEqual([]);
  });

  it('reads a fraction bar, an over-and-under limit and a script line from glyph positions', () => {
    // f(x) = ∑_{k=0}^{∞} x^k / k!  as LibreOffice sets it: limits and numerator on lines of their own.
    const gs = [
      ...row('f(x)=∑', 100, 20, 30, 0),
      ...row('k=0', 130, 30, 34, 1, 3),
      ...row('∞', 131, 14, 18, 2, 4),
      ...row('x', 142, 12, 20, 3),
      ...row('k', 148, 10, 15, 4, 3),
      ...row('k!', 141, 23, 31, 5),
    ];
    expect(squeeze(layoutTex(gs, [[140, 21.5, 154, 22]]))).toBe('f(x)=\\sum_{k=0}^{\\infty}\\frac{x^{k}}{k!}');
  });

  it('takes a radical with its overline as \\sqrt, and an unmapped wide extension glyph with limits as \\sum', () => {
    const root: Rect = [116, 10, 140, 10.4];
    const gs = [...row('y=', 100, 12, 22, 0), { ...row('√', 110, 9, 22, 0)[0] }, ...row('ab', 118, 12, 22, 1)];
    expect(squeeze(layoutTex(gs, [root]))).toBe('y=\\sqrt{ab}');
    // Width 1.44 em: ∑ in display size; two narrow ones around a row are parentheses; a slashed = is ≠.
    const sum = [
      { ...row('\ufffd', 100, 20, 30, 0)[0], x1: 114.4 },
      ...row('i', 105, 31, 35, 1, 3),
      ...row('n', 105, 15, 19, 2, 3),
    ];
    expect(squeeze(layoutTex([...sum, ...row('\u0338=0', 116, 20, 30, 0)], []))).toBe('\\sum_{i}^{n}\\neq0');
    const parens = [
      { ...row('\ufffd', 100, 20, 30, 0)[0], x1: 105 },
      ...row('ab', 106, 20, 30, 0),
      { ...row('\ufffd', 119, 20, 30, 0)[0], x1: 124 },
    ];
    expect(squeeze(layoutTex(parens, []))).toBe('(ab)');
  });

  it('splits a numerator from a denominator on lines whose boxes say nothing, by where x steps back', () => {
    // LibreOffice: "(cos nπx" and "L)" lines both as tall as the big parentheses around them.
    const gs = [
      ...row('(cos', 100, 0, 40, 0),
      ...row('nπx', 126, 0, 40, 0),
      ...row('L', 132, 0, 40, 1),
      ...row(')', 146, 0, 40, 1),
    ];
    expect(squeeze(layoutTex(gs, [[125, 20, 145, 20.5]]))).toBe('(\\cos\\frac{n\\pix}{L})');
  });

  it('splits a numerator with its own exponent from the denominator at the widest gap between rows', () => {
    // x² over 2!, every line's box below the bar (tall boxes from big delimiters, LibreOffice): the
    // exponent is 4 pt over x, the denominator 10 pt under it.
    const gs = [...row('x', 100, 14, 26, 0), ...row('2', 106, 12, 20, 1, 4), ...row('2!', 100, 24, 36, 2)];
    expect(squeeze(layoutTex([...row('=', 80, 0, 10, 3), ...gs], [[99, 8, 112, 8.4]]))).toBe('=\\frac{x^{2}}{2!}');
  });

  it('reads a line whose chars sit on two baselines (a denominator, then the next numerator) glyph by glyph', () => {
    // e^x = 1 + x/1! + x²/2! + as LibreOffice sets Word's equation: "1!+ x" and "2! +" are text lines across
    // two rows (a denominator, the axis, the next numerator), x's exponent 2 a line of its own.
    const lines = [
      line([['e', 214.5, 219.8, 744.5]]),
      line([
        ['x', 220.5, 223.7, 737.5, 7.25],
        ['=', 224.2, 233.7, 744.5],
        ['1', 234, 240, 744.5],
        ['+', 240.7, 247.7, 744.5],
        [' ', 247.7, 252.7, 744.5],
        ['x', 252.7, 258, 737.8],
      ]),
      line([
        ['1', 249.8, 255.8, 752.8],
        ['!', 257.2, 261.2, 752.8],
        ['+', 262.5, 269.5, 744.5],
        [' ', 269.5, 273, 744.5],
        ['x', 273, 278.3, 737.8],
      ]),
      line([['2', 279, 282.6, 730.9, 7.25]]),
      line([
        ['2', 271.5, 277.5, 752.8],
        ['!', 279, 283, 752.8],
        [' ', 283, 285, 744.5],
        ['+', 285, 292, 744.5],
      ]),
    ];
    const blocks = lines.map((l) => ({ bbox: l.bbox, lines: [l] }));
    const bar = (x0: number, x1: number) => ({
      bbox: [x0, 738.4, x1, 739] as Rect,
      stroked: false,
      rect: true,
      color: 0,
    });
    buildFractions(blocks, [bar(249, 261.4), bar(270.7, 283.2)], 600, []);
    const out = blocks.flatMap((b) => b.lines).filter((l) => l.latex);
    expect(out.map((l) => squeeze(l.text))).toEqual(['e^{x}=1+\\frac{x}{1!}+\\frac{x^{2}}{2!}+']);
  });

  it('joins pieces of one formula cut on its row where the font changes, out of the paragraph after it', () => {
    // a² + b² = c² × 3 alone on its row: "a", then "²+b" and "²=c" (scripts smaller, raised) in the next paragraph's block.
    const piece = (x: number, rest: string): [string, number, number, number, number?][] => [
      ['2', x, x + 3.6, 167.9, 7.3],
      ...[...rest].map((c, i): [string, number, number, number] => [c, x + 4 + 6 * i, x + 10 + 6 * i, 174.9]),
    ];
    const prose = line(
      [...'And that is it.'].map((c, i): [string, number, number, number] => [c, 72 + 6 * i, 78 + 6 * i, 188.4]),
    );
    const blocks = [
      { bbox: [262.4, 162.9, 268.4, 174.9] as Rect, lines: [line([['a', 262.4, 268.4, 174.9]])] },
      {
        bbox: [72, 160.7, 306, 188.4] as Rect,
        lines: [line(piece(269, '+b')), line(piece(287, '=c')), line(piece(305, '×3')), prose],
      },
    ];
    buildFractions(blocks, [], 600, []);
    const kept = blocks.filter((b) => b.lines.length);
    expect(kept.map((b) => b.lines.map((l) => (l.latex ? squeeze(l.text) : l.text)))).toEqual([
      ['a^{2}+b^{2}=c^{2}\\times3'],
      ['And that is it.'],
    ]);
  });

  it('takes a horizontal brace with what it spans and its label beyond it as \\underbrace / \\overbrace', () => {
    const brace = (ch: string): Glyph => ({ ch, x0: 115, x1: 133, y0: 18, y1: 34, size: 38, line: 0, script: '' });
    const main = [...row('P=', 100, 20, 32, 0), ...row('ab', 118, 20, 32, 0), ...row('+1', 136, 20, 32, 0)];
    expect(squeeze(layoutTex([...main, brace('⏟'), ...row('lbl', 116, 36, 41, 1, 4)], []))).toBe(
      'P=\\underbrace{ab}_{lbl}+1',
    );
    expect(squeeze(layoutTex([...main, brace('⏞'), ...row('lbl', 116, 11, 16, 1, 4)], []))).toBe(
      'P=\\overset{lbl}{\\overbrace{ab}}+1',
    );
  });

  it('reads rows of glyphs between big delimiters as a matrix, one column of two in parentheses as \\binom', () => {
    // A = (a b / c d): the rows above and below the axis, the parentheses tall glyphs of lines of their own.
    const paren = (ch: string, x: number): Glyph => ({
      ch,
      x0: x,
      x1: x + 5,
      y0: 8,
      y1: 34,
      size: 12,
      line: 9,
      script: '',
    });
    const gs = [
      ...row('A=', 100, 15, 27, 0),
      paren('(', 113),
      ...row('a', 120, 8, 20, 1),
      ...row('b', 134, 8, 20, 1),
      ...row('c', 120, 22, 34, 2),
      ...row('d', 134, 22, 34, 2),
      paren(')', 142),
    ];
    expect(layoutTex(gs, [])).toBe('A= \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}');
    const binom = [
      ...row('x=', 100, 15, 27, 0),
      paren('(', 113),
      ...row('n', 120, 8, 20, 1),
      ...row('k', 120, 22, 34, 2),
      paren(')', 128),
    ];
    expect(squeeze(layoutTex(binom, []))).toBe('x=\\binom{n}{k}');
  });

  it('takes full-size lines stacked inside brackets as one formula (a matrix as LibreOffice sets it)', () => {
    const at = (t: string, x: number, y1: number, size = 13.5): [string, number, number, number, number?][] =>
      [...t].map((c, i) => [c, x + 6.7 * i, x + 6.7 * (i + 1), y1, size]);
    const lines = [
      line([...at('A=', 270, 372.8), ...at('(', 289, 378, 20), ...at('a', 295.4, 366)]),
      line(at('b', 314.9, 366)),
      line(at('c', 295.4, 382.2)),
      line([...at('d', 314.1, 382.2), ...at(')', 321, 378, 20)]),
    ];
    const blocks = [
      {
        bbox: lines
          .map((l) => l.bbox)
          .reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]),
        lines,
      },
    ];
    buildFractions(blocks, [], 600, []);
    expect(
      blocks
        .flatMap((b) => b.lines)
        .filter((l) => l.latex)
        .map((l) => l.text),
    ).toEqual(['A= \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}']);
  });

  it('takes the row of full-size letters as the main row, not a limit line with more glyphs (∏ over k=1)', () => {
    const gs = [
      ...row('∏', 282, 170, 188, 0, 15),
      ...row('k=1', 283, 188, 195, 1, 4),
      ...row('n', 288, 164, 171, 2, 3),
      ...row('A', 301, 174, 186, 3, 8),
      ...row('k', 309, 180, 187, 3, 3, '_'),
    ];
    expect(squeeze(layoutTex(gs, []))).toBe('\\prod_{k=1}^{n}A_{k}');
  });

  it("writes function names as commands, but not a script label like x_{max}, and drops LibreOffice's empty-slot and error marks", () => {
    const gs = [...row('¿sinθ+max', 94, 0, 10, 0), ...row('❑', 160, 0, 10, 0)];
    expect(squeeze(layoutTex(gs, []))).toBe('\\sin\\theta+\\max');
    expect(
      latexOf(line([...'¿n=1¿m'].map((c, i): [string, number, number, number] => [c, 6 * i, 6 * i + 6, 12]))),
    ).toBe('n=1m');
    const sub = [...row('xmax', 100, 0, 10, 0)].map((g, i) => (i ? { ...g, script: '_' as const, size: 7 } : g));
    expect(squeeze(layoutTex(sub, []))).toBe('x_{max}');
  });
});

describe("display formulas with names and mixed lines (Word's equations.docx as LibreOffice sets it)", () => {
  it("keeps a relation on the axis though its line (cut with a script and ∑) has the script's size", () => {
    const mixed = [...row('=', 136, 19, 36, 1, 6), ...row('∑', 145, 19, 36, 1, 15)].map((g) => ({ ...g, size: 7 }));
    const gs = [
      ...row('(x+a)', 100, 20, 32, 0),
      ...row('n', 130, 16, 23, 2, 3),
      ...mixed,
      ...row('k=0', 146, 36, 41, 3, 4),
      ...row('n', 150, 12, 18, 4, 3),
      ...row('x', 165, 20, 32, 5),
    ];
    expect(squeeze(layoutTex(gs, []))).toBe('(x+a)^{n}=\\sum_{k=0}^{n}x');
  });

  it('keeps a full-size parenthesis that hangs below the axis on it, not in the limit of the `lim` before it', () => {
    const paren = (ch: string, x: number): Glyph => ({
      ch,
      x0: x,
      x1: x + 4,
      y0: 6,
      y1: 18,
      size: 12,
      line: 2,
      script: '',
    });
    const gs = [
      ...row('lim', 100, 0, 12, 0),
      ...row('n', 107, 13, 18, 1, 3),
      paren('(', 119),
      ...row('1+x', 124, 0, 12, 3),
      paren(')', 142),
    ];
    expect(squeeze(layoutTex(gs, []))).toBe('\\lim_{n}(1+x)');
  });

  it("keeps a glyph on the main baseline on the axis though its line (cut with a script) has the script's size; nests a smaller script after a script", () => {
    expect(
      squeeze(
        layoutTex(
          [
            ...row('x', 100, 0, 12, 0),
            { ...row('k', 106, 0, 7, 1, 3)[0], size: 7 },
            { ...row('a', 110, 5, 12, 1)[0], size: 7 },
          ],
          [],
        ),
      ),
    ).toBe('x^{k}a');
    expect(
      squeeze(
        layoutTex([...row('e', 100, 0, 12, 0), ...row('-x', 106, -3, 4, 1, 4), ...row('2', 114.5, -6, -1, 2, 3)], []),
      ),
    ).toBe('e^{-x^{2}}');
  });

  it('sets a limit under the middle of a name after the whole name; `max` with letters apart after it takes limits', () => {
    const gs = [...row('argmax', 100, 0, 12, 0), ...row('ε', 117, 13, 18, 1, 3), ...row('f', 140, 0, 12, 0)];
    expect(squeeze(layoutTex(gs, []))).toBe('argmax_{\\epsilon}f');
    expect(
      squeeze(
        layoutTex([...row('max', 100, 0, 12, 0), ...row('0<i', 96, 13, 18, 1, 4), ...row('xe', 125, 0, 12, 2)], []),
      ),
    ).toBe('\\max_{0<i}xe');
  });

  it('takes a word with a limit under it among formula pieces on its row as an operator name, not prose', () => {
    const at = (text: string, x: number, y1: number, w = 6, size = 12) =>
      [...text].map((c, i): [string, number, number, number, number] => [c, x + w * i, x + w * (i + 1), y1, size]);
    const blocks = [
      {
        bbox: [100, 100, 230, 120] as Rect,
        lines: [
          line(at('x+1,', 100, 112)),
          line(at('unsupported', 126, 112)),
          line(at('n', 157, 120, 4, 7.3)),
          line(at('(1+y)', 194, 112)),
        ],
      },
    ];
    buildFractions(blocks, [], 600, []);
    expect(blocks.flatMap((b) => b.lines).map((l) => (l.latex ? squeeze(l.text) : l.text))).toEqual([
      'x+1,unsupported_{n}(1+y)',
    ]);
  });
});

describe('inline formulas in prose', () => {
  it('reads the scripts of a formula set larger than its prose against the letter they belong to (LibreOffice: aᵢ at 15.6 pt and 9.3 pt in 11 pt text)', () => {
    const text: [string, number, number, number, number?][] = [...'the quantity '].map((c, i) => [
      c,
      100 + 5 * i,
      105 + 5 * i,
      602,
      11,
    ]);
    const l = line([
      ...text,
      ['a', 164, 172.5, 602.3, 15.59],
      ['i', 173.6, 176.4, 604.7, 9.29],
      [' ', 177, 179, 602, 11],
      ['i', 179, 182, 602, 11],
      ['s', 182, 186, 602, 11],
    ]);
    expect(l.text).toBe('the quantity ai is');
    expect([l.sub, l.sup ?? []]).toEqual([[14], []]);
  });

  it('marks a lone Greek letter and words built around a relation, and nothing else', () => {
    expect(inlineMath('the rate α is fixed for n≥1 and x∈A.')).toBe(
      'the rate $\\alpha$ is fixed for $n\\geq 1$ and $x\\in A$.',
    );
    for (const t of ['config (enc=6, dec=6)', 'a 5% rise, 1 = $1-$9,999', 'see → next', 'Η γλώσσα και η ζωή α'])
      expect(inlineMath(t), t).toBe(t);
    expect(inlineMath('keeps $x^{2}$ and [^3] as they are, β')).toBe('keeps $x^{2}$ and [^3] as they are, $\\beta$');
  });

  it('joins spans of one formula the PDF cut at a space (A=π and r²), not prices', () => {
    expect(inlineMath('the area A=π $r^{2}$ holds')).toBe('the area $A=\\pi r^{2}$ holds');
    expect(inlineMath('from $5 $6 on')).toBe('from $5 $6 on');
  });
});
