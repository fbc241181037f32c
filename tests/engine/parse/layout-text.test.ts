// Layout fidelity on born-digital documents (issue 11), text flow: columns whose gutter is hidden by
// overhanging line ends (CJK), line joining, heading levels from the whole document, footnotes.
// fixtures/zh-two-column.pdf is LibreOffice's rendering of fixtures/zh-two-column.fodt (a Chinese paper
// with a narrow gutter, justified lines with hanging punctuation and a footnote); narrow-gutter.pdf is written
// by make-narrow-gutter.ts (two justified columns 8 pt apart, each row one text object across both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { readingOrder } from '../../../engine/reading-order/xycut.ts';
import { assignTitles } from '../../../engine/document/titles.ts';
import { numberScheme } from '../../../engine/document/title-levels.ts';
import { markNotes } from '../../../engine/kinds/notes.ts';
import { labelNotes } from '../../../shared/markdown/notes.ts';
import { toMarkdown } from '../../../shared/markdown/writer.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { cleanLine, joinLines, joinText } from '../../../engine/analysis/text.ts';
import { hyphenPairs, mendHyphens } from '../../../engine/document/hyphens.ts';
import type { Elem, PageAnalysis } from '../../../engine/model.ts';
import type { Rect } from '../../../engine/raw.ts';
import type { Block, Page } from '../../../shared/somark.ts';
import { options, parseCorpus, tempDir } from './helpers.ts';
import { rawLine } from './raw-line.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => {
  await tmp.dispose();
});

const blocks = (pages: Page[]): Block[] => pages.flatMap((p) => p.blocks);
const zhFixture = fileURLToPath(new URL('./fixtures/zh-two-column.pdf', import.meta.url));

describe('columns for every script', () => {
  it('cuts a gutter that full-width punctuation overhangs, but not a row of table cells', () => {
    const box = (id: string, bbox: Rect) => ({ id, bbox });
    // Left paragraphs reach 8 pt into the 9 pt gutter (hanging "，"); the right column starts at 302.
    const items = [
      box('L1', [57, 100, 303, 300]),
      box('R1', [302, 100, 538, 250]),
      box('L2', [57, 310, 293, 500]),
      box('R2', [302, 260, 548, 500]),
    ];
    expect(readingOrder(items).map((i) => i.id)).toEqual(['L1', 'L2', 'R1', 'R2']);
    const row = (y: number) => [box(`a${y}`, [50, y, 120, y + 10]), box(`b${y}`, [121, y, 200, y + 10])];
    expect(readingOrder([...row(0), ...row(20), ...row(40)]).map((i) => i.id)).toEqual([
      'a0',
      'b0',
      'a20',
      'b20',
      'a40',
      'b40',
    ]);
  });

  it('keeps two columns whose gutter is narrower than the row-joining gap apart', async () => {
    const file = fileURLToPath(new URL('./fixtures/narrow-gutter.pdf', import.meta.url));
    const doc = await parseDocument(file, 'narrow-gutter.pdf', options(tmp.dir));
    const text = blocks(doc.json.pages).filter((b) => b.type === 'text');
    expect(text.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...text.map((b) => b.bbox[2] - b.bbox[0]))).toBeLessThan(0.45 * doc.json.pages[0].page_size.w);
    expect(
      doc.markdown.startsWith('the quick brown fox jumps over a lazy dog while seven lazy dog while seven wizards'),
    ).toBe(true);
  });

  it('joins CJK without spaces (justification gaps too), Latin words with one, and mends hyphenated ends', () => {
    expect(cleanLine('摘 要 ：本文 研究 English words 한국어 단어')).toBe('摘要：本文研究 English words 한국어 단어');
    // An ideographic space is the writer's word break (a by-line, a chapter number before its name): it stays.
    expect([cleanLine('张明\u3000李华\u3000王芳'), cleanLine('\u3000\u3000第一章 \u3000总则')]).toEqual([
      '张明\u3000李华\u3000王芳',
      '第一章\u3000总则',
    ]);
    expect([
      joinText('选取两栋', '结构相同'),
      joinText('the shore', 'of'),
      joinText('infor-', 'mation'),
      joinText('한국어', '단어'),
    ]).toEqual(['选取两栋结构相同', 'the shore of', 'information', '한국어 단어']);
  });

  it('keeps the hyphen of a compound broken at a line end when the document writes it hyphenated mid-line', async () => {
    const pairs = hyphenPairs(['a state-of-the-art dual-encoder', 'the FAA-approved program']);
    const lines = (...ls: string[]) => ls.reduce(joinLines, '');
    expect(lines('a dual-', 'encoder and an infor-', 'mation retrieval')).toBe(
      'a dual\u00adencoder and an infor\u00admation retrieval',
    );
    expect(mendHyphens(lines('a dual-', 'encoder and an infor-', 'mation retrieval'), pairs)).toBe(
      'a dual-encoder and an information retrieval',
    );
    expect(mendHyphens(lines('state-of-the-', 'art, FAA-', 'approved, Soekarno-', 'Hatta'), pairs)).toBe(
      'state-of-the-art, FAA-approved, Soekarno-Hatta',
    );
    expect(mendHyphens(lines('ef-', 'ficient'), new Set())).toBe('efficient');
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    for (const w of ['dual-encoder', 'open-domain', 'fine-tuned', 'efficient', 'embeddings'])
      expect(doc.markdown).toContain(w);
    for (const w of ['dualencoder', 'opendomain', 'finetuned', 'ef-ficient', '\u00ad'])
      expect(doc.markdown).not.toContain(w);
    expect(JSON.stringify(doc.json)).not.toContain('\u00ad');
  });

  it('mends soft hyphens word by word as a regex over letters would: astral letters, marks, runs, strays', () => {
    const pairs = new Set(['co-op', 'b-c']);
    const cases: [string, string][] = [
      ['co\u00adop and re\u00adorder', 'co-op and reorder'],
      ['Co\u00adOp', 'Co-Op'],
      // "b" went with the first match, so the second hyphen joins nothing and is dropped ("b-c" not kept)
      ['a\u00adb\u00adc', 'abc'],
      ['x\u00ad 5\u00ad6 \u00ady', 'x 56 y'],
      ['\u{1d465}\u00ad\u{1d466} e\u0301t\u00ade\u0301', '\u{1d465}\u{1d466} e\u0301te\u0301'],
      ['\u00ad\u00adab\u00ad', 'ab'],
    ];
    for (const [text, mended] of cases) expect(mendHyphens(text, pairs)).toBe(mended);
    expect([...hyphenPairs(['state-of-the-art x-\u{1d466}'])]).toEqual(['state-of', 'of-the', 'the-art', 'x-y']); // keys are NFKC: the math italic y is y
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

  it('joins a paragraph the column foot cut off to its rest at the head of the next column (Markdown only), and across a face change', async () => {
    const en = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    expect(en.markdown).toContain('More specifically, we assume the extractive QA setting');
    // An italic phrase inside a sentence does not break its paragraph either.
    expect(en.markdown).toContain(
      'context “Sala Baker is best known for portraying the villain Sauron in the Lord of the Rings trilogy.” A term-based',
    );
    // The JSON keeps one block per column.
    const p1 = en.json.pages[1].blocks;
    const head = p1.find((b) => b.content.startsWith('the extractive QA setting'));
    expect(head?.bbox[0]).toBeGreaterThan(600);
    const ko = await parseCorpus('pdf-digital/normal_4pages.pdf', tmp.dir);
    expect(ko.markdown).toContain('이번에 개 정된 법에서'); // Hangul keeps the line break's space, as the page's own wraps
    // A paragraph that ends its sentence, and labels side by side, stay apart.
    expect(en.markdown).toMatch(/Facebook AI\n\n/);
    expect(ko.markdown).toMatch(/보아야 할지 이슈가 될 것으로 판단된다\.\n\n/);
  });
});

describe('TeX accents', () => {
  it('sets a spacing accent placed over or under its letter on it, before or after it in the text', async () => {
    const dpr = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    expect(dpr.markdown).toContain('Barlas Oğuz');
    const fr = await parseCorpus('pdf-digital/federal-register-2020-17221.pdf', tmp.dir);
    expect(fr.markdown).toContain('Agência Nacional de Aviação Civil');
    for (const c of ['\u02d8', '\u02c6', '\u00b8', '\u02dc']) expect(dpr.markdown + fr.markdown).not.toContain(c);
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
      kind: 'text',
      bbox: [50, y, 400, y + size],
      text,
      nLines: 1,
      size,
      bold: 1,
      italic: 0,
      mono: 0,
      indent: false,
      shortLast: true,
      zone: 'body',
    });
    const body = (y: number): Elem => ({
      ...el('正文段落的文字内容'.repeat(12), 10, y),
      nLines: 6,
      bold: 0,
      shortLast: false,
    });
    const heads = [
      el('管理办法', 20, 100),
      el('第一章 总则', 14, 140),
      el('一、目的', 14, 220),
      el('（一）适用范围', 14, 300),
      el('二、原则', 14, 380),
      el('第二章 职责', 14, 460),
    ];
    const elems = heads.flatMap((h) => [h, body(h.bbox[1] + 30)]);
    const page: PageAnalysis = { pageNum: 0, width: 600, height: 800, scale: 2, scanned: false, elems };
    const levels = assignTitles([page], [elems.map(() => null)], { size: 10, mono: false, font: '' })[0].filter(
      (l) => l > 0,
    );
    expect(levels).toEqual([1, 2, 3, 4, 3, 2]);
    expect(['第三章 附则', '三、范围', '（二）例外', '(3) 其他', '2.1 Scope', 'Results'].map(numberScheme)).toEqual([
      'zh-chapter',
      'zh-enum',
      'zh-paren',
      'paren',
      'dec',
      '',
    ]);
  });
});

describe('footnotes', () => {
  it('turns raised note marks into [^n] and the notes into definitions at the end of the Markdown, after both columns', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    expect(doc.markdown).toContain('observed in practice[^2], indicating');
    expect(doc.markdown).toMatch(/^\[\^2\]: For instance, the exact match score/m);
    const p0 = doc.json.pages[0].blocks;
    const notes = p0.map((b, i) => (b.type === 'footnote' ? i : -1)).filter((i) => i >= 0);
    const rightColumn = p0.map((b, i) => (b.type === 'text' && b.bbox[0] > 600 ? i : -1)).filter((i) => i >= 0);
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...notes)).toBeGreaterThan(Math.max(...rightColumn));
    // In the Markdown the definitions follow the body of every page: none sits between two paragraphs.
    const body = doc.markdown.trimEnd().split('\n\n');
    const firstDef = body.findIndex((p) => /^\[\^[^\]]+\]: /.test(p));
    expect(firstDef).toBeGreaterThan(body.findIndex((p) => p.includes('3.1 Overview')));
    expect(body.slice(firstDef).every((p) => /^\[\^[^\]]+\]: /.test(p))).toBe(true);
  });

  it('tells note marks from exponents: marks become [^n], scripted words inline $…$ LaTeX', () => {
    const line = (text: string, sup: number[], sub: number[] = []) => rawLine(text, [0, 0, 1, 1], { sup, sub });
    expect(markNotes(line('Sn = a + ar2 + ar3', [11, 17], [1])).text).toBe('$S_{n}$ = a + $ar^{2}$ + $ar^{3}$');
    expect(markNotes(line('the results.12 We', [12, 13])).text).toBe('the results.[^12] We');
    expect(markNotes(line('상해1)나 재해', [2, 3])).text).toBe('상해[^1]나 재해');
    expect(markNotes(line('3The note', [0])).text).toBe('3 The note');
    expect(markNotes(line('1,204 m2 in 2020', [])).text).toBe('1,204 m2 in 2020');
  });

  it('gives every note a clean label unique in the document (normal_4pages: no [^1-3] or [^n13]); numbered items inside a note stay in it', async () => {
    const doc = await parseCorpus('pdf-digital/normal_4pages.pdf', tmp.dir);
    const defs = [...doc.markdown.matchAll(/^\[\^([^\]]+)\]: /gm)].map((m) => m[1]);
    expect(defs.length).toBeGreaterThanOrEqual(10);
    expect(
      defs.every((l) => /^(\d{1,3}|[*∗†‡§¶]{1,3})$/.test(l)),
      defs.join(' '),
    ).toBe(true);
    expect(new Set(defs).size).toBe(defs.length);
    // Note 2 lists two numbered cases: they are part of its definition, not notes 1 and 2 again.
    expect(doc.markdown).toMatch(/^\[\^2\]: 생명보험은 .*말함 1\) 한국표준질병.*2\) 감염병의 예방/m);
    // Every reference in the body has its definition.
    const refs = [...doc.markdown.matchAll(/\[\^([^\]]+)\](?!:)/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(8);
    expect(refs.filter((r) => !defs.includes(r))).toEqual([]);
  });

  it('renumbers a note mark used again on a later page, with its reference', () => {
    const block = (type: Block['type'], content: string): Block => ({
      idx: 0,
      type,
      bbox: [0, 0, 1, 1],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const page = (n: number, blocks: Block[]): Page => ({
      page_num: n,
      page_size: { w: 10, h: 10 },
      merge_content_from_pre_page: false,
      blocks,
    });
    const pages = [
      page(0, [block('text', 'First[^1] and second[^2].'), block('footnote', '1 One.'), block('footnote', '2 Two.')]),
      page(1, [
        block('text', 'Again[^1] here[^*].'),
        block('footnote', '1 Three.'),
        block('footnote', '* Star.'),
        block('footnote', 'Unmarked.'),
      ]),
      page(2, [block('footnote', 'Alone at the foot.')]),
    ];
    expect(labelNotes(pages.map((p) => p.blocks.filter((b) => b.type === 'footnote'))).map((p) => p.labels)).toEqual([
      ['1', '2'],
      ['3', '*', null],
      ['4'],
    ]);
    const md = toMarkdown(pages, DEFAULT_FEATURE_CONFIG, 'url');
    expect(md).toBe(
      'First[^1] and second[^2].\n\nAgain[^3] here[^*].\n\n[^1]: One.\n\n[^2]: Two.\n\n[^3]: Three.\n\n[^*]: Star. Unmarked.\n\n[^4]: Alone at the foot.\n',
    );
  });
});
