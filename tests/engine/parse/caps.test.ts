// The caps on hostile input (engine/input/caps.ts) read from headers alone, for every image format the
// engine accepts: a header declaring too many pixels is refused by name and size before any decoder runs,
// a TIFF page by page; a page render is scaled down to the cap.
import { describe, expect, it } from 'vitest';
import { checkImageFile, MAX_RENDER_PIXELS, renderScale } from '../../../engine/input/caps.ts';
import { tiffPageSizes } from '../../../engine/input/image-size.ts';

const u16le = (v: number) => [v & 255, (v >> 8) & 255];
const u32le = (v: number) => [...u16le(v & 0xffff), ...u16le(v >>> 16)];

/** A little-endian TIFF header with one IFD (width, height: LONG entries) per page, chained. */
function tiff(pages: [number, number][]): Uint8Array {
  const out = [0x49, 0x49, 42, 0, ...u32le(8)];
  for (const [i, [w, h]] of pages.entries()) {
    const next = i < pages.length - 1 ? out.length + 2 + 2 * 12 + 4 : 0;
    out.push(
      ...u16le(2),
      ...u16le(256),
      ...u16le(4),
      ...u32le(1),
      ...u32le(w),
      ...u16le(257),
      ...u16le(4),
      ...u32le(1),
      ...u32le(h),
      ...u32le(next),
    );
  }
  return new Uint8Array(out);
}

const gif = (w: number, h: number) =>
  new Uint8Array([...Buffer.from('GIF89a'), ...u16le(w), ...u16le(h), 0, 0, 0, 0, 0, 0, 0, 0]);
const bmp = (w: number, h: number) =>
  new Uint8Array([0x42, 0x4d, ...Array<number>(16).fill(0), ...u32le(w), ...u32le(h >>> 0), 1, 0, 24, 0]);
/** An extended WebP (VP8X) header: the canvas size is what counts. */
const webp = (w: number, h: number) =>
  new Uint8Array([
    ...Buffer.from('RIFF'),
    ...u32le(22),
    ...Buffer.from('WEBPVP8X'),
    ...u32le(10),
    0,
    0,
    0,
    0,
    (w - 1) & 255,
    ((w - 1) >> 8) & 255,
    (w - 1) >> 16,
    (h - 1) & 255,
    ((h - 1) >> 8) & 255,
    (h - 1) >> 16,
  ]);

describe('image pixel caps from the header', () => {
  it('refuses GIF, BMP (bottom-up too) and WebP canvases over 100 MP, and lets ordinary sizes through', () => {
    expect(() => checkImageFile(gif(65535, 65535), 'a.gif')).toThrow(
      /a\.gif is 65535 × 65535 pixels \(4294\.8 MP\); the engine decodes images of at most 100 MP/,
    );
    expect(() => checkImageFile(bmp(20000, -20000), 'a.bmp')).toThrow(/20000 × 20000 pixels/);
    expect(() => checkImageFile(webp(16383, 16383), 'a.webp')).toThrow(/16383 × 16383 pixels \(268\.4 MP\)/);
    for (const ok of [gif(4000, 3000), bmp(4000, 3000), webp(9000, 9000)])
      expect(() => checkImageFile(ok, 'ok')).not.toThrow();
  });

  it('reads every page of a TIFF and names the one over the cap', () => {
    const file = tiff([
      [2480, 3508],
      [2480, 3508],
      [30000, 30000],
    ]);
    expect(tiffPageSizes(file)).toEqual([
      { width: 2480, height: 3508 },
      { width: 2480, height: 3508 },
      { width: 30000, height: 30000 },
    ]);
    expect(() => checkImageFile(file, 'scan.tif')).toThrow(/scan\.tif \(page 3\) is 30000 × 30000 pixels/);
    expect(() =>
      checkImageFile(
        tiff([
          [2480, 3508],
          [2480, 3508],
        ]),
        'scan.tif',
      ),
    ).not.toThrow();
  });

  it('stops at a TIFF whose IFD chain loops', () => {
    const file = tiff([
      [100, 100],
      [200, 200],
    ]);
    file.set(u32le(8), file.length - 4); // the last IFD points back at the first
    expect(tiffPageSizes(file)).toHaveLength(2);
  });
});

describe('render caps', () => {
  it('keeps 144 dpi up to an A0 page and scales a larger page down to the cap', () => {
    expect(renderScale(2384, 3370, 2)).toBe(2); // A0
    const s = renderScale(14400, 14400, 2);
    expect(s).toBeLessThan(0.45);
    expect(14400 * 14400 * s * s).toBeCloseTo(MAX_RENDER_PIXELS, -3);
  });
});
