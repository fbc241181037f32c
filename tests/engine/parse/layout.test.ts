// Layout fidelity on born-digital documents (issue 11): columns whose gutter is hidden by overhanging
// line ends (CJK), heading levels from the whole document, footnotes, TOC leaders, table spans.
// fixtures/zh-two-column.pdf is LibreOffice's rendering of fixtures/zh-two-column.fodt (a Chinese paper
// with a narrow gutter, justified lines with hanging punctuation and a footnote); borderless-table.pdf of
// borderless-table.fodt (a table without rules under a header spanning two columns, a list, two columns of prose).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/parse/index.ts';
import { readingOrder } from '../../../engine/parse/xycut.ts';
import { assignTitles } from '../../../engine/parse/titles.ts';
import { numberScheme } from '../../../engine/parse/title-levels.ts';
import { markNotes } from '../../../engine/parse/notes.ts';
import { attachTags, latexOf } from '../../../engine/parse/formulas.ts';
import type { Elem, PageAnalysis } from '../../../engine/parse/model.ts';
import type { RawLine, Rect } from '../../../engine/pdf/raw.ts';
import type { Block, Page } from '../../../shared/somark.ts';
import { options, parseCorpus, tempDir } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir(); });
afterAll(async () => { await tmp.dispose(); });

const blocks = (pages: Page[]): Block[] => pages.flatMap((p) => p.blocks);
const zhFixture = fileURLToPath(new URL('./fixtures/zh-two-column.pdf', import.meta.url));

describe('columns for every script', () => {
  it('cuts a gutter that full-width punctuation overhangs, but not a row of table cells', () => {
    const box = (id: string, bbox: Rect) => ({ id, bbox });
    // Left paragraphs reach 8 pt into the 9 pt gutter (hanging "，"); the right column starts at 302.
    const items = [box('L1', [57, 100, 303, 300]), box('R1', [302, 100, 538, 250]), box('L2', [57, 310, 293, 500]), box('R2', [302, 260, 548, 500])];
    expect(readingOrder(items).map((i) => i.id)).toEqual(['L1', 'L2', 'R1', 'R2']);
    const row = (y: number) => [box(`a${y}`, [50, y, 120, y + 10]), box(`b${y}`, [121, y, 200, y + 10])];
    expect(readingOrder([...row(0), ...row(20), ...row(40)]).map((i) => i.id)).toEqual(['a0', 'b0', 'a20', 'b20', 'a40', 'b40']);
  });

  it('reads a Chinese two-column page column by column, paragraphs joined without spaces', async () => {
    const doc = await parseDocument(zhFixture, 'zh-two-column.pdf', options(tmp.dir));
    const p0 = doc.json.pages[0].blocks.filter((b) => b.type === 'text' || b.type === 'title');
    const col = (b: Block) => (b.bbox[0] < 590 ? 'L' : 'R');
    const body = p0.filter((b) => b.bbox[1] > 300); // under the title and the abstract
    const switches = body.slice(1).filter((b, i) => col(b) !== col(body[i])).length;
    expect(switches).toBe(1); // all of the left column, then all of the right
    expect(doc.markdown).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);
    expect(doc.markdown).toContain('不同地震[^1]作用下结构'); // the note mark does not split the paragraph
  });
});

describe('heading hierarchy from the whole document', () => {
  it('puts the document title at level 1 and the numbered sections below it, in Markdown and catalog', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    const titles = blocks(doc.json.pages).filter((b) => b.type === 'title');
    const level = (t: string) => titles.find((b) => b.content.startsWith(t))?.title_level;
    expect(level('Dense Passage Retrieval')).toBe(1);
    expect(titles.filter((b) => b.title_level === 1)).toHaveLength(1);
    expect([level('Abstract'), level('1 Introduction'), level('3.1 Overview')]).toEqual([2, 2, 3]);
    expect(doc.catalog).toHaveLength(1);
    expect(doc.markdown.match(/^# /gm)).toHaveLength(1);
    const zh = await parseDocument(zhFixture, 'zh-two-column.pdf', options(tmp.dir));
    expect(zh.markdown).toMatch(/^# 高层建筑[^\n]*\n[\s\S]*^## 2 工程概况\n[\s\S]*^### 2\.1 结构布置/m);
  });

  it('orders Chinese numbering schemes within one heading style, and levels never skip', () => {
    const el = (text: string, size: number, y: number): Elem => ({
      kind: 'text', bbox: [50, y, 400, y + size], text, nLines: 1, size, bold: 1, italic: 0, mono: 0, indent: false, shortLast: true, zone: 'body',
    });
    const body = (y: number): Elem => ({ ...el('正文段落的文字内容'.repeat(12), 10, y), nLines: 6, bold: 0, shortLast: false });
    const heads = [el('管理办法', 20, 100), el('第一章 总则', 14, 140), el('一、目的', 14, 220), el('（一）适用范围', 14, 300), el('二、原则', 14, 380), el('第二章 职责', 14, 460)];
    const elems = heads.flatMap((h) => [h, body(h.bbox[1] + 30)]);
    const page: PageAnalysis = { pageNum: 0, width: 600, height: 800, scale: 2, scanned: false, elems };
    const levels = assignTitles([page], [elems.map(() => null)], { size: 10, mono: false, font: '' })[0].filter((l) => l > 0);
    expect(levels).toEqual([1, 2, 3, 4, 3, 2]);
    expect(['第三章 附则', '三、范围', '（二）例外', '(3) 其他', '2.1 Scope', 'Results'].map(numberScheme)).toEqual(['zh-chapter', 'zh-enum', 'zh-paren', 'paren', 'dec', '']);
  });
});

describe('footnotes', () => {
  it('turns raised note marks into [^n] and the notes into definitions after both columns of their page', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    expect(doc.markdown).toContain('observed in practice[^2], indicating');
    expect(doc.markdown).toMatch(/^\[\^2\]: For instance, the exact match score/m);
    const p0 = doc.json.pages[0].blocks;
    const notes = p0.map((b, i) => (b.type === 'footnote' ? i : -1)).filter((i) => i >= 0);
    const rightColumn = p0.map((b, i) => (b.type === 'text' && b.bbox[0] > 600 ? i : -1)).filter((i) => i >= 0);
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...notes)).toBeGreaterThan(Math.max(...rightColumn));
    // In the Markdown the page's definitions follow its last body paragraph, before the next page.
    expect(doc.markdown.indexOf('[^2]: For instance')).toBeLessThan(doc.markdown.indexOf('3.1 Overview'));
  });

  it('tells note marks from exponents: marks become [^n], scripted words inline $…$ LaTeX', () => {
    const line = (text: string, sup: number[], sub: number[] = []): RawLine => ({ text, sup, sub, cx0: [], cx1: [], bbox: [0, 0, 1, 1], size: 10, bold: 0, italic: 0, mono: 0, font: '', rotated: false, rtl: false });
    expect(markNotes(line('Sn = a + ar2 + ar3', [11, 17], [1])).text).toBe('$S_{n}$ = a + $ar^{2}$ + $ar^{3}$');
    expect(markNotes(line('the results.12 We', [12, 13])).text).toBe('the results.[^12] We');
    expect(markNotes(line('상해1)나 재해', [2, 3])).text).toBe('상해[^1]나 재해');
    expect(markNotes(line('3The note', [0])).text).toBe('3 The note');
    expect(markNotes(line('1,204 m2 in 2020', [])).text).toBe('1,204 m2 in 2020');
  });
});

describe('table of contents and tables', () => {
  it('drops dot leaders from TOC entries, keeping title and page number, one cate_item each', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', tmp.dir);
    expect(doc.markdown).not.toMatch(/(\. ){4}/);
    expect(doc.markdown).toMatch(/^Notices vii$/m);
    expect(doc.markdown).toMatch(/^1\.1 Security fundamentals 2$/m);
    const items = blocks(doc.json.pages).filter((b) => b.type === 'cate_item');
    expect(items.length).toBeGreaterThan(20);
    expect(blocks(doc.json.pages).filter((b) => b.type === 'title').map((b) => b.content)).not.toContain('Notices vii');
  });

  it('fences SQL listings set in a fixed-pitch face, keyword column and argument column on shared lines', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', tmp.dir);
    const code = blocks(doc.json.pages).filter((b) => b.type === 'code').map((b) => b.content);
    expect(code.some((c) => /^SELECT +function_id,\n +user_name,\n[\s\S]*^FROM +function_usage\n^WHERE +function_id=/m.test(c))).toBe(true);
    expect(doc.markdown).toMatch(/```\n\/\* Active Row Access Control \(permissions\) \*\/\n[\s\S]*ACTIVATE COLUMN ACCESS CONTROL;\n```/);
    expect(code.some((c) => c.includes('http://www.idtheftcenter.org'))).toBe(false); // notes with addresses are no code
  });

  it('covers every grid cell exactly once (prefilled_f1040: no overlapping spans)', async () => {
    const doc = await parseCorpus('forms/prefilled_f1040.pdf', tmp.dir);
    const tables = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      const rows = [...t.content.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<td(?: rowspan="(\d+)")?(?: colspan="(\d+)")?>/g)].map((c) => [Number(c[1] ?? 1), Number(c[2] ?? 1)]));
      const occ = new Map<string, number>();
      rows.forEach((cells, r) => {
        let c = 0;
        for (const [rs, cs] of cells) {
          while (occ.has(`${r},${c}`)) c++;
          for (let y = r; y < r + rs; y++) for (let x = c; x < c + cs; x++) occ.set(`${y},${x}`, (occ.get(`${y},${x}`) ?? 0) + 1);
          c += cs;
        }
      });
      expect([...occ.values()].every((v) => v === 1)).toBe(true);
      const width = Math.max(...[...occ.keys()].map((k) => Number(k.split(',')[1]))) + 1;
      expect(occ.size).toBe(rows.length * width); // a full rectangle: no holes
    }
  });
});

describe('formulas', () => {
  it('makes a display formula an equation block in LaTeX, $$-fenced in the Markdown', async () => {
    const doc = await parseCorpus('pdf-digital/code_and_formula.pdf', tmp.dir);
    const eq = blocks(doc.json.pages).filter((b) => b.type === 'equation');
    expect(eq.map((b) => b.content)).toEqual(['a^{2} + 8 = 12']);
    expect(doc.markdown).toContain('$$\na^{2} + 8 = 12\n$$');
    expect(blocks(doc.json.pages).filter((b) => b.type === 'text').length).toBeGreaterThan(5); // prose stays text
  });

  it('rebuilds scripts, Greek letters and symbols, and takes a right-aligned number as \\tag', () => {
    const line = (text: string, sup: number[], sub: number[]): RawLine => ({ text, sup, sub, cx0: [], cx1: [], bbox: [0, 0, 1, 1], size: 10, bold: 0, italic: 0, mono: 0, font: 'CMMI10', rotated: false, rtl: false });
    expect(latexOf(line('Sn = a + ar + ar2 + ⋯', [16], [1]))).toBe('S_{n} = a + ar + ar^{2} + \\cdots');
    expect(latexOf(line('α ≤ βi', [], [5]))).toBe('\\alpha \\leq \\beta_{i}');
    const el = (kind: Elem['kind'], text: string, bbox: Rect): Elem => ({ kind, text, bbox, nLines: 1, size: 10, bold: 0, italic: 0, mono: 0, indent: false, shortLast: true, zone: 'body' });
    const out = attachTags([el('equation', 'E = mc^{2}', [200, 100, 300, 112]), el('text', '(3)', [500, 101, 515, 112])]);
    expect(out.map((e) => e.text)).toEqual(['E = mc^{2} \\tag{3}']);
  });
});

describe('tables without rules', () => {
  it('finds a borderless table with a spanning header, and leaves the list and the two columns of prose alone', async () => {
    const file = fileURLToPath(new URL('./fixtures/borderless-table.pdf', import.meta.url));
    const doc = await parseDocument(file, 'borderless-table.pdf', options(tmp.dir));
    const tables = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0].content).toContain('<tr><td></td><td colspan="2">Sales</td><td></td></tr><tr><td>Region</td><td>Q1 sales</td><td>Q2 sales</td><td>Change</td></tr>');
    expect(tables[0].content).toContain('<tr><td>West</td><td>760</td><td>811</td><td>+6.7%</td></tr></table>');
    expect(doc.markdown).toContain('Second item of the list');
    expect(blocks(doc.json.pages).filter((b) => b.type === 'text' && b.content.startsWith('The quarterly figures')).length).toBeGreaterThanOrEqual(3);
  });

  it('reads the numeric table of embedded-images-tables.pdf, and no table into multi-column prose', async () => {
    const doc = await parseCorpus('tables/embedded-images-tables.pdf', tmp.dir);
    const t = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(t).toHaveLength(1);
    expect(t[0].content).toMatch(/^<table><tr><td>0<\/td><td>0\.0335<\/td><td>0\.0409<\/td>/);
    for (const rel of ['pdf-digital/federal-register-2020-17221.pdf', 'pdf-digital/multi-column-2p.pdf', 'cjk/korean-text-with-tables.pdf']) {
      const d = await parseCorpus(rel, tmp.dir);
      for (const b of blocks(d.json.pages).filter((x) => x.type === 'table')) expect(b.content.length, rel).toBeLessThan(0.5 * d.markdown.length);
      expect(blocks(d.json.pages).filter((x) => x.type === 'table').length, rel).toBe(rel.includes('federal') ? 2 : 0);
    }
  });
});
