// The edit model: each correction of a result's blocks keeps page and box, leaves every other block the same
// object, and undo/redo walk the steps back and forth.
import { describe, expect, it } from 'vitest';
import type { Block, Page } from '../../shared/somark.ts';
import { applyEdit, unionBox } from '../../shared/edit/blocks.ts';
import { editCount, record, redo, startHistory, undo } from '../../shared/edit/history.ts';

const block = (idx: number, type: string, content: string, bbox: Block['bbox'], extra: Partial<Block> = {}): Block => ({
  idx,
  type,
  bbox,
  content,
  format: 'text',
  captions: [],
  img_url: '',
  ...extra,
});

const pages = (): Page[] => [
  {
    page_num: 0,
    page_size: { w: 1000, h: 1400 },
    merge_content_from_pre_page: false,
    blocks: [
      block(0, 'title', 'Intro', [100, 100, 400, 140], { title_level: 1 }),
      block(1, 'text', 'The first half of a para-', [100, 160, 900, 200]),
      block(2, 'text', 'graph goes on here.', [100, 210, 880, 250]),
      block(3, 'table', '<table><tr><td>a</td></tr></table>', [100, 300, 900, 400]),
    ],
  },
  {
    page_num: 1,
    page_size: { w: 1000, h: 1400 },
    merge_content_from_pre_page: false,
    blocks: [block(0, 'text', '第一段。第二段。', [50, 60, 950, 120])],
  },
];

describe('applyEdit', () => {
  it('edits text and keeps box, page and every other block', () => {
    const before = pages();
    const after = applyEdit(before, { kind: 'text', at: { page: 0, index: 1 }, content: 'New text' })!;
    expect(after[0]!.blocks[1]).toEqual({ ...before[0]!.blocks[1], content: 'New text' });
    expect(after[0]!.blocks[0]).toBe(before[0]!.blocks[0]);
    expect(after[1]).toBe(before[1]);
    expect(before[0]!.blocks[1]!.content).toBe('The first half of a para-');
    expect(
      applyEdit(before, { kind: 'text', at: { page: 0, index: 1 }, content: before[0]!.blocks[1]!.content }),
    ).toBeNull();
  });

  it('changes type and title level; a non-title loses its level', () => {
    const p = pages();
    const level = applyEdit(p, { kind: 'level', at: { page: 0, index: 0 }, level: 3 })!;
    expect(level[0]!.blocks[0]).toMatchObject({ type: 'title', title_level: 3 });
    expect(applyEdit(p, { kind: 'level', at: { page: 0, index: 1 }, level: 2 })).toBeNull();
    const text = applyEdit(p, { kind: 'type', at: { page: 0, index: 0 }, type: 'text' })!;
    expect(text[0]!.blocks[0]).not.toHaveProperty('title_level');
    const title = applyEdit(p, { kind: 'type', at: { page: 0, index: 1 }, type: 'title', level: 9 })!;
    expect(title[0]!.blocks[1]).toMatchObject({ type: 'title', title_level: 6 });
  });

  it('merges with the next block on the page: joined text, union of the boxes', () => {
    const after = applyEdit(pages(), { kind: 'merge', at: { page: 0, index: 1 } })!;
    expect(after[0]!.blocks).toHaveLength(3);
    expect(after[0]!.blocks[1]).toMatchObject({
      idx: 1,
      content: 'The first half of a paragraph goes on here.',
      bbox: [100, 160, 900, 250],
    });
    expect(applyEdit(pages(), { kind: 'merge', at: { page: 0, index: 3 } })).toBeNull();
    expect(unionBox([0, 5, 10, 10], [2, 0, 8, 20])).toEqual([0, 0, 10, 20]);
  });

  it('splits at an offset: both halves keep the box, the second gets the next idx', () => {
    const after = applyEdit(pages(), { kind: 'split', at: { page: 1, index: 0 }, offset: 4 })!;
    expect(after[1]!.blocks.map((b) => [b.idx, b.content, b.bbox])).toEqual([
      [0, '第一段。', [50, 60, 950, 120]],
      [1, '第二段。', [50, 60, 950, 120]],
    ]);
    expect(applyEdit(pages(), { kind: 'split', at: { page: 1, index: 0 }, offset: 0 })).toBeNull();
  });

  it('deletes and moves within the page', () => {
    const del = applyEdit(pages(), { kind: 'delete', at: { page: 0, index: 2 } })!;
    expect(del[0]!.blocks.map((b) => b.idx)).toEqual([0, 1, 3]);
    const up = applyEdit(pages(), { kind: 'move', at: { page: 0, index: 2 }, dir: -1 })!;
    expect(up[0]!.blocks.map((b) => b.idx)).toEqual([0, 2, 1, 3]);
    expect(applyEdit(pages(), { kind: 'move', at: { page: 0, index: 0 }, dir: -1 })).toBeNull();
    expect(applyEdit(pages(), { kind: 'delete', at: { page: 5, index: 0 } })).toBeNull();
  });
});

describe('edit history', () => {
  it('undoes and redoes, and a new edit drops the redo branch', () => {
    const start = pages();
    let h = startHistory(start);
    h = record(h, { kind: 'level', at: { page: 0, index: 0 }, level: 2 })!.history;
    const merged = record(h, { kind: 'merge', at: { page: 0, index: 1 } })!;
    h = merged.history;
    expect(merged.at).toEqual({ page: 0, index: 1 });
    expect(editCount(h)).toBe(2);
    const u = undo(h)!;
    expect(u.history.present.pages[0]!.blocks).toHaveLength(4);
    expect(u.at).toEqual({ page: 0, index: 1 });
    const r = redo(u.history)!;
    expect(r.history.present.pages).toBe(h.present.pages);
    const back = undo(undo(h)!.history)!.history;
    expect(back.present.pages).toBe(start);
    expect(undo(back)).toBeNull();
    const branch = record(u.history, { kind: 'delete', at: { page: 1, index: 0 } })!.history;
    expect(redo(branch)).toBeNull();
    expect(record(h, { kind: 'move', at: { page: 0, index: 0 }, dir: -1 })).toBeNull();
  });
});
