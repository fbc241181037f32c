// The merge builder: "Keep B" substitutes, inserts and removes blocks in A's reading order, leaves every
// other block and page as A's own objects, and takes a picture of B's only when B has it cached.
import { describe, expect, it } from 'vitest';
import { matchBlocks, sideOf, type DiffKind } from '../../shared/compare/match.ts';
import { keepableImages, keepRefusal, flatBlocks, mergedPages, MergeError } from '../../shared/compare/merge.ts';
import { changedPages, checkEditedPages, imageLinks } from '../../shared/edit/version.ts';
import type { Block, JsonOutput } from '../../shared/somark.ts';

const blk = (
  idx: number,
  type: string,
  content: string,
  bbox: [number, number, number, number],
  extra: Partial<Block> = {},
): Block => ({ idx, type, bbox, content, format: 'text', captions: [], img_url: '', ...extra }) as Block;
const doc = (size: number, ...pages: Block[][]): JsonOutput =>
  ({
    pages: pages.map((blocks, i) => ({
      page_num: i,
      page_size: { w: size, h: size },
      merge_content_from_pre_page: false,
      blocks,
    })),
  }) as unknown as JsonOutput;

const A = doc(
  1000,
  [
    blk(0, 'title', 'Introduction', [100, 50, 900, 100], { title_level: 1 }),
    blk(1, 'text', 'The quick brown fox jumps.', [100, 120, 900, 200]),
    blk(2, 'text', 'Only A has this footnote line.', [100, 900, 900, 950]),
  ],
  [blk(0, 'text', 'Second page stays as it is.', [100, 100, 900, 200])],
);
// B drawn at twice A's raster: boxes scale back to A's page size.
const B = doc(
  2000,
  [
    blk(7, 'title', 'Introduction', [200, 100, 1800, 200], { title_level: 2 }),
    blk(8, 'text', 'The quick red fox jumps.', [200, 240, 1800, 400]),
    blk(9, 'figure', '', [200, 1400, 1000, 1700], { img_url: 'images/b-only.png' }),
    blk(10, 'text', 'A line B alone read.', [200, 1720, 1800, 1780]),
  ],
  [blk(0, 'text', 'Second page stays as it is.', [200, 200, 1800, 400])],
);

const rows = matchBlocks(sideOf(A), sideOf(B));
const rowOf = (kind: DiffKind, text?: string) =>
  rows.findIndex((r) => r.kind === kind && (!text || (r.b ?? r.a)!.text.includes(text)));

describe('mergedPages', () => {
  it('keeps A everywhere by default: the same pages, nothing changed', () => {
    expect(rows.map((r) => r.kind)).toEqual(['kind', 'text', 'onlyB', 'onlyB', 'onlyA', 'same']);
    const pages = mergedPages(A, B, rows, new Set());
    expect(pages.every((p, i) => p === A.pages[i])).toBe(true);
    expect(changedPages(A.pages, pages)).toEqual([]);
  });

  it("substitutes B's block in place, with A's idx and A's page scale; the rest stays A's own objects", () => {
    const pages = mergedPages(A, B, rows, new Set([rowOf('text')]));
    const p0 = A.pages[0]!;
    expect(pages[0]!.blocks).toEqual([
      p0.blocks[0],
      { ...B.pages[0]!.blocks[1], idx: 1, bbox: [100, 120, 900, 200] },
      p0.blocks[2],
    ]);
    expect(pages[0]!.blocks[0]).toBe(p0.blocks[0]);
    expect(pages[0]!.blocks[2]).toBe(p0.blocks[2]);
    expect(pages[1]).toBe(A.pages[1]);
    const edits = changedPages(A.pages, pages);
    expect(edits.map((e) => e.page)).toEqual([0]);
    // Main takes it: the blocks pass the version check.
    expect(checkEditedPages(A, edits)[0]!.blocks[1]!.content).toBe('The quick red fox jumps.');
  });

  it("takes B's kind and level, inserts a block only B has after its B neighbour, removes one only A has", () => {
    const keep = new Set([rowOf('kind'), rowOf('onlyB', 'alone'), rowOf('onlyA')]);
    const blocks = mergedPages(A, B, rows, keep)[0]!.blocks;
    expect(blocks.map((b) => [b.idx, b.type, b.title_level ?? null, b.content])).toEqual([
      [0, 'title', 2, 'Introduction'],
      [1, 'text', null, 'The quick brown fox jumps.'],
      [3, 'text', null, 'A line B alone read.'],
    ]);
  });

  it("toggling back to A gives A's page again, block for block", () => {
    const pages = mergedPages(A, B, rows, new Set());
    expect(JSON.stringify(pages)).toBe(JSON.stringify(A.pages));
  });

  it("refuses a picture of B's own, and a block on a page A does not have", () => {
    const figRow = rows.findIndex((r) => r.b?.type === 'figure');
    expect(keepRefusal(rows[figRow]!, A, flatBlocks(B), imageLinks(A))).toBe('picture');
    expect(keepRefusal(rows[rowOf('text')]!, A, flatBlocks(B), imageLinks(A))).toBeNull();
    expect(() => mergedPages(A, B, rows, new Set([figRow]))).toThrow(MergeError);
    // B's cached pictures may come along (main copies them): the figure goes in, and main's check takes it.
    const images = keepableImages(A, { 'images/b-only.png': 'images/image_001.png' });
    expect(keepRefusal(rows[figRow]!, A, flatBlocks(B), images)).toBeNull();
    const pages = mergedPages(A, B, rows, new Set([figRow]), images);
    expect(pages[0]!.blocks.map((x) => x.img_url)).toEqual(['', '', 'images/b-only.png', '']);
    expect(() => checkEditedPages(A, changedPages(A.pages, pages))).toThrow();
    expect(checkEditedPages(A, changedPages(A.pages, pages), images)[0]!.blocks[2]!.type).toBe('figure');
    const longer = doc(1000, ...A.pages.map((p) => p.blocks), [blk(0, 'text', 'Third page of B', [0, 0, 10, 10])]);
    const r = matchBlocks(sideOf(A), sideOf(longer));
    const extra = r.findIndex((x) => x.page === 2);
    expect(keepRefusal(r[extra]!, A, flatBlocks(longer), imageLinks(A))).toBe('page');
  });
});
