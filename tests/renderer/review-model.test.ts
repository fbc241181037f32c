// Review screen, pure parts: the block model, Markdown chunking, chunk ↔ block alignment, anchors
// and the piecewise-linear scroll mapping, page layout, the render queue.
import { describe, expect, it } from 'vitest';
import type { JsonOutput } from '../../shared/somark.ts';
import { alignChunks, normalizeText, pageOfChunks } from '../../renderer/src/features/review/align.ts';
import { splitChunks } from '../../renderer/src/features/review/chunks.ts';
import { buildModel } from '../../renderer/src/features/review/model.ts';
import { badgePlace } from '../../renderer/src/features/review/BoxLayer.tsx';
import {
  computeLayout,
  currentPage,
  offsetOnPage,
  pageAt,
  positionAt,
  PAGE_GAP,
  PANE_PADDING,
} from '../../renderer/src/features/review/layout.ts';
import { buildAnchors, mapPosition, SyncGate } from '../../renderer/src/features/review/sync.ts';
import { RenderQueue } from '../../renderer/src/features/review/render-queue.ts';
import { plainText } from '../../renderer/src/features/review/render-budget.ts';
import { sampleJson, sampleMarkdown } from './review-fixture.ts';

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

describe('splitChunks', () => {
  it('splits on blank lines and keeps fences, $$ blocks, \\[ blocks and HTML tables whole', () => {
    const md = [
      '# Title',
      '',
      'para one',
      'still one',
      '',
      '```js',
      'a',
      '',
      'b',
      '```',
      '',
      '$$',
      'x',
      '',
      'y',
      '$$',
      '',
      '\\[',
      'z',
      '\\]',
      '',
      '<table>',
      '<tr><td>1</td></tr>',
      '',
      '<tr><td>2</td></tr>',
      '</table>',
      '',
      'last',
    ].join('\n');
    const texts = splitChunks(md).map((c) => c.text);
    expect(texts).toEqual([
      '# Title',
      'para one\nstill one',
      '```js\na\n\nb\n```',
      '$$\nx\n\ny\n$$',
      '\\[\nz\n\\]',
      '<table>\n<tr><td>1</td></tr>\n\n<tr><td>2</td></tr>\n</table>',
      'last',
    ]);
  });
  it('records source lines and handles CRLF', () => {
    const c = splitChunks('a\r\n\r\nb\r\nc\r\n');
    expect(c.map((x) => [x.start, x.end])).toEqual([
      [0, 0],
      [2, 3],
    ]);
  });
});

describe('alignChunks', () => {
  const model = buildModel(sampleJson);
  const chunks = splitChunks(sampleMarkdown);
  const a = alignChunks(model, chunks, { 'http://svc/img/fig1.png': 'images/image_001.png' });
  it('maps each block to the chunk that holds its content, headers and footers to none', () => {
    const of = (g: number) => a.chunkOfBlock[g];
    expect(of(0)).toBe(-1); // header: not in the Markdown
    expect(chunks[of(1)!]!.text).toBe('# Dense Passage Retrieval');
    expect(chunks[of(2)!]!.text).toContain('Open-domain question answering');
    expect(chunks[of(3)!]!.text).toContain('image_001.png'); // figure by its cached image name
    expect(chunks[of(4)!]!.text).toContain('E = mc^2'); // equation: LaTeX vs $$ block
    expect(chunks[of(5)!]!.text).toContain('<table>');
  });
  it('maps several blocks onto one merged chunk, and chunks back to their first block', () => {
    const g7 = a.chunkOfBlock[7]!;
    expect(a.chunkOfBlock[6]).toBe(g7);
    expect(a.blockOfChunk[g7]).toBe(6);
  });
  it('prefers the chunk that starts with a block over an earlier one that only mentions it', () => {
    const blk = (idx: number, type: string, content: string) => ({
      idx,
      type,
      bbox: [0, idx * 10, 10, idx * 10 + 5] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const json: JsonOutput = {
      pages: [
        {
          page_num: 0,
          page_size: { w: 100, h: 100 },
          merge_content_from_pre_page: false,
          blocks: [
            blk(0, 'text', 'Except for Confidential Business Information (CBI) as described below'),
            blk(1, 'title', 'Confidential Business Information (CBI)'),
            blk(2, 'text', '• First bullet of a list • Second bullet of the same list'),
          ],
        },
      ],
    };
    const md =
      'Except for Confidential Business Information (CBI) as described below\n\n# Confidential Business Information (CBI)\n\n- First bullet of a list\n\n- Second bullet of the same list';
    const al = alignChunks(buildModel(json), splitChunks(md));
    expect(Array.from(al.chunkOfBlock)).toEqual([0, 1, 2]);
    // The list item the Markdown split off still belongs to its block.
    expect(Array.from(al.blockOfChunk)).toEqual([0, 1, 2, 2]);
  });
  it('links footnote blocks to their definitions at the end of the Markdown; they anchor no scroll position', () => {
    const blk = (idx: number, type: string, content: string, y: number) => ({
      idx,
      type,
      bbox: [0, y, 10, y + 5] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const page = (n: number, blocks: ReturnType<typeof blk>[]) => ({
      page_num: n,
      page_size: { w: 100, h: 100 },
      merge_content_from_pre_page: false,
      blocks,
    });
    const json: JsonOutput = {
      pages: [
        page(0, [
          blk(0, 'text', 'First page body with a mark[^1] in it', 10),
          blk(1, 'footnote', '1 The first note, at the foot of page one', 90),
        ]),
        page(1, [
          blk(0, 'text', 'Second page body with a mark[^2] in it', 10),
          blk(1, 'footnote', '2 The second note, at the foot of page two', 90),
        ]),
      ],
    };
    const md =
      'First page body with a mark[^1] in it\n\nSecond page body with a mark[^2] in it\n\n[^1]: The first note, at the foot of page one\n\n[^2]: The second note, at the foot of page two\n';
    const m = buildModel(json);
    const al = alignChunks(m, splitChunks(md));
    expect(Array.from(al.chunkOfBlock)).toEqual([0, 2, 1, 3]);
    expect(Array.from(al.blockOfChunk)).toEqual([0, 2, 1, 3]);
    // Scroll sync follows the body only: chunk order and page order agree on every anchor.
    expect(buildAnchors(m, al).map((x) => [x.chunk, x.page])).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
  it('gives unmapped chunks the page of the nearest mapped chunk', () => {
    const pages = pageOfChunks(model, a);
    expect(pages[pages.length - 1]).toBe(1);
  });
  it('normalises text to letters and digits across scripts', () => {
    expect(normalizeText('<td>Hello, *World*!</td> [x](http://a/b) 中文 ÉTÉ')).toBe('helloworldx中文été');
  });
});

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

describe('page layout', () => {
  const layout = computeLayout(
    [
      { w: 1000, h: 1400 },
      { w: 1400, h: 1000 },
      { w: 1000, h: 1400 },
    ],
    0.5,
  );
  it('stacks pages with a gap at one scale', () => {
    expect(Array.from(layout.tops)).toEqual([
      PANE_PADDING,
      PANE_PADDING + 700 + PAGE_GAP,
      PANE_PADDING + 1200 + 2 * PAGE_GAP,
    ]);
    expect(layout.maxWidth).toBe(700);
    expect(layout.total).toBe(PANE_PADDING * 2 + 1900 + 2 * PAGE_GAP);
  });
  it('finds pages and positions at offsets', () => {
    expect(pageAt(layout, 0)).toBe(0);
    expect(pageAt(layout, layout.tops[2]! + 1)).toBe(2);
    expect(currentPage(layout, layout.tops[1]! - 100, 600)).toBe(1);
    // At the very end the last page is current, even if it does not reach the reading line.
    expect(currentPage(layout, layout.total - 1000, 1000)).toBe(2);
    const y = offsetOnPage(layout, 1, 200);
    expect(positionAt(layout, y)).toEqual({ page: 1, yPx: 200 });
  });
  it('fits each page on its own when given a scale per page (a workbook of a wide and a small sheet)', () => {
    const fitWidth = (s: { w: number }) => 800 / s.w;
    const mixed = computeLayout(
      [
        { w: 2568, h: 1134 },
        { w: 482, h: 221 },
      ],
      fitWidth,
    );
    expect(Array.from(mixed.widths)).toEqual([800, 800]);
    expect(mixed.heights[1]).toBe(Math.round(221 * (800 / 482)));
    expect(mixed.scale).toBeCloseTo(800 / 2568);
    const y = offsetOnPage(mixed, 1, 100);
    expect(y).toBeCloseTo(mixed.tops[1]! + 100 * (800 / 482));
    expect(positionAt(mixed, y).yPx).toBeCloseTo(100);
  });
});

describe('reading-order badge', () => {
  it('sits off the text line: left of the box, else above, else right; inside only when nothing fits', () => {
    expect(badgePlace({ left: 40, top: 0, width: 100 }, 600)).toBe('');
    expect(badgePlace({ left: 2, top: 30, width: 100 }, 600)).toBe(' is-above');
    expect(badgePlace({ left: 2, top: 4, width: 100 }, 600)).toBe(' is-right');
    expect(badgePlace({ left: 0, top: 0, width: 598 }, 600)).toBe(' is-edge');
    // The pane's gutter left of the page takes it (an OCR'd image whose lines touch its edge).
    expect(badgePlace({ left: 0, top: 0, width: 598 }, 600, 24)).toBe('');
    // Or the gap above the page, when the gutter is too narrow (a page as wide as the pane).
    expect(badgePlace({ left: 1, top: 2, width: 598 }, 600, 16, 16)).toBe(' is-above');
  });
});

describe('RenderQueue', () => {
  it('runs by priority, at most N at once, and never starts a cancelled job', async () => {
    const q = new RenderQueue(1);
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await new Promise((r) => setTimeout(r, 5));
      return name;
    };
    const a = q.add(5, job('a'));
    const b = q.add(9, job('b'));
    const c = q.add(1, job('c'));
    const d = q.add(0, job('d'));
    d.cancel();
    expect(await Promise.all([a.done, b.done, c.done, d.done])).toEqual(['a', 'b', 'c', null]);
    expect(order).toEqual(['a', 'c', 'b']);
  });
});

describe('plainText', () => {
  it('strips Markdown and HTML for placeholders', () => {
    expect(plainText('## A *b* [c](http://x) <td>d</td> $e$')).toBe('A b c d e');
  });
});
