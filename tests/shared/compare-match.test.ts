// The compare matcher: word diff (CJK by character), similarity, table cells, block pairing and counts.
import { describe, expect, it } from 'vitest';
import { diffWords, similarity, tokenize } from '../../shared/compare/diff.ts';
import { diffCells, tableGrid } from '../../shared/compare/table.ts';
import { matchBlocks, sideOf } from '../../shared/compare/match.ts';
import { compareResults, differences, stepDifference } from '../../shared/compare/summary.ts';
import { reportJson, reportMarkdown } from '../../shared/compare/report.ts';
import type { Block, JsonOutput } from '../../shared/somark.ts';

const blk = (
  idx: number,
  type: string,
  content: string,
  bbox: [number, number, number, number],
  extra: Partial<Block> = {},
): Block => ({ idx, type, bbox, content, format: 'text', captions: [], img_url: '', ...extra }) as Block;
const doc = (...pages: Block[][]): JsonOutput =>
  ({
    pages: pages.map((blocks, i) => ({ page_num: i, page_size: { w: 1000, h: 1000 }, blocks })),
  }) as unknown as JsonOutput;

describe('diffWords', () => {
  it('marks the changed words and keeps the rest', () => {
    expect(diffWords('the quick brown fox', 'the quick red fox')).toEqual([
      { op: 'same', text: 'the quick ' },
      { op: 'del', text: 'brown' },
      { op: 'ins', text: 'red' },
      { op: 'same', text: ' fox' },
    ]);
  });
  it('splits CJK text by character', () => {
    expect(tokenize('文档解析')).toEqual(['文', '档', '解', '析']);
    expect(diffWords('文档解析', '文件解析')).toEqual([
      { op: 'same', text: '文' },
      { op: 'del', text: '档' },
      { op: 'ins', text: '件' },
      { op: 'same', text: '解析' },
    ]);
  });
  it('rebuilds both texts from its runs', () => {
    const a = 'One two three, four five.';
    const b = 'One three, four and five!';
    const ops = diffWords(a, b);
    expect(
      ops
        .filter((o) => o.op !== 'ins')
        .map((o) => o.text)
        .join(''),
    ).toBe(a);
    expect(
      ops
        .filter((o) => o.op !== 'del')
        .map((o) => o.text)
        .join(''),
    ).toBe(b);
  });
});

describe('similarity', () => {
  it('is 1 for equal texts, near 0 for unrelated ones', () => {
    expect(similarity('Hello world', 'hello  world')).toBe(1);
    expect(similarity('abcdef', 'uvwxyz')).toBe(0);
    expect(similarity('Introduction to parsing', 'Introduction to parsers')).toBeGreaterThan(0.8);
  });
});

describe('tables', () => {
  it('reads HTML cells with spans and finds the changed cells', () => {
    const a = tableGrid('<table><tr><th colspan="2">H</th></tr><tr><td>1</td><td>2</td></tr></table>')!;
    const b = tableGrid('<table><tr><th colspan="2">H</th></tr><tr><td>1</td><td>3</td></tr></table>')!;
    expect(a).toEqual([
      ['H', ''],
      ['1', '2'],
    ]);
    expect(diffCells(a, b)).toEqual([{ row: 1, col: 1, a: '2', b: '3' }]);
  });
  it('reads pipe tables', () => {
    expect(tableGrid('| a | b |\n|---|---|\n| 1 | 2 |')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('matchBlocks', () => {
  const A = doc(
    [
      blk(0, 'title', '# Intro', [100, 100, 900, 150], { title_level: 1 }),
      blk(1, 'text', 'Alpha beta gamma delta.', [100, 200, 900, 300]),
      blk(2, 'header', 'Running head', [100, 10, 900, 40]),
    ],
    [blk(0, 'table', '<table><tr><td>x</td><td>y</td></tr></table>', [100, 100, 900, 400])],
  );
  const B = doc(
    [
      blk(0, 'title', '## Intro', [102, 98, 905, 152], { title_level: 2 }),
      blk(1, 'text', 'Alpha beta gamma epsilon.', [100, 205, 900, 300]),
      blk(2, 'footer', 'Page 1', [100, 950, 900, 990]),
    ],
    [
      blk(0, 'table', '<table><tr><td>x</td><td>z</td></tr></table>', [110, 100, 900, 400]),
      blk(1, 'text', 'New line', [100, 500, 900, 550]),
    ],
  );
  const c = compareResults(A, B);

  it('pairs blocks by page, box and text, and classifies each pair', () => {
    expect(c.rows.map((r) => [r.kind, r.page, r.a?.index ?? null, r.b?.index ?? null])).toEqual([
      ['kind', 0, 0, 0],
      ['text', 0, 1, 1],
      ['onlyB', 0, null, 2],
      ['onlyA', 0, 2, null],
      ['text', 1, 3, 3],
      ['onlyB', 1, null, 4],
    ]);
    expect(c.rows[4]!.cells).toEqual([{ row: 0, col: 1, a: 'y', b: 'z' }]);
    expect(c.rows[1]!.words).toContainEqual({ op: 'ins', text: 'epsilon' });
  });
  it('counts every block of each side exactly once', () => {
    expect(c.total).toEqual({ same: 0, text: 2, kind: 1, onlyA: 1, onlyB: 2 });
    expect(c.total.same + c.total.text + c.total.kind + c.total.onlyA).toBe(c.a.blocks);
    expect(c.total.same + c.total.text + c.total.kind + c.total.onlyB).toBe(c.b.blocks);
    expect(c.pages[1]).toEqual({ same: 0, text: 1, kind: 0, onlyA: 0, onlyB: 1 });
    expect(c.a).toMatchObject({ pages: 2, blocks: 4, tables: 1, formulas: 0 });
  });
  it('never pairs blocks of different pages, and a result with itself is all same', () => {
    const moved = doc([], [blk(0, 'text', 'Alpha beta gamma delta.', [100, 600, 900, 700])]);
    const rows = matchBlocks(sideOf(A), sideOf(moved));
    expect(rows.filter((r) => r.a && r.b)).toEqual([]);
    expect(compareResults(A, A).total).toEqual({ same: 4, text: 0, kind: 0, onlyA: 0, onlyB: 0 });
    expect(compareResults(null, B).total.onlyB).toBe(5);
  });
  it('steps through the differences of the kinds asked for, wrapping', () => {
    const d = differences(c.rows, new Set(['onlyB'] as const));
    expect(d).toEqual([2, 5]);
    expect(stepDifference(d, 2, 1)).toBe(5);
    expect(stepDifference(d, 5, 1)).toBe(2);
    expect(stepDifference(d, 2, -1)).toBe(5);
    expect(stepDifference(d, 3, -1)).toBe(2);
    expect(stepDifference([], 0, 1)).toBe(-1);
  });
  it('writes a report in Markdown and JSON', () => {
    const side = (id: string) => ({ id, fileName: 'f.pdf', label: id, elapsedMs: 1200 });
    const md = reportMarkdown(c, side('A'), side('B'));
    expect(md).toContain('| all | 0 | 2 | 1 | 1 | 2 |');
    expect(md).toContain('cell 1,2: “y” → “z”');
    expect(JSON.parse(reportJson(c, side('A'), side('B'))).differences).toHaveLength(6);
  });
});
