// Structure read from the Office files' own XML (no LibreOffice needed): Excel sheets as tables with
// merged cells repeated, Word heading levels, lists and OMML equations as LaTeX, PowerPoint slide titles.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readChartTitles, readXlsx, sheetsMarkdown } from '../../../engine/source/office/xlsx.ts';
import { withSheetPages } from '../../../engine/source/office/xlsx-blocks.ts';
import type { ParsedDocument } from '../../../engine/types.ts';
import { readDocx } from '../../../engine/source/office/docx.ts';
import { readPptx } from '../../../engine/source/office/pptx.ts';
import { ommlToLatex } from '../../../engine/source/office/omml.ts';
import { find, parseXml } from '../../../engine/source/office/tree.ts';
import { corpus } from '../parse/helpers.ts';

const bytes = (rel: string) => new Uint8Array(readFileSync(corpus(rel)));

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
    expect(sheetsMarkdown(sheets)).toContain(
      '## Sheet2\n\n| col-1 | col-2 | col-3 | col-4 |\n| - | - | - | - |\n| 1 | 2 | 3 | 4 |',
    );
  });

  it('xlsx_01: chart titles; on the converted pages no sheet continues another and a chart title is text', () => {
    expect(readChartTitles(bytes('office/xlsx_01.xlsx'))).toEqual(["'col-2', 'col-3', 'col-4' by 'col-1'", "'col-3'"]);
    const block = (type: string, content: string) => ({
      idx: 0,
      type,
      bbox: [0, 0, 10, 10] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const doc = {
      markdown: '',
      json: {
        pages: [
          {
            page_num: 0,
            page_size: { w: 100, h: 50 },
            merge_content_from_pre_page: false,
            blocks: [block('table', '<table></table>')],
          },
          {
            page_num: 1,
            page_size: { w: 900, h: 400 },
            merge_content_from_pre_page: true,
            blocks: [block('equation', "_{14} 'col-3'"), block('equation', 'x_{1}')],
          },
        ],
      },
    } as unknown as ParsedDocument;
    const pages = withSheetPages(doc, ["'col-3'"]).json.pages;
    expect(pages.map((p) => p.merge_content_from_pre_page)).toEqual([false, false]);
    expect(pages[1]!.blocks.map((b) => [b.type, b.content])).toEqual([
      ['text', "'col-3'"],
      ['text', 'x_{1}'],
    ]);
  });
});

describe('Word', () => {
  it('heading styles give levels; Title is level 1', () => {
    const { headings, markdown } = readDocx(bytes('office/unit_test_headers.docx'));
    expect(headings.slice(0, 5)).toEqual([
      { text: 'Test Document', level: 1 },
      { text: 'Section 1', level: 1 },
      { text: 'Section 1.1', level: 2 },
      { text: 'Section 1.2', level: 2 },
      { text: 'Section 1.2.3', level: 3 },
    ]);
    expect(markdown).toContain('### Section 1.1\n\nParagraph 1.1.1');
  });

  it('equations become LaTeX, inline and on their own line; list items stay items', () => {
    const { markdown } = readDocx(bytes('office/equations.docx'));
    expect(markdown).toContain('inline equation: $A=\\pi r^{2}$');
    expect(markdown).toContain('- Second item with equations: $E=mc^{2}$ and $F=ma$');
    expect(markdown).toContain('$$a^{2}+b^{2}=c^{2} \\times 23$$');
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
    expect(slides[0]!.markdown).toContain('|  | Class1 | Class1 | Class1 | Class2 | Class2 | Class2 |');
    expect(slides[1]!.markdown).toMatch(/^# Second slide title\n/);
    expect(slides[1]!.markdown).toContain('- With foo\n- Bar');
  });
});
