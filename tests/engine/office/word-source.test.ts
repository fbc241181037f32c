// Word structure read from the XML alone (no LibreOffice): numbered lists as numbering.xml counts them,
// tables on their grid with gridSpan / vMerge / gridBefore as HTML spans (never overlapping, every grid
// cell covered once), footnote references as [^n] with the notes as footnote elements — the Markdown written
// by the one writer from those elements.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readDocx } from '../../../engine/source/office/docx.ts';
import type { WordTable } from '../../../engine/source/office/docx-table.ts';
import { elementsMarkdown } from '../../../engine/source/office/structure.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { corpus } from '../parse/helpers.ts';
import { cell, esc, footnote, list, listItem, makeDocx, noteRef, num, para, table } from './make-docx.ts';

/** The Word file's elements and the Markdown the one writer makes of them. */
function read(data: Uint8Array) {
  const word = readDocx(data);
  const opts = { featureConfig: DEFAULT_FEATURE_CONFIG, elementFormats: DEFAULT_ELEMENT_FORMATS };
  return { ...word, markdown: elementsMarkdown(word.elements, opts) };
}

/** Every grid cell covered by exactly one cell. */
function coverage(t: WordTable): number[][] {
  const grid = Array.from({ length: t.rows }, () => new Array<number>(t.cols).fill(0));
  for (const c of t.cells)
    for (let r = c.r; r < c.r + c.rs; r++) for (let k = c.c; k < c.c + c.cs; k++) grid[r]![k]! += 1;
  return grid;
}

describe('Word numbered lists', () => {
  it('decimal, nested lowerLetter and upperRoman levels, start values, restarts; bullets stay "-"', () => {
    const numbering =
      list(0, 1, ['decimal', 'lowerLetter', 'upperRoman']) +
      list(1, 2, ['bullet', 'bullet']) +
      list(2, 3, ['decimal'], 5) +
      num(1, 0) +
      num(2, 1) +
      num(3, 2) +
      num(4, 0, 1);
    const body = [
      para('Steps:'),
      listItem('One', 1),
      listItem('Two', 1),
      listItem('Two a', 1, 1),
      listItem('Two a i', 1, 2),
      listItem('Two b', 1, 1),
      listItem('Three', 1),
      listItem('Four again', 1, 1),
      para('Bring:'),
      listItem('Towel', 2),
      listItem('Nested towel', 2, 1),
      listItem('Cream', 2),
      para('From five:'),
      listItem('Five', 3),
      listItem('Six', 3),
      para('Restarted:'),
      listItem('First again', 4),
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr></w:pPr><w:r><w:t>Not an item</w:t></w:r></w:p>`,
    ].join('');
    const { markdown } = read(makeDocx({ body, numbering }));
    expect(markdown).toContain(
      'Steps:\n\n1. One\n2. Two\n   1. Two a\n      1. Two a i\n   2. Two b\n3. Three\n   1. Four again\n\nBring:',
    );
    expect(markdown).toContain('Bring:\n\n- Towel\n  - Nested towel\n- Cream\n\nFrom five:');
    expect(markdown).toContain('From five:\n\n5. Five\n6. Six\n\nRestarted:');
    expect(markdown).toContain('Restarted:\n\n1. First again\n\nNot an item\n');
  });

  it('word_sample.docx: its numbered lists are 1. 2. 3., its bullet list "-", as the reference writes them', () => {
    const { markdown } = read(new Uint8Array(readFileSync(corpus('office/word_sample.docx'))));
    expect(markdown).toContain(
      '- You can relax and look around\n- Paddle about\n- Enjoy summer warmth\n\nAlso, don’t forget:\n\n1. Wear sunglasses\n2. Don’t forget to drink water\n3. Use sun cream\n\nHmm',
    );
    expect(markdown).toContain('1. Leaves\n2. Berries\n3. Grain\n');
    const { elements } = read(new Uint8Array(readFileSync(corpus('office/word_sample.docx'))));
    // The Caption style makes a caption.
    expect(elements).toContainEqual({ type: 'figure_caption', content: 'Figure 1: This is a cute duckling' });
  });
});

describe('Word tables with spans', () => {
  it('word_tables.docx: the spans of the reference HTML, every grid cell covered once', () => {
    const { tables, markdown } = read(new Uint8Array(readFileSync(corpus('tables/word_tables.docx'))));
    const html = readFileSync(corpus('tables/word_tables.expected.html'), 'utf8');
    const expected = [...html.matchAll(/<table>.*?<\/table>/gs)].map((m) =>
      m[0].replace(/<\/?tbody>/g, '').replace(/<(\/?)th\b/g, '<$1td'),
    );
    expect(tables.length).toBe(7);
    for (const t of tables)
      expect(
        coverage(t)
          .flat()
          .every((n) => n === 1),
      ).toBe(true);
    const spanned = tables.filter((t) => t.cells.some((c) => c.rs > 1 || c.cs > 1));
    const ours = [...markdown.matchAll(/<table>.*?<\/table>/g)].map((m) => m[0]);
    // Every table is HTML (the one table writer); the spans are the reference's.
    expect(ours.length).toBe(tables.length);
    expect(ours.filter((t) => /rowspan|colspan/.test(t))).toEqual(expected.filter((e) => /rowspan|colspan/.test(e)));
    expect(spanned.length).toBe(expected.filter((e) => /rowspan|colspan/.test(e)).length);
    expect(markdown).toContain(
      '<table><tr><td>Header 0.0</td><td>Header 0.1</td></tr><tr><td></td><td>Cell 1.1</td></tr></table>',
    );
  });
});

describe('Word footnotes', () => {
  it('references become [^n] in body order, the notes footnote elements, [^n]: definitions at the end', () => {
    const sentence = (text: string, id: number, after = '') =>
      `<w:p><w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r>${noteRef(id)}<w:r><w:t xml:space="preserve">${esc(after)}</w:t></w:r></w:p>`;
    const body =
      sentence('Ducks swim close to the shore', 7, ' in spring.') +
      para('Nothing here.') +
      sentence('They eat grain', 3, '.') +
      table(2, [cell('Food') + cell('Calories'), `<w:tc>${sentence('Leaves', 7)}</w:tc>${cell('50')}`]);
    const footnotes =
      footnote(3, 'Corn & barley mostly.') + footnote(7, 'Measured in April.') + footnote(9, 'Never referenced.');
    const { markdown, notes, elements } = read(makeDocx({ body, footnotes }));
    expect(markdown).toContain('Ducks swim close to the shore[^1] in spring.\n\nNothing here.\n\nThey eat grain[^2].');
    // A second reference to the same note reuses its label.
    expect(markdown).toContain('<td>Leaves[^1]</td><td>50</td>');
    expect(markdown.trimEnd().endsWith('[^1]: Measured in April.\n\n[^2]: Corn & barley mostly.')).toBe(true);
    expect(notes.map((n) => [n.label, n.text])).toEqual([
      ['1', 'Measured in April.'],
      ['2', 'Corn & barley mostly.'],
    ]);
    expect(markdown).not.toContain('Never referenced');
    expect(elements.filter((e) => e.type === 'footnote').map((e) => e.content)).toEqual([
      '1 Measured in April.',
      '2 Corn & barley mostly.',
    ]);
  });

  it('a document without notes has no definitions; separators are not notes', () => {
    const { markdown, notes } = read(new Uint8Array(readFileSync(corpus('office/word_sample.docx'))));
    expect(notes).toEqual([]);
    expect(markdown).not.toMatch(/\[\^/);
  });
});
