// Unit checks of the parser's block pieces: paragraph gaps in segmentBlocks, Markdown rendering of blocks and
// options, the catalog.
import { describe, expect, it } from 'vitest';
import { buildCatalog, toMarkdown } from '../../../shared/markdown/writer.ts';
import { DEFAULT_FEATURE_CONFIG, type Block, type Page } from '../../../shared/somark.ts';
import type { Rect } from '../../../engine/raw.ts';
import { segmentBlocks } from '../../../engine/analysis/segment.ts';
import { rawLine } from './raw-line.ts';

describe('segmentBlocks: paragraph gaps', () => {
  // Lines of one block at the given tops and heights (OCR boxes: their heights vary by a pixel or so).
  const block = (rows: [number, number][]) => {
    const lines = rows.map(([top, h], i) => rawLine(`第${i}行文字内容`, [0, top, 220, top + h], { size: 4.7 }));
    return [{ bbox: [0, rows[0]![0], 220, rows.at(-1)![0] + rows.at(-1)![1]] as Rect, lines }];
  };
  const sizes = (rows: [number, number][]) => segmentBlocks(block(rows)).map((s) => s.lines.length);

  it("keeps a line at the block's own line pitch in its paragraph though its box gap is a bit over ¾ of a line", () => {
    // chi_sim_image.jpeg: pitch ≈ 11.3, gaps 4.7–4.9 of heights 6.2–6.7; the last gap 5.1 over 6.7 (0.76).
    expect(
      sizes([
        [1.4, 6.2],
        [12.4, 6.7],
        [23.8, 6.5],
        [35.2, 6.2],
        [46.5, 6.7],
      ]),
    ).toEqual([5]);
  });

  it('still splits at a real paragraph gap, and keeps loosely set blocks as they were', () => {
    expect(
      sizes([
        [0, 6.5],
        [11.3, 6.5],
        [22.6, 6.5],
        [33.9, 6.5],
        [49.4, 6.5],
        [60.7, 6.5],
      ]),
    ).toEqual([4, 2]);
    // Every gap over ¾ of a line (double spacing): no pitch to go by, one segment a line as before.
    expect(
      sizes([
        [0, 6],
        [13, 6],
        [26, 6],
        [39, 6],
      ]),
    ).toEqual([1, 1, 1, 1]);
  });
});

describe('Markdown and catalog', () => {
  const blk = (idx: number, type: string, content: string, extra: Partial<Block> = {}): Block => ({
    idx,
    type,
    bbox: [0, 0, 10, 10],
    content,
    format: 'text',
    captions: [],
    img_url: '',
    ...extra,
  });
  const pages: Page[] = [
    {
      page_num: 0,
      page_size: { w: 100, h: 100 },
      merge_content_from_pre_page: false,
      blocks: [
        blk(0, 'header', 'Running head'),
        blk(1, 'title', 'Intro', { title_level: 1 }),
        blk(2, 'text', '• first point'),
        blk(3, 'title', 'Detail', { title_level: 2 }),
        blk(4, 'figure', 'Figure 1: A cat', { img_url: 'u/image_001.png' }),
        blk(5, 'text', 'A sentence that goes'),
        blk(6, 'footer', '1'),
      ],
    },
    {
      page_num: 1,
      page_size: { w: 100, h: 100 },
      merge_content_from_pre_page: true,
      blocks: [blk(0, 'text', 'on here.'), blk(1, 'title', 'Next', { title_level: 1 })],
    },
  ];
  it('renders titles by level, bullets, figures; leaves headers/footers out; joins across pages when asked', () => {
    const md = toMarkdown(pages, DEFAULT_FEATURE_CONFIG, 'url');
    expect(md).toBe(
      '# Intro\n\n- first point\n\n## Detail\n\n![Figure 1: A cat](u/image_001.png)\n\nA sentence that goes\n\non here.\n\n# Next\n',
    );
    const joined = toMarkdown(
      pages,
      { ...DEFAULT_FEATURE_CONFIG, enable_text_cross_page: true, keep_header_footer: true },
      'none',
    );
    expect(joined).toBe(
      'Running head\n\n# Intro\n\n- first point\n\n## Detail\n\nA sentence that goes on here.\n\n1\n\n# Next\n',
    );
  });
  it('escapes underscores and tag-like text in Markdown, not in the JSON', () => {
    const p: Page = {
      page_num: 0,
      page_size: { w: 1, h: 1 },
      merge_content_from_pre_page: false,
      blocks: [blk(0, 'text', 'Use FUNCTION_USAGE on <table name> if a < b')],
    };
    expect(toMarkdown([p], DEFAULT_FEATURE_CONFIG, 'url')).toBe('Use FUNCTION\\_USAGE on &lt;table name> if a < b\n');
  });
  it('nests the catalog by level', () => {
    const cat = buildCatalog(pages);
    expect(cat.map((c) => [c.content, c.page_num, c.block_idx])).toEqual([
      ['Intro', 0, 1],
      ['Next', 1, 1],
    ]);
    expect(cat[0].children.map((c) => c.content)).toEqual(['Detail']);
  });
});
