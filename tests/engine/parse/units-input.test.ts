// Unit checks of the parser's first pieces: sniffing, image headers, line joining and page numbers,
// reading order.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { sniffBytes } from '../../../engine/input/sniff.ts';
import { imageSize } from '../../../engine/input/image-size.ts';
import { decodeImage } from '../../../engine/pdf/mupdf-files.ts';
import { joinText, numberingDepth, PAGE_NUMBER } from '../../../engine/analysis/text.ts';
import { readingOrder } from '../../../engine/reading-order/xycut.ts';
import type { Rect } from '../../../engine/raw.ts';
import { corpus } from './helpers.ts';

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
