// Office elements on the converted PDF's pages (no LibreOffice: pages made here): each element takes the page
// and box of the block that shows it, elements sharing a block split its height, a table printed as loose
// cells takes the box around them, a formula the next formula block, a picture the PDF's picture, a note the
// block that holds it; an element with no match keeps its neighbour's page; the PDF's headers stay, a block
// showing the source's footer is a footer, the PDF's other blocks give way.
import { describe, expect, it } from 'vitest';
import type { Block, Page } from '../../../shared/somark.ts';
import { placeElements } from '../../../engine/source/office/place.ts';
import type { SourceElem } from '../../../engine/source/office/elements.ts';

const block = (type: string, content: string, bbox: Block['bbox'], img_url = ''): Block => ({
  idx: 0,
  type,
  bbox,
  content,
  format: type === 'table' ? 'html' : 'text',
  captions: [],
  img_url,
});
const page = (n: number, blocks: Block[]): Page => ({
  page_num: n,
  page_size: { w: 1000, h: 1400 },
  merge_content_from_pre_page: n > 0,
  blocks: blocks.map((b, idx) => ({ ...b, idx })),
});

const PDF = [
  page(0, [
    block('header', 'Annual report', [100, 20, 400, 40]),
    block('text', 'Ducks in Spring', [100, 100, 500, 140]),
    block('text', 'The lake is cold in spring and the ducks swim close to the shore.', [100, 160, 900, 220]),
    block('text', 'Find the lake Check the water', [100, 240, 900, 300]),
    block('equation', 'E = mc2', [400, 320, 600, 360]),
    block('text', 'Name', [100, 400, 200, 420]),
    block('text', 'Weight', [300, 400, 400, 420]),
    block('text', 'Duck', [100, 430, 200, 450]),
    block('text', '12', [300, 430, 400, 450]),
    block('figure', 'A duck', [100, 500, 500, 800], 'images/image_001.png'),
    block('text', 'Stray words LibreOffice drew', [100, 820, 500, 840]),
    block('text', '1 Measured in April at the northern shore.', [100, 1300, 900, 1330]),
    block('text', 'Duck Report page 1', [100, 1360, 500, 1390]),
  ]),
  page(1, [block('text', 'The end of the document.', [100, 100, 600, 130])]),
];

const ELEMS: SourceElem[] = [
  { type: 'title', content: 'Ducks in Spring', level: 1 },
  { type: 'text', content: 'The lake is cold in spring and the ducks swim close to the shore.[^1]' },
  { type: 'text', content: '1. Find the lake' },
  { type: 'text', content: '2. Check the water' },
  { type: 'equation', content: 'E=mc^{2}' },
  { type: 'table', content: '<table><tr><td>Name</td><td>Weight</td></tr><tr><td>Duck</td><td>12</td></tr></table>' },
  { type: 'figure', content: '' },
  { type: 'text', content: 'A sentence LibreOffice printed nowhere' },
  { type: 'text', content: 'The end of the document.' },
  { type: 'footnote', content: '1 Measured in April at the northern shore.' },
  { type: 'footer', content: 'Duck Report page' },
];

describe('Office elements on the converted pages', () => {
  const pages = placeElements(PDF, ELEMS);
  const blocks = pages.flatMap((p) => p.blocks.map((b) => ({ ...b, page: p.page_num })));
  const find = (content: string) => blocks.find((b) => b.content === content)!;

  it('each element takes the page and box of the block that shows it', () => {
    expect(find('Ducks in Spring')).toMatchObject({
      type: 'title',
      title_level: 1,
      page: 0,
      bbox: [100, 100, 500, 140],
    });
    expect(find('The lake is cold in spring and the ducks swim close to the shore.[^1]').bbox).toEqual([
      100, 160, 900, 220,
    ]);
    expect(find('E=mc^{2}')).toMatchObject({ type: 'equation', bbox: [400, 320, 600, 360] });
    expect(find('The end of the document.')).toMatchObject({ page: 1, bbox: [100, 100, 600, 130] });
  });

  it('two elements in one block split its height; a table printed as loose cells takes the box around them', () => {
    // Bands in order, sized by their text (16 and 18 characters of the block's 60 px).
    expect(find('1. Find the lake').bbox).toEqual([100, 240, 900, 268]);
    expect(find('2. Check the water').bbox).toEqual([100, 268, 900, 300]);
    const table = blocks.find((b) => b.type === 'table')!;
    expect(table).toMatchObject({ format: 'html', bbox: [100, 400, 400, 450] });
  });

  it("a picture is the PDF's picture; a note the block that holds it; the PDF's header stays, its stray text goes", () => {
    expect(blocks.filter((b) => b.type === 'figure')).toMatchObject([
      { img_url: 'images/image_001.png', content: 'A duck', bbox: [100, 500, 500, 800] },
    ]);
    expect(find('1 Measured in April at the northern shore.')).toMatchObject({
      type: 'footnote',
      bbox: [100, 1300, 900, 1330],
    });
    expect(pages[0]!.blocks[0]).toMatchObject({ type: 'header', content: 'Annual report' });
    // A block showing the source's footer part is a footer (the writer leaves it out of the Markdown).
    expect(find('Duck Report page 1')).toMatchObject({ type: 'footer', bbox: [100, 1360, 500, 1390] });
    expect(blocks.some((b) => b.content.startsWith('Stray words'))).toBe(false);
    expect(blocks.some((b) => b.type === 'text' && b.content === 'Name')).toBe(false);
  });

  it("an element with no match keeps its neighbour's page, just below it; indices and flags are the page's own", () => {
    const lost = find('A sentence LibreOffice printed nowhere');
    expect(lost.page).toBe(0);
    expect(lost.bbox).toEqual([100, 800, 500, 801]);
    for (const p of pages) {
      expect(p.blocks.map((b) => b.idx)).toEqual(p.blocks.map((_, i) => i));
      expect(p.merge_content_from_pre_page).toBe(false);
    }
    // Body in source order, notes after it, on each page.
    expect(pages[0]!.blocks.map((b) => b.type)).toEqual([
      'header',
      'title',
      'text',
      'text',
      'text',
      'equation',
      'table',
      'figure',
      'text',
      'footnote',
      'footer',
    ]);
  });
});
