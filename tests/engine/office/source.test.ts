// Structure read from the Office files' own XML as the engine's elements (no LibreOffice needed): Excel sheets
// as titled tables with merged cells repeated and their charts' titles, Word heading levels, lists and OMML
// equations as LaTeX, PowerPoint slide titles — written by the one Markdown writer.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readXlsx, sheetElems } from '../../../engine/source/office/xlsx.ts';
import { readDocx } from '../../../engine/source/office/docx.ts';
import { elementsMarkdown } from '../../../engine/source/office/structure.ts';
import type { SourceElem } from '../../../engine/source/office/elements.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { readPptx } from '../../../engine/source/office/pptx.ts';
import { ommlToLatex } from '../../../engine/source/office/omml.ts';
import { find, parseXml } from '../../../engine/source/office/tree.ts';
import { corpus } from '../parse/helpers.ts';

const bytes = (rel: string) => new Uint8Array(readFileSync(corpus(rel)));
const md = (elems: SourceElem[]) =>
  elementsMarkdown(elems, { featureConfig: DEFAULT_FEATURE_CONFIG, elementFormats: DEFAULT_ELEMENT_FORMATS });

describe('Excel', () => {
  it('xlsx_01: one titled group per sheet, tables whose cells match the reference', () => {
    const sheets = readXlsx(bytes('office/xlsx_01.xlsx'));
    expect(sheets.map((s) => s.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    expect(sheets[0]!.tables).toEqual([
      [
        ['first', 'second', 'third'],
        ['1', '5', '9'],
        ['2', '4', '6'],
        ['3', '3', '3'],
        ['4', '2', '0'],
        ['5', '1', '-3'],
        ['6', '0', '-6'],
      ],
    ]);
    expect(sheets[1]!.tables.map((t) => t[0])).toEqual([
      ['col-1', 'col-2', 'col-3', 'col-4'],
      ['col-1', 'col-2', 'col-3'],
      ['col-1', 'col-2', 'col-3'],
    ]);
    // Merged header cells repeat their value, as the reference writes them.
    expect(sheets[2]!.tables[0]!.slice(0, 2)).toEqual([
      ['first', 'header', 'header'],
      ['first', 'second', 'third'],
    ]);
    expect(md(sheetElems(bytes('office/xlsx_01.xlsx')))).toContain(
      '## Sheet2\n\n<table><tr><td>col-1</td><td>col-2</td><td>col-3</td><td>col-4</td></tr><tr><td>1</td><td>2</td>',
    );
  });

  it("xlsx_01: each sheet's chart titles are text after its tables", () => {
    expect(readXlsx(bytes('office/xlsx_01.xlsx')).map((s) => s.charts)).toEqual([
      [],
      ["'col-3'", "'col-2', 'col-3', 'col-4' by 'col-1'"],
      [],
    ]);
    const elems = sheetElems(bytes('office/xlsx_01.xlsx'));
    expect(elems.map((e) => e.type)).toEqual([
      'title',
      'table',
      'title',
      'table',
      'table',
      'table',
      'text',
      'text',
      'title',
      'table',
      'table',
    ]);
  });
});

describe('Word', () => {
  it('heading styles give levels; Title is level 1', () => {
    const { elements } = readDocx(bytes('office/unit_test_headers.docx'));
    const titles = elements.filter((e) => e.type === 'title');
    expect(titles.slice(0, 5).map((e) => [e.content, e.level])).toEqual([
      ['Test Document', 1],
      ['Section 1', 1],
      ['Section 1.1', 2],
      ['Section 1.2', 2],
      ['Section 1.2.3', 3],
    ]);
    expect(md(elements)).toContain('## Section 1.1\n\nParagraph 1.1.1');
  });

  it('equations become LaTeX, inline and on their own line; list items stay items', () => {
    const { elements } = readDocx(bytes('office/equations.docx'));
    const markdown = md(elements);
    expect(markdown).toContain('inline equation: $A=\\pi r^{2}$');
    expect(markdown).toContain('- Second item with equations: $E=mc^{2}$ and $F=ma$');
    expect(elements).toContainEqual({ type: 'equation', content: 'a^{2}+b^{2}=c^{2} \\times 23' });
    expect(markdown).toContain('$$\na^{2}+b^{2}=c^{2} \\times 23\n$$');
    expect(markdown).toContain('\\frac{n\\pi x}{L}');
  });

  it('OMML constructs map to LaTeX', () => {
    const m = (xml: string) => ommlToLatex(find(parseXml(`<m:oMath>${xml}</m:oMath>`), 'm:oMath')!);
    expect(m('<m:f><m:num><m:r><m:t>a</m:t></m:r></m:num><m:den><m:r><m:t>b</m:t></m:r></m:den></m:f>')).toBe(
      '\\frac{a}{b}',
    );
    expect(
      m('<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e><m:r><m:t>x</m:t></m:r></m:e></m:rad>'),
    ).toBe('\\sqrt{x}');
    expect(m('<m:sSub><m:e><m:r><m:t>a</m:t></m:r></m:e><m:sub><m:r><m:t>0</m:t></m:r></m:sub></m:sSub>')).toBe(
      'a_{0}',
    );
    expect(m('<m:d><m:e><m:r><m:t>x</m:t></m:r></m:e></m:d>')).toBe('\\left(x\\right)');
  });
});

describe('PowerPoint', () => {
  it('slide titles come from the title placeholders; tables repeat merged cells', () => {
    const slides = readPptx(bytes('office/powerpoint_sample.pptx'));
    expect(slides.map((s) => s.title)).toEqual(['Test Table Slide', 'Second slide title', null]);
    expect(md(slides[0]!.elements)).toContain(
      '<tr><td></td><td>Class1</td><td>Class1</td><td>Class1</td><td>Class2</td><td>Class2</td><td>Class2</td></tr>',
    );
    expect(md(slides[1]!.elements)).toMatch(/^# Second slide title\n/);
    expect(md(slides[1]!.elements)).toContain('- With foo\n- Bar');
  });
});
