// parseDocument on real corpus files, the document's structure: JSON invariants, reading order, titles,
// headers/footers, paragraphs across pages, tables and code.
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../shared/somark.ts';
import { jsonViolations, parseCorpus, suiteDir } from './helpers.ts';

const at = suiteDir();

const indexOf = (blocks: Block[], start: string) => blocks.findIndex((b) => b.content.startsWith(start));

describe('JSON shape', () => {
  it.each([
    'pdf-digital/multi_page.pdf',
    'pdf-digital/federal-register-2020-17221.pdf',
    'pdf-digital/picture_classification.pdf',
    'pdf-digital/redp5110_sampled.pdf',
    'cjk/issue12823.pdf',
    'rotated/rotated-page-90.pdf',
    'images/double-column-A.jpg',
  ])('%s: valid types, idx and bboxes', async (rel) => {
    // OCR'd pages have their own shape test (tests/engine/ocr); a full-page OCR is too slow here.
    const doc = await parseCorpus(rel, at(), { ocr: { enabled: false, lang: 'auto' } });
    expect(doc.json.pages.length).toBe(doc.pageCount);
    expect(jsonViolations(doc)).toEqual([]);
  });

  it('page_size is the page at 144 DPI (2 × points)', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', at());
    expect(doc.json.pages[0].page_size).toEqual({ w: 1190, h: 1684 }); // A4: 595.2 × 841.92 pt
    expect(doc.fileType).toBe('.pdf');
  });
});

describe('reading order', () => {
  it('reads a two-column page column by column, after the full-width title', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
    const b = doc.json.pages[0].blocks;
    const title = indexOf(b, 'Dense Passage Retrieval');
    const abstract = indexOf(b, 'Abstract');
    const intro = b.findIndex((x) => /^1\s+Introduction/.test(x.content));
    const leftBody = indexOf(b, 'Open-domain question answering (QA)');
    const rightBody = indexOf(b, 'Retrieval in open-domain QA');
    expect(Math.min(title, abstract, intro, leftBody, rightBody)).toBeGreaterThanOrEqual(0);
    expect(title).toBeLessThan(abstract);
    expect(abstract).toBeLessThan(intro);
    expect(intro).toBeLessThan(leftBody);
    expect(leftBody).toBeLessThan(rightBody);
  });
});

describe('titles', () => {
  it('finds the section titles of multi_page.pdf with levels, and builds the catalog', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', at());
    const titles = doc.json.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'title'));
    const names = titles.map((t) => t.content);
    expect(names).toContain('Pre-Digital Era (19th - Early 20th Century)');
    expect(names).toContain('The Birth of Word Processing (1960s - 1970s)');
    expect(names).toContain('A Glimpse Into the Future');
    expect(names.some((n) => n.startsWith('The origins of word processing'))).toBe(false);
    // Section headings (13.5 pt bold) share one level (titles.test.ts checks the document title's).
    const level = (n: string) => titles.find((t) => t.content === n)!.title_level;
    expect(level('Pre-Digital Era (19th - Early 20th Century)')).toBe(level('A Glimpse Into the Future'));
    expect(doc.markdown).toMatch(/^#{1,6} Pre-Digital Era \(19th - Early 20th Century\)$/m);
    expect(doc.catalog.length).toBeGreaterThan(0);
    const flat = (n: typeof doc.catalog): number => n.reduce((a, c) => a + 1 + flat(c.children), 0);
    expect(flat(doc.catalog)).toBe(titles.length);
    const node = doc.catalog.find((c) => c.content === 'Pre-Digital Era (19th - Early 20th Century)')!;
    expect(doc.json.pages[node.page_num].blocks[node.block_idx].content).toBe(node.content);
  });
});

describe('headers and footers', () => {
  it('keeps the header and footer of header-test-doc.pdf out of the Markdown unless asked', async () => {
    const doc = await parseCorpus('pdf-digital/header-test-doc.pdf', at());
    const types = doc.json.pages[0].blocks.map((b) => b.type);
    expect(types).toContain('header');
    expect(types).toContain('footer');
    expect(doc.markdown).not.toMatch(/I Am A Header|I Am A Footer/);
    expect(doc.markdown).toContain('Here is a lovely sentences.');
    const kept = await parseCorpus('pdf-digital/header-test-doc.pdf', at(), { fc: { keep_header_footer: true } });
    expect(kept.markdown).toMatch(/I Am A Header[\s\S]*I Am A Footer/);
  });

  it('drops running heads and page numbers of a long book', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', at());
    const footers = doc.json.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'footer' || b.type === 'header'));
    expect(footers.length).toBeGreaterThan(5);
    for (const f of footers.filter((x) => /\p{L}{3}/u.test(x.content)))
      expect(doc.markdown.split('\n')).not.toContain(f.content);
  });
});

describe('cross-page paragraphs', () => {
  it('flags a page that opens with the tail of the previous paragraph, and joins it only when asked', async () => {
    const doc = await parseCorpus('pdf-digital/federal-register-2020-17221.pdf', at());
    const flags = doc.json.pages.map((p) => p.merge_content_from_pre_page);
    expect(flags[0]).toBe(false);
    expect(flags[1]).toBe(true); // "… takeoff from Soekarno-" | "Hatta International Airport …"
    expect(flags.filter(Boolean).length).toBeLessThan(flags.length / 2);
    // Not joined: the page break stays.
    expect(doc.markdown).toContain('Soekarno-\n\nHatta International Airport');
    const joined = await parseCorpus('pdf-digital/federal-register-2020-17221.pdf', at(), {
      fc: { enable_text_cross_page: true },
    });
    expect(joined.markdown).toContain('takeoff from Soekarno-Hatta International Airport');
    expect(joined.json).toEqual(doc.json);
  });

  it('never flags a page that starts with a title', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', at());
    expect(doc.json.pages.map((p) => p.merge_content_from_pre_page)).toEqual([false, false, false, false, false]);
  });
});

describe('tables and code', () => {
  it('turns a ruled table into HTML with spans, rows in order', async () => {
    const doc = await parseCorpus('pdf-digital/2305.03393v1-pg9.pdf', at());
    const tables = doc.json.pages[0].blocks.filter((b) => b.type === 'table');
    expect(tables.length).toBe(1);
    const html = tables[0].content;
    expect(html).toMatch(/^<table>.*<\/table>$/);
    expect(html).toContain('<td colspan="3">TEDs</td>');
    expect(html).toContain('<td>simple</td><td>complex</td><td>all</td>');
    expect(html.indexOf('0.965 0.969')).toBeLessThan(html.indexOf('0.938 0.952'));
    expect(doc.markdown).toContain(html);
    expect(doc.markdown).not.toMatch(/^OTSL HTML OTSL/m); // cell text is not repeated as loose paragraphs
  });

  it('reads a table set sideways on its page (text turned 90°) as a table, boxes in the page frame', async () => {
    const doc = await parseCorpus('rotated/nics-background-checks-2015-11-rotated.pdf', at());
    expect(jsonViolations(doc)).toEqual([]);
    const p = doc.json.pages[0];
    const table = p.blocks.find((b) => b.type === 'table')!;
    expect(table.content.indexOf('<td>Alabama</td>')).toBeGreaterThan(0);
    expect(table.content.indexOf('<td>Alabama</td>')).toBeLessThan(table.content.indexOf('<td>Alaska</td>'));
    expect(table.bbox[3] - table.bbox[1]).toBeGreaterThan(table.bbox[2] - table.bbox[0]); // tall on the portrait page
  });

  it('keeps a listing as a fenced code block with its line breaks', async () => {
    const doc = await parseCorpus('pdf-digital/code_and_formula.pdf', at());
    const code = doc.json.pages.flatMap((p) => p.blocks).filter((b) => b.type === 'code');
    expect(code.map((c) => c.content)).toEqual(['function add(a, b) {\n    return a + b;\n}\nconsole.log(add(3, 5));']);
    expect(doc.markdown).toContain('```\nfunction add(a, b) {\n    return a + b;\n}\nconsole.log(add(3, 5));\n```');
  });
});
