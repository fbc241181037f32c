// Review screen, synchronised scrolling (sync.ts): anchors between the panes and the piecewise-linear
// scroll mapping.
import { describe, expect, it } from 'vitest';
import type { JsonOutput } from '../../shared/somark.ts';
import { alignChunks } from '../../renderer/src/features/review/align.ts';
import { splitChunks } from '../../renderer/src/features/review/chunks.ts';
import { buildModel } from '../../renderer/src/features/review/model.ts';
import { buildAnchors, mapPosition, SyncGate } from '../../renderer/src/features/review/sync.ts';
import { sampleJson, sampleMarkdown } from './review-fixture.ts';

describe('anchors and mapping', () => {
  const model = buildModel(sampleJson);
  const a = alignChunks(model, splitChunks(sampleMarkdown), { 'http://svc/img/fig1.png': 'images/image_001.png' });
  const anchors = buildAnchors(model, a);
  it('keeps anchors monotone in both chunk order and page position', () => {
    for (let k = 1; k < anchors.length; k++) {
      const p = anchors[k - 1]!;
      const q = anchors[k]!;
      expect(q.chunk).toBeGreaterThan(p.chunk);
      expect(q.page > p.page || (q.page === p.page && q.y > p.y)).toBe(true);
    }
  });
  it('anchors a page read in columns once, at its first block; a one-column page block by block', () => {
    const blk = (idx: number, y: number, content: string) => ({
      idx,
      type: 'text',
      bbox: [0, y, 10, y + 10] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const json: JsonOutput = {
      pages: [
        {
          page_num: 0,
          page_size: { w: 100, h: 1000 },
          merge_content_from_pre_page: false,
          blocks: [
            blk(0, 100, 'alpha one'),
            blk(1, 600, 'beta two'),
            blk(2, 100, 'gamma three'),
            blk(3, 600, 'delta four'),
          ],
        },
        {
          page_num: 1,
          page_size: { w: 100, h: 1000 },
          merge_content_from_pre_page: false,
          blocks: [blk(0, 100, 'epsilon five'), blk(1, 500, 'zeta six')],
        },
      ],
    };
    const m = buildModel(json);
    const al = alignChunks(
      m,
      splitChunks('alpha one\n\nbeta two\n\ngamma three\n\ndelta four\n\nepsilon five\n\nzeta six'),
    );
    expect(buildAnchors(m, al)).toEqual([
      { chunk: 0, page: 0, y: 100 },
      { chunk: 4, page: 1, y: 100 },
      { chunk: 5, page: 1, y: 500 },
    ]);
  });
  it('interpolates between anchors and inverts exactly', () => {
    const list = [
      { chunk: 0, page: 0, y: 0 },
      { chunk: 5, page: 0, y: 500 },
      { chunk: 9, page: 1, y: 100 },
    ];
    const pagePos = (x: { page: number; y: number }) => x.page * 1000 + x.y;
    const mdPos = (x: { chunk: number }) => x.chunk * 100;
    expect(mapPosition(list, 250, pagePos, mdPos)).toBe(250);
    expect(mapPosition(list, 800, pagePos, mdPos)).toBeCloseTo(500 + (300 / 600) * 400);
    const back = mapPosition(list, mapPosition(list, 800, pagePos, mdPos)!, mdPos, pagePos);
    expect(back).toBeCloseTo(800);
    expect(mapPosition(list, 2000, pagePos, mdPos)).toBe(900 + 900);
    expect(mapPosition([], 10, pagePos, mdPos)).toBeNull();
  });
  it('lets only the pane the user touched drive (no feedback loop)', () => {
    const gate = new SyncGate();
    expect(gate.shouldFollow('page', true)).toBe(false);
    gate.touch('page');
    expect(gate.shouldFollow('page', true)).toBe(true);
    expect(gate.shouldFollow('markdown', true)).toBe(false);
    expect(gate.shouldFollow('page', false)).toBe(false);
    gate.release();
    expect(gate.shouldFollow('page', true)).toBe(false);
  });
});
