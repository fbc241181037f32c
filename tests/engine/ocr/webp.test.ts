// WebP inputs (not decodable by mupdf): a lossless picture with transparency and the first frame of an
// animation decoded to grey, and a WebP page read by OCR through the parser.
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeWebp, firstFrame, grayOfRgba } from '../../../engine/ocr/webp.ts';
import { parseDocument } from '../../../engine/core/parse.ts';
import { corpus, jsonViolations, options, suiteDir } from '../parse/helpers.ts';

// Made with @jsquash/webp's own encoder (lossless, exact): 8×4, columns 0–3 transparent, 4–5 black, 6–7 red.
const LOSSLESS_ALPHA = Buffer.from('UklGRiQAAABXRUJQVlA4TBgAAAAvB8AAEBcQ8x/zHxgEAkn+HpsOEdH/0AE=', 'base64');
// The same encoder: 2×2 opaque white.
const WHITE = Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAfQ//73v/+BiOh/AAA=', 'base64');
// The same encoder, lossy (VP8X, ALPH, VP8): 16×8, columns 0–7 transparent, 8–15 black.
const LOSSY_ALPHA = Buffer.from(
  'UklGRlIAAABXRUJQVlA4WAoAAAAQAAAADwAABwAAQUxQSBIAAAABDzD/ERFCLJjMX7ozhYj+hw5WUDggGgAAADABAJ0BKhAACAAAwBIlpAADcAD+/u6qAAAA',
  'base64',
);

const le = (n: number, bytes: number) => Array.from({ length: bytes }, (_, i) => (n >> (8 * i)) & 255);
const chunk = (type: string, body: number[]) => [
  ...Buffer.from(type, 'latin1'),
  ...le(body.length, 4),
  ...body,
  ...(body.length & 1 ? [0] : []),
];

/** An animated WebP on a W×H canvas whose frames are the given stills' chunks at (x, y). */
function animated(W: number, H: number, frames: [Buffer, number, number][]): Uint8Array {
  const vp8x = chunk('VP8X', [0x12, 0, 0, 0, ...le(W - 1, 3), ...le(H - 1, 3)]);
  const anim = chunk('ANIM', [255, 255, 255, 255, 0, 0]);
  const anmf = frames.flatMap(([still, x, y]) => {
    // Size from the VP8X header (whose chunk a frame leaves out) or the VP8L one.
    const ext = still.toString('latin1', 12, 16) === 'VP8X';
    const w = ext ? 1 + still.readUIntLE(24, 3) : still[0x15] + 1 + ((still[0x16] & 0x3f) << 8);
    const h = ext
      ? 1 + still.readUIntLE(27, 3)
      : 1 + ((still[0x16] >> 6) | (still[0x17] << 2) | ((still[0x18] & 0xf) << 10));
    return chunk('ANMF', [
      ...le(x / 2, 3),
      ...le(y / 2, 3),
      ...le(w - 1, 3),
      ...le(h - 1, 3),
      ...le(100, 3),
      0,
      ...still.subarray(ext ? 30 : 12),
    ]);
  });
  const body = [...Buffer.from('WEBP', 'latin1'), ...vp8x, ...anim, ...anmf];
  return Uint8Array.from([...Buffer.from('RIFF', 'latin1'), ...le(body.length, 4), ...body]);
}

const tmp = suiteDir(); // the suite's temporary folder: tmp('x') is a path in it

describe('WebP', () => {
  it('decodes a lossless WebP with transparency; transparent pixels are white in grey', async () => {
    const img = await decodeWebp(new Uint8Array(LOSSLESS_ALPHA));
    expect([img.width, img.height]).toEqual([8, 4]);
    expect([...img.data.subarray(4 * 4, 4 * 4 + 4)]).toEqual([0, 0, 0, 255]);
    expect([...img.data.subarray(6 * 4, 6 * 4 + 4)]).toEqual([255, 0, 0, 255]);
    expect(img.data[3]).toBe(0);
    const gray = grayOfRgba(img);
    expect([...gray.data.subarray(0, 8)]).toEqual([255, 255, 255, 255, 0, 0, 76, 76]);
  });

  it('takes the first frame of an animation, placed on its canvas', async () => {
    const anim = animated(10, 6, [
      [LOSSLESS_ALPHA, 2, 2],
      [WHITE, 0, 0],
    ]);
    expect(firstFrame(anim).canvas).toEqual([10, 6]);
    const gray = grayOfRgba(await decodeWebp(anim));
    expect([gray.width, gray.height]).toEqual([10, 6]);
    const row = (y: number) => [...gray.data.subarray(y * 10, y * 10 + 10)];
    expect(row(0)).toEqual(Array(10).fill(255));
    expect(row(2)).toEqual([255, 255, 255, 255, 255, 255, 0, 0, 76, 76]);
    expect(row(5)).toEqual([255, 255, 255, 255, 255, 255, 0, 0, 76, 76]);
  });

  it('keeps the transparency of a lossy frame (ALPH chunk) of an animation', async () => {
    const still = grayOfRgba(await decodeWebp(new Uint8Array(LOSSY_ALPHA)));
    const gray = grayOfRgba(
      await decodeWebp(
        animated(16, 8, [
          [LOSSY_ALPHA, 0, 0],
          [WHITE, 0, 0],
        ]),
      ),
    );
    expect(gray).toEqual(still);
    expect([...gray.data.subarray(16 * 4, 16 * 4 + 8)]).toEqual(Array(8).fill(255));
    expect(Math.max(...gray.data.subarray(16 * 4 + 8, 16 * 5))).toBeLessThan(40);
  });

  it('passes a still WebP through unchanged', () => {
    const data = new Uint8Array(LOSSLESS_ALPHA);
    expect(firstFrame(data)).toEqual({ still: data, x: 0, y: 0, canvas: null });
  });

  it('reads the text of a WebP page, with the page in image pixels', async () => {
    const out = await parseDocument(corpus('images/webp-test.webp'), 'webp-test.webp', options(tmp()));
    expect(out.markdown.replace(/\s+/g, ' ')).toContain(
      'Docling bundles PDF document conversion to JSON and Markdown in an easy self contained package',
    );
    const page = out.json.pages[0];
    expect(page.page_size).toEqual({ w: 2000, h: 2829 });
    expect(page.blocks.some((b) => b.type !== 'figure' && b.content.includes('Docling'))).toBe(true);
    expect(jsonViolations(out)).toEqual([]);
  });

  it('gives a damaged WebP a clear error, not a crash', async () => {
    const file = tmp('broken.webp');
    await writeFile(file, LOSSLESS_ALPHA.subarray(0, 30));
    await expect(parseDocument(file, 'broken.webp', options(tmp()))).rejects.toThrow(/damaged or cannot be decoded/);
  });
});
