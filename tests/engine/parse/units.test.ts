// Unit checks of the parser's pieces: sniffing, image headers, line joining, reading order, catalog,
// Markdown rendering of blocks and options, paragraph gaps.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { sniffBytes } from '../../../engine/input/sniff.ts';
import { imageSize } from '../../../engine/input/image-size.ts';
import { decodeImage } from '../../../engine/pdf/mupdf-files.ts';
import { joinText, numberingDepth, PAGE_NUMBER } from '../../../engine/analysis/text.ts';
import { readingOrder } from '../../../engine/reading-order/xycut.ts';
import { buildCatalog, toMarkdown } from '../../../shared/markdown/writer.ts';
import { DEFAULT_FEATURE_CONFIG, type Block, type Page } from '../../../shared/somark.ts';
import type { Rect } from '../../../engine/raw.ts';
import { segmentBlocks } from '../../../engine/analysis/segment.ts';
import { corpus } from './helpers.ts';
import { rawLine } from './raw-line.ts';

describe('sniffBytes', () => {
  const b = (...v: (number | string)[]) =>
    Uint8Array.from(v.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));
  it('recognises each supported type and the office containers', () => {
    expect(sniffBytes(b('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffBytes(b('junk\r\n%PDF-1.4'))).toBe('pdf');
    expect(sniffBytes(b(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffBytes(b(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffBytes(b('GIF89a'))).toBe('gif');
    expect(sniffBytes(b('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    expect(sniffBytes(b('II*', 0))).toBe('tiff');
    expect(sniffBytes(b('PK', 3, 4))).toBe('zip');
    expect(sniffBytes(b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
    expect(sniffBytes(b('hello world'))).toBe('unknown');
  });
});

describe('imageSize', () => {
  it('reads the same pixel size from the header as the decoder, for every corpus image', () => {
    const dir = corpus('images');
    for (const f of readdirSync(dir).filter((n) => !n.includes('expected') && !n.endsWith('.webp'))) {
      const data = new Uint8Array(readFileSync(`${dir}/${f}`));
      const d = decodeImage(data, false);
      expect(imageSize(data), f).toEqual({ width: d.width, height: d.height });
    }
    expect(imageSize(new Uint8Array(readFileSync(corpus('images/webp-test.webp'))))).toEqual({
      width: 2000,
      height: 2829,
    }); // VP8 frame header
    expect(imageSize(new Uint8Array(10))).toBeNull();
  });
});

describe('text helpers', () => {
  it('joins lines: hyphenation, compounds, CJK without spaces', () => {
    expect(joinText('infor-', 'mation')).toBe('information');
    expect(joinText('Soekarno-', 'Hatta')).toBe('Soekarno-Hatta');
    expect(joinText('end of', 'line')).toBe('end of line');
    expect(joinText('中文', '文本')).toBe('中文文本');
  });
  it('numbering depth and page numbers', () => {
    expect(numberingDepth('2.3.1 Results')).toBe(3);
    expect(numberingDepth('4 Methods')).toBe(1);
    expect(numberingDepth('Chapter 7: Tea')).toBe(1);
    expect(numberingDepth('Results')).toBe(0);
    for (const t of ['12', '- 3 -', 'Page 4 of 9', 'xiv', '第 3 页']) expect(PAGE_NUMBER.test(t), t).toBe(true);
    expect(PAGE_NUMBER.test('12 apples')).toBe(false);
  });
});

describe('readingOrder', () => {
  const box = (id: string, bbox: Rect) => ({ id, bbox });
  it('reads two columns left then right, below a full-width title', () => {
    const items = [
      box('R1', [310, 100, 560, 200]),
      box('L2', [50, 210, 300, 400]),
      box('T', [50, 40, 560, 80]),
      box('L1', [50, 100, 300, 200]),
      box('R2', [310, 210, 560, 400]),
    ];
    expect(readingOrder(items).map((i) => i.id)).toEqual(['T', 'L1', 'L2', 'R1', 'R2']);
  });
  it('uses a wide element between column blocks as a separator', () => {
    const items = [
      box('a1', [50, 100, 300, 150]),
      box('a2', [50, 160, 300, 200]),
      box('b1', [310, 100, 560, 150]),
      box('b2', [310, 160, 560, 200]),
      box('fig', [50, 220, 560, 400]),
      box('c1', [50, 420, 300, 500]),
      box('c2', [50, 510, 300, 560]),
      box('d1', [310, 420, 560, 500]),
      box('d2', [310, 510, 560, 560]),
    ];
    expect(readingOrder(items).map((i) => i.id)).toEqual(['a1', 'a2', 'b1', 'b2', 'fig', 'c1', 'c2', 'd1', 'd2']);
  });
  it('reads right to left on RTL pages', () => {
    expect(
      readingOrder([box('left', [50, 100, 300, 400]), box('right', [310, 100, 560, 400])], true).map((i) => i.id),
    ).toEqual(['right', 'left']);
  });
});

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
