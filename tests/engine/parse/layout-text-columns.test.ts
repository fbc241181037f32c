// Layout fidelity on born-digital documents (issue 11), text flow in columns: gutters hidden by overhanging
// line ends (CJK), line joining and hyphens, TeX accents.
// fixtures/zh-two-column.pdf is LibreOffice's rendering of fixtures/zh-two-column.fodt (a Chinese paper
// with a narrow gutter, justified lines with hanging punctuation and a footnote); narrow-gutter.pdf is written
// by make-narrow-gutter.ts (two justified columns 8 pt apart, each row one text object across both).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { readingOrder } from '../../../engine/reading-order/xycut.ts';
import { cleanLine, joinLines, joinText } from '../../../engine/analysis/text.ts';
import { hyphenPairs, mendHyphens } from '../../../engine/document/hyphens.ts';
import type { Rect } from '../../../engine/raw.ts';
import type { Block } from '../../../shared/somark.ts';
import { options, parseCorpus, blocks, suiteDir } from './helpers.ts';

const at = suiteDir();

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
    const doc = await parseDocument(file, 'narrow-gutter.pdf', options(at()));
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
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
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
    const doc = await parseDocument(zhFixture, 'zh-two-column.pdf', options(at()));
    const p0 = doc.json.pages[0].blocks.filter((b) => b.type === 'text' || b.type === 'title');
    const col = (b: Block) => (b.bbox[0] < 590 ? 'L' : 'R');
    const body = p0.filter((b) => b.bbox[1] > 300); // under the title and the abstract
    const switches = body.slice(1).filter((b, i) => col(b) !== col(body[i])).length;
    expect(switches).toBe(1); // all of the left column, then all of the right
    expect(doc.markdown).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);
    expect(doc.markdown).toContain('不同地震[^1]作用下结构'); // the note mark does not split the paragraph
  });

  it('joins a paragraph the column foot cut off to its rest at the head of the next column (Markdown only), and across a face change', async () => {
    const en = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
    expect(en.markdown).toContain('More specifically, we assume the extractive QA setting');
    // An italic phrase inside a sentence does not break its paragraph either.
    expect(en.markdown).toContain(
      'context “Sala Baker is best known for portraying the villain Sauron in the Lord of the Rings trilogy.” A term-based',
    );
    // The JSON keeps one block per column.
    const p1 = en.json.pages[1].blocks;
    const head = p1.find((b) => b.content.startsWith('the extractive QA setting'));
    expect(head?.bbox[0]).toBeGreaterThan(600);
    const ko = await parseCorpus('pdf-digital/normal_4pages.pdf', at());
    expect(ko.markdown).toContain('이번에 개 정된 법에서'); // Hangul keeps the line break's space, as the page's own wraps
    // A paragraph that ends its sentence, and labels side by side, stay apart.
    expect(en.markdown).toMatch(/Facebook AI\n\n/);
    expect(ko.markdown).toMatch(/보아야 할지 이슈가 될 것으로 판단된다\.\n\n/);
  });
});

describe('TeX accents', () => {
  it('sets a spacing accent placed over or under its letter on it, before or after it in the text', async () => {
    const dpr = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
    expect(dpr.markdown).toContain('Barlas Oğuz');
    const fr = await parseCorpus('pdf-digital/federal-register-2020-17221.pdf', at());
    expect(fr.markdown).toContain('Agência Nacional de Aviação Civil');
    for (const c of ['\u02d8', '\u02c6', '\u00b8', '\u02dc']) expect(dpr.markdown + fr.markdown).not.toContain(c);
  });
});
