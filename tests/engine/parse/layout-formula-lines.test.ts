// Display formulas set on several text lines (issue 11 point 5): fractions from their bars, roots from the
// radical and its overline, limits of big operators, scripts on lines of their own, equation numbers.
// fixtures/formula-tex.pdf is pdfLaTeX's rendering of fixtures/formula-tex.tex (no cmap: ∑, ∏, ∫ and the tall
// radical come out of cmex10 with no Unicode, as in many papers).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { layoutTex } from '../../../engine/kinds/formulas/formula-layout.ts';
import { buildFractions } from '../../../engine/kinds/formulas/fractions.ts';
import type { Rect } from '../../../engine/raw.ts';
import { options, parseCorpus, suiteDir, blocks, row, squeeze } from './helpers.ts';
import { line } from './raw-line.ts';

const at = suiteDir();

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
});
