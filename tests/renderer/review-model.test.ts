// Review screen, pure parts: the block model (model.ts); chunks, sync, layout and rendering have test
// files of their own (review-chunks, review-sync, review-layout, review-render).
import { describe, expect, it } from 'vitest';
import type { JsonOutput } from '../../shared/somark.ts';
import { buildModel } from '../../renderer/src/features/review/model.ts';
import { sampleJson } from './review-fixture.ts';

describe('buildModel', () => {
  it('flattens pages and blocks in reading order with global indexes and type counts', () => {
    const m = buildModel(sampleJson);
    expect(m.pages.map((p) => [p.first, p.count])).toEqual([
      [0, 5],
      [5, 4],
    ]);
    expect(m.blocks[6]).toMatchObject({ g: 6, page: 1, type: 'text' });
    expect(m.types.find((t) => t.type === 'text')?.count).toBe(3);
    expect(m.pages[1]!.merged).toBe(true);
  });
  it('normalises inverted boxes and drops degenerate or missing ones', () => {
    const json: JsonOutput = {
      pages: [
        {
          page_num: 0,
          page_size: { w: 100, h: 100 },
          merge_content_from_pre_page: false,
          blocks: [
            { idx: 0, type: 'text', bbox: [50, 60, 10, 20], content: 'a', format: 'text', captions: [], img_url: '' },
            { idx: 1, type: 'text', bbox: [10, 10, 10, 40], content: 'b', format: 'text', captions: [], img_url: '' },
            { idx: 2, type: 'text', bbox: null as never, content: 'c', format: 'text', captions: [], img_url: '' },
          ],
        },
      ],
    };
    const m = buildModel(json);
    expect(m.blocks.map((b) => b.bbox)).toEqual([[10, 20, 50, 60], null, null]);
  });
  it('marks pages whose blocks carry no text (a scan with nothing read, a photo, a blank page)', () => {
    const block = (type: string, content: string) => ({
      idx: 0,
      type,
      bbox: [0, 0, 10, 10] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const m = buildModel({
      pages: [
        {
          page_num: 0,
          page_size: { w: 100, h: 100 },
          merge_content_from_pre_page: false,
          blocks: [block('figure', '![](./images/a.png)')],
        },
        {
          page_num: 1,
          page_size: { w: 100, h: 100 },
          merge_content_from_pre_page: false,
          blocks: [block('figure', ''), block('text', 'Read by OCR')],
        },
        { page_num: 2, page_size: { w: 100, h: 100 }, merge_content_from_pre_page: false, blocks: [] },
        {
          page_num: 3,
          page_size: { w: 100, h: 100 },
          merge_content_from_pre_page: false,
          blocks: [block('text', '![](x.png)')],
        },
      ],
    });
    expect(m.pages.map((p) => p.textless)).toEqual([true, false, true, true]);
    expect(buildModel(sampleJson).pages.some((p) => p.textless)).toBe(false);
  });
  it('survives no JSON and pages without a page_size', () => {
    expect(buildModel(null).pages).toEqual([]);
    const m = buildModel({
      pages: [{ page_num: 0, page_size: { w: 0, h: 0 }, merge_content_from_pre_page: false, blocks: [] }],
    });
    expect(m.pages[0]!.size.w).toBeGreaterThan(0);
  });
});
