// Display formulas on several lines, their shapes from glyph positions: horizontal braces, matrices and
// binomials between big delimiters, the main row among limit lines, function names and LibreOffice's marks.
import { describe, expect, it } from 'vitest';
import { layoutTex } from '../../../engine/kinds/formulas/formula-layout.ts';
import type { Glyph } from '../../../engine/kinds/formulas/glyphs.ts';
import { latexOf } from '../../../engine/kinds/formulas/formulas.ts';
import { buildFractions } from '../../../engine/kinds/formulas/fractions.ts';
import { row, squeeze } from './helpers.ts';
import { line } from './raw-line.ts';

describe('display formulas on several lines', () => {
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
