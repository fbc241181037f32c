// Layout fidelity found by bench:holdout (issue 11): two columns under an author line that crosses their
// gutter, a centred title line above a flush-left heading, notes whose marks hang left of their text, CJK faces
// flagged monospaced, a memo whose numbered headings share one style. fixtures/zh-notes.pdf is LibreOffice's
// rendering of fixtures/zh-notes.fodt (written with bench/holdout/fodt.ts: a two-line centred title, body marks
// raised in another face, two footnotes with hanging marks, the second short, and a borderless table of config keys).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { assembleDocument, parseDocument } from '../../../engine/core/parse.ts';
import type { Elem } from '../../../engine/model.ts';
import { readingOrder } from '../../../engine/reading-order/xycut.ts';
import type { Rect } from '../../../engine/raw.ts';
import { options, suiteDir } from './helpers.ts';

const at = suiteDir();

const box = (id: string, bbox: Rect) => ({ id, bbox });

describe('reading order', () => {
  it('reads two columns whose headings share rows as columns, under a centred line crossing their gutter', () => {
    // en-two-column page 1 (points): title, authors (crossing the gutter at 289-306), abstract, then columns.
    const top = [
      box('title', [135, 64, 460, 82]),
      box('authors', [208, 94, 387, 105]),
      box('abstract', [91, 116, 504, 158]),
    ];
    const left = [
      box('L1 Introduction', [63, 182, 149, 196]),
      box('Lp1', [63, 204, 289, 420]),
      box('Lp2', [63, 427, 289, 534]),
      box('L2 Related Work', [63, 553, 156, 567]),
      box('Lp3', [63, 575, 289, 743]),
    ];
    const right = [
      box('R2.1', [306, 182, 428, 194]),
      box('Rp1', [306, 200, 533, 343]),
      box('R2.2', [306, 359, 414, 371]),
      box('Rp2', [306, 377, 533, 508]),
      box('R3 Experiments', [306, 527, 393, 541]),
      box('Rp3', [306, 549, 533, 753]),
    ];
    const order = readingOrder([...right, ...top, ...left]).map((b) => b.id);
    expect(order).toEqual([...top, ...left, ...right].map((b) => b.id));
  });

  it('reads a centred second title line before the heading below it (no column between them)', () => {
    const items = [
      box('title', [70, 70, 525, 88]),
      box('title 2', [245, 92, 350, 110]),
      box('1 Introduction', [63, 137, 180, 151]),
      box('para', [63, 162, 533, 248]),
      box('2 Method', [63, 262, 170, 276]),
      box('para 2', [63, 286, 533, 340]),
      box('caption', [230, 352, 362, 364]),
      box('table', [63, 370, 533, 450]),
    ];
    expect(readingOrder(items).map((b) => b.id)).toEqual(items.map((b) => b.id));
  });
});

describe('notes, titles and CJK faces on a born-digital page (zh-notes.pdf)', () => {
  const file = fileURLToPath(new URL('./fixtures/zh-notes.pdf', import.meta.url));
  it('makes each note with a hanging mark its own footnote, the low one no footer, and the marks references', async () => {
    const doc = await parseDocument(file, 'zh-notes.pdf', options(at()));
    const blocks = doc.json.pages[0].blocks;
    expect(blocks.filter((b) => b.type === 'footnote').map((b) => b.content)).toEqual([
      '1 本文的数据集与代码可向作者索取，使用时请注明出处。',
      '2 数据由市交通管理部门提供。',
    ]);
    expect(blocks.filter((b) => b.type === 'footer').map((b) => b.content)).toEqual(['1']);
    expect(doc.markdown).toMatch(
      /\n\[\^1\]: 本文的数据集与代码可向作者索取，使用时请注明出处。\n\n\[\^2\]: 数据由市交通管理部门提供。\n$/,
    );
    // The body's marks (one raised at the head of a mupdf line, in another face) are references in one paragraph.
    expect(doc.markdown).toMatch(/基本一致。\[\^1\]随着城市化[^\n]*\[\^2\]/);
    expect(doc.markdown).not.toMatch(/^\d$/m);
  });

  it('keeps a centred two-line title whole, and reads CJK faces (flagged fixed-pitch) as no code', async () => {
    const doc = await parseDocument(file, 'zh-notes.pdf', options(at()));
    const blocks = doc.json.pages[0].blocks;
    expect(blocks.filter((b) => b.type === 'title').map((b) => [b.content, b.title_level])).toEqual([
      ['基于版面分析的学术论文脚注与表格识别方法研究：以双栏期刊论文为例', 1],
      ['1 引言', 2],
    ]);
    expect(blocks.some((b) => b.type === 'code')).toBe(false);
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0].content).toContain('<tr><td>cache</td><td>on</td><td>在磁盘上保留解析结果</td></tr>');
    expect(tables[0].content.match(/<tr>/g)).toHaveLength(5);
  });
});

describe('a one-page memo (en-memo): headings of one style, a journal line over the title', () => {
  const el = (text: string, y: number, size: number, bold = 0, nLines = 1, x1 = 300): Elem => ({
    kind: 'text',
    text,
    bbox: [63, y, x1, y + (size + 2) * nLines],
    nLines,
    size,
    bold,
    italic: 0,
    mono: 0,
    indent: false,
    shortLast: true,
    zone: 'body',
    font: bold ? 'Serif-Bold' : 'Serif',
  });
  const para = (y: number) =>
    el(
      'The plan moves every record to the new store and keeps the audit trail of each change on the way.',
      y,
      10.5,
      0,
      3,
      532,
    );
  const elems = [
    el('Records System · Migration Plan', 44, 9, 0, 1, 358),
    el('Migration Plan for the Records System', 64, 18, 1, 1, 463),
    el('1 Scope', 124, 10.5, 1),
    para(140),
    el('1.1 Current state', 190, 10.5, 1),
    para(206),
    el('1.1.1 Storage', 256, 10.5, 1),
    para(272),
    el('2 Plan', 322, 10.5, 1),
    para(338),
    el('2.1 Phases', 388, 10.5, 1),
    para(404),
    el('Page 1', 790, 9, 0, 1, 310),
  ];
  it('levels numbered 1 / 1.1 / 1.1.1 under the title, and drops the running line above it', async () => {
    const doc = await assembleDocument(
      [{ pageNum: 0, width: 595, height: 842, scale: 2, scanned: false, elems }],
      { fileType: '.pdf', pageCount: 1 },
      options(at()),
    );
    const blocks = doc.json.pages[0].blocks;
    expect(blocks.filter((b) => b.type === 'title').map((b) => [b.content, b.title_level])).toEqual([
      ['Migration Plan for the Records System', 1],
      ['1 Scope', 2],
      ['1.1 Current state', 3],
      ['1.1.1 Storage', 4],
      ['2 Plan', 2],
      ['2.1 Phases', 3],
    ]);
    expect(blocks.filter((b) => b.type === 'header' || b.type === 'footer').map((b) => b.content)).toEqual([
      'Records System · Migration Plan',
      'Page 1',
    ]);
    expect(doc.markdown).not.toContain('Records System ·');
  });
});
