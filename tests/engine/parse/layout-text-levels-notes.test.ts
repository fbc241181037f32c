// Layout fidelity on born-digital documents (issue 11): heading levels from the whole document and
// footnotes (marks, definitions at the end, labels unique in the document), on fixtures/zh-two-column.pdf
// (LibreOffice's rendering of fixtures/zh-two-column.fodt) and corpus files.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { assignTitles } from '../../../engine/document/titles.ts';
import { numberScheme } from '../../../engine/document/title-levels.ts';
import { markNotes } from '../../../engine/kinds/notes.ts';
import { labelNotes } from '../../../shared/markdown/notes.ts';
import { toMarkdown } from '../../../shared/markdown/writer.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import type { Elem, PageAnalysis } from '../../../engine/model.ts';
import type { Block, Page } from '../../../shared/somark.ts';
import { options, parseCorpus, blocks, suiteDir } from './helpers.ts';
import { rawLine } from './raw-line.ts';

const at = suiteDir();

const zhFixture = fileURLToPath(new URL('./fixtures/zh-two-column.pdf', import.meta.url));

describe('heading hierarchy from the whole document', () => {
  it('puts the document title at level 1 and the numbered sections below it, in Markdown and catalog', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
    const titles = blocks(doc.json.pages).filter((b) => b.type === 'title');
    const level = (t: string) => titles.find((b) => b.content.startsWith(t))?.title_level;
    expect(level('Dense Passage Retrieval')).toBe(1);
    expect(titles.filter((b) => b.title_level === 1)).toHaveLength(1);
    expect([level('Abstract'), level('1 Introduction'), level('3.1 Overview')]).toEqual([2, 2, 3]);
    expect(doc.catalog).toHaveLength(1);
    expect(doc.markdown.match(/^# /gm)).toHaveLength(1);
    const zh = await parseDocument(zhFixture, 'zh-two-column.pdf', options(at()));
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
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', at());
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
    const doc = await parseCorpus('pdf-digital/normal_4pages.pdf', at());
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
