// Layout fidelity on born-digital documents (issue 11), display and inline formulas: LaTeX equation blocks,
// fractions drawn with a rule, scripts, numbers as \tag, and currency that is no formula. formula.pdf is
// LibreOffice's rendering of fixtures/formula.fodt (two numbered display formulas set by LibreOffice Math, one
// with a fraction bar).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { attachTags, isDisplayFormula, latexOf } from '../../../engine/kinds/formulas/formulas.ts';
import type { Elem } from '../../../engine/model.ts';
import type { RawLine, Rect } from '../../../engine/raw.ts';
import { options, parseCorpus, blocks, suiteDir } from './helpers.ts';

const at = suiteDir();

describe('formulas', () => {
  it('makes a display formula an equation block in LaTeX, $$-fenced in the Markdown', async () => {
    const doc = await parseCorpus('pdf-digital/code_and_formula.pdf', at());
    const eq = blocks(doc.json.pages).filter((b) => b.type === 'equation');
    expect(eq.map((b) => b.content)).toEqual(['a^{2} + 8 = 12']);
    expect(doc.markdown).toContain('$$\na^{2} + 8 = 12\n$$');
    expect(blocks(doc.json.pages).filter((b) => b.type === 'text').length).toBeGreaterThan(5); // prose stays text
  });

  it('rebuilds a fraction drawn with a rule as \\frac, scripts of display formulas, and their numbers as \\tag', async () => {
    const file = fileURLToPath(new URL('./fixtures/formula.pdf', import.meta.url));
    const doc = await parseDocument(file, 'formula.pdf', options(at()));
    const eq = blocks(doc.json.pages)
      .filter((b) => b.type === 'equation')
      .map((b) => b.content.replace(/\s+/g, ''));
    expect(eq).toEqual(['E=\\frac{a+b^{2}}{c}\\tag{1}', 'S_{n}=\\alpha+\\beta^{2}\\tag{2}']);
    expect(doc.markdown).not.toMatch(/^\(\d\)$/m);
    // Rules between table rows, under form fields or links are no fraction bars; prose is no formula.
    for (const rel of [
      'forms/prefilled_f1040.pdf',
      'cjk/korean-text-with-tables.pdf',
      'pdf-digital/federal-register-2020-17221.pdf',
      'pdf-digital/pdfjs_wikipedia.pdf',
    ]) {
      const d = await parseCorpus(rel, at());
      expect(
        blocks(d.json.pages)
          .filter((b) => b.type === 'equation')
          .map((b) => b.content),
        rel,
      ).toEqual([]);
    }
  });

  it('keeps inline formulas and note references intact through the Markdown escaping', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
    expect(doc.markdown).toContain('where each passage $p_{i}$ can be');
    expect(doc.markdown).toContain('contains D documents, $d_{1}$, $d_{2}$,');
  });

  it('rebuilds scripts, Greek letters and symbols, and takes a right-aligned number as \\tag', () => {
    const line = (text: string, sup: number[], sub: number[]): RawLine => ({
      text,
      sup,
      sub,
      cx0: [],
      cx1: [],
      bbox: [0, 0, 1, 1],
      size: 10,
      bold: 0,
      italic: 0,
      mono: 0,
      font: 'CMMI10',
      rotated: false,
      rtl: false,
    });
    expect(latexOf(line('Sn = a + ar + ar2 + ⋯', [16], [1]))).toBe('S_{n} = a + ar + ar^{2} + \\cdots');
    expect(latexOf(line('α ≤ βi', [], [5]))).toBe('\\alpha \\leq \\beta_{i}');
    const el = (kind: Elem['kind'], text: string, bbox: Rect): Elem => ({
      kind,
      text,
      bbox,
      nLines: 1,
      size: 10,
      bold: 0,
      italic: 0,
      mono: 0,
      indent: false,
      shortLast: true,
      zone: 'body',
    });
    const out = attachTags([
      el('equation', 'E = mc^{2}', [200, 100, 300, 112]),
      el('text', '(3)', [500, 101, 515, 112]),
    ]);
    expect(out.map((e) => e.text)).toEqual(['E = mc^{2} \\tag{3}']);
  });

  it('takes currency ranges and percentages for text, not formulas (IRS code lists "1 = $1-$9,999")', () => {
    const seg = (text: string): Parameters<typeof isDisplayFormula>[0] => ({
      bbox: [0, 0, 100, 12],
      size: 10,
      bold: 0,
      italic: 0,
      mono: 0,
      rotated: false,
      font: 'Helvetica',
      lines: [
        {
          text,
          sup: [],
          sub: [],
          cx0: [],
          cx1: [],
          bbox: [0, 0, 100, 12],
          size: 10,
          bold: 0,
          italic: 0,
          mono: 0,
          font: 'Helvetica',
          rotated: false,
          rtl: false,
        },
      ],
    });
    for (const t of ['1 = $1-$9,999', '8 = $10,000,000-$49,999,999', '3 = 10%-20%', 'A & B = #4'])
      expect(isDisplayFormula(seg(t)), t).toBe(false);
    for (const t of ['x ≤ y − 1', 'a × b = c']) expect(isDisplayFormula(seg(t)), t).toBe(true); // math symbols still count
    for (const t of ['∫(2x+1)dx', '∑ xk']) expect(isDisplayFormula(seg(t)), t).toBe(true); // a big operator needs no relation
  });
});
