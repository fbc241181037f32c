// Formulas with operator names and lines of mixed sizes (Word's equations.docx as LibreOffice sets it), and
// inline formulas in prose: scripts of a formula set larger than its text, Greek letters, relations, cut spans.
import { describe, expect, it } from 'vitest';
import { layoutTex } from '../../../engine/kinds/formulas/formula-layout.ts';
import type { Glyph } from '../../../engine/kinds/formulas/glyphs.ts';
import { inlineMath } from '../../../engine/kinds/formulas/formulas.ts';
import { buildFractions } from '../../../engine/kinds/formulas/fractions.ts';
import type { Rect } from '../../../engine/raw.ts';
import { row, squeeze } from './helpers.ts';
import { line } from './raw-line.ts';

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
