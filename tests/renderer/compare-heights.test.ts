// The compare panes' row heights: estimates grow with the text and shrink with the width, offsets follow
// measurements from the changed row on, and rowAt finds the row holding an offset (ends clamped).
import { describe, expect, it } from 'vitest';
import { matchBlocks, sideOf } from '../../shared/compare/match.ts';
import type { JsonOutput } from '../../shared/somark.ts';
import { estimateRows, RowHeights } from '../../renderer/src/features/compare/heights.ts';

const page = (texts: string[]): JsonOutput['pages'][number] => ({
  page_num: 0,
  page_size: { w: 1000, h: 1000 },
  merge_content_from_pre_page: false,
  blocks: texts.map((content, idx) => ({
    idx,
    type: 'text',
    bbox: [0, idx * 100, 900, idx * 100 + 90],
    content,
    format: 'text',
    captions: [],
    img_url: '',
  })),
});

describe('compare row heights', () => {
  const long = 'word '.repeat(120).trim();
  const a: JsonOutput = { pages: [page(['short', long, 'kept'])] };
  const b: JsonOutput = { pages: [page(['short', `${long} more`])] };
  const rows = matchBlocks(sideOf(a), sideOf(b));

  it('estimates taller rows for longer text, narrower panes and differences', () => {
    const wide = estimateRows(rows, 'a', 800);
    const narrow = estimateRows(rows, 'a', 300);
    expect(rows.map((r) => r.kind)).toEqual(['same', 'text', 'onlyA']);
    expect(wide[1]).toBeGreaterThan(wide[0]!);
    expect(narrow[1]).toBeGreaterThan(wide[1]!);
    // B has no block in the last row: a short "only in A" line, still with its keep button's room.
    expect(estimateRows(rows, 'b', 800)[2]).toBeLessThan(wide[2]!);
  });

  it('keeps offsets in step with measurements and finds the row at an offset', () => {
    const h = new RowHeights(Float64Array.from([10, 20, 30, 40]));
    expect([h.offset(0), h.offset(2), h.total()]).toEqual([0, 30, 100]);
    expect([h.rowAt(-5), h.rowAt(0), h.rowAt(29.9), h.rowAt(30), h.rowAt(1e6)]).toEqual([0, 0, 1, 2, 3]);
    expect(h.isMeasured(1)).toBe(false);
    expect(h.set(1, 20.2)).toBe(false);
    expect(h.isMeasured(1)).toBe(true);
    expect(h.set(1, 50)).toBe(true);
    expect([h.offset(1), h.offset(2), h.total()]).toEqual([10, 60, 130]);
    expect(h.rowAt(59)).toBe(1);
    expect(new RowHeights(new Float64Array(0)).rowAt(10)).toBe(-1);
  });
});
