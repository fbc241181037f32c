// WebP inputs, which mupdf cannot decode: libwebp compiled to WASM (@jsquash/webp), loaded on the first
// WebP only, gives RGBA pixels (lossy, lossless, alpha; of an animation, its first frame), turned here
// into grey pixels for OCR.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GrayPixels } from '../pdf/mupdf-files.ts';

/** Decoded WebP: 4 bytes (RGBA, not premultiplied) per pixel, row-major. */
export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

type Decode = (data: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
// The engine's TypeScript lib has no WebAssembly types: the one call used here.
const WA = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } }).WebAssembly;

let decoder: Promise<Decode> | null = null;

/** The decoder, its WASM read from disk (in a packaged app, the copy unpacked from the asar) and compiled once. */
function loadDecoder(): Promise<Decode> {
  decoder ??= (async () => {
    const mod = (await import('@jsquash/webp/decode.js')) as unknown as {
      default: Decode;
      init(m: object): Promise<void>;
    };
    const file = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    const unpacked = file.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
    await mod.init(await WA.compile(readFileSync(existsSync(unpacked) ? unpacked : file)));
    return mod.default;
  })();
  decoder.catch(() => {
    decoder = null;
  });
  return decoder;
}

const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
const u24 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8) | (b[o + 2] << 16);
const fourcc = (b: Uint8Array, o: number) => String.fromCharCode(b[o], b[o + 1], b[o + 2], b[o + 3]);

/** The chunks of a RIFF body from `start` to `end`: [type, payload offset, payload size]. */
function chunks(b: Uint8Array, start: number, end: number): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (let o = start; o + 8 <= end; ) {
    const size = u32(b, o + 4);
    if (o + 8 + size > end) break;
    out.push([fourcc(b, o), o + 8, size]);
    o += 8 + size + (size & 1);
  }
  return out;
}

/** A still WebP of the first frame of an animated one (libwebp's simple decoder reads stills only), with
 * the frame's offset on the canvas; the file itself when it is not animated. */
export function firstFrame(data: Uint8Array): {
  still: Uint8Array;
  x: number;
  y: number;
  canvas: [number, number] | null;
} {
  if (data.length < 30 || fourcc(data, 0) !== 'RIFF' || fourcc(data, 8) !== 'WEBP')
    return { still: data, x: 0, y: 0, canvas: null };
  const top = chunks(data, 12, Math.min(data.length, 8 + u32(data, 4)));
  const vp8x = top.find((c) => c[0] === 'VP8X');
  const anmf = top.find((c) => c[0] === 'ANMF');
  if (!vp8x || !anmf || !(data[vp8x[1]] & 0x02)) return { still: data, x: 0, y: 0, canvas: null };
  const [, p, size] = anmf;
  const x = 2 * u24(data, p),
    y = 2 * u24(data, p + 3),
    w = u24(data, p + 6) + 1,
    h = u24(data, p + 9) + 1;
  const parts = chunks(data, p + 16, p + size).filter((c) => c[0] === 'ALPH' || c[0] === 'VP8 ' || c[0] === 'VP8L');
  const alpha = parts.some((c) => c[0] === 'ALPH');
  // A VP8X header (alpha flag when an ALPH chunk comes with lossy data) and the frame's own chunks.
  const header = new Uint8Array(18);
  header.set([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, alpha ? 0x10 : 0]);
  header.set(
    [(w - 1) & 255, ((w - 1) >> 8) & 255, (w - 1) >> 16, (h - 1) & 255, ((h - 1) >> 8) & 255, (h - 1) >> 16],
    12,
  );
  const body = parts.map(([, o, n]) => data.subarray(o - 8, o + n + (n & 1)));
  const total = 4 + header.length + body.reduce((s, c) => s + c.length, 0);
  const still = new Uint8Array(8 + total);
  still.set([
    0x52,
    0x49,
    0x46,
    0x46,
    total & 255,
    (total >> 8) & 255,
    (total >> 16) & 255,
    total >>> 24,
    0x57,
    0x45,
    0x42,
    0x50,
  ]);
  let o = 12;
  for (const c of [header, ...body]) {
    still.set(c, o);
    o += c.length;
  }
  return { still, x, y, canvas: [1 + u24(data, vp8x[1] + 4), 1 + u24(data, vp8x[1] + 7)] };
}

/** Decodes a WebP file to RGBA; an animation's first frame is placed on its canvas (transparent around). */
export async function decodeWebp(data: Uint8Array): Promise<RgbaPixels> {
  const { still, x, y, canvas } = firstFrame(data);
  const decode = await loadDecoder();
  const img = await decode(still.slice().buffer);
  const px = new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  if (!canvas) return { width: img.width, height: img.height, data: px };
  const [W, H] = canvas,
    out = new Uint8Array(W * H * 4);
  const w = Math.min(img.width, W - x);
  for (let r = 0; r < Math.min(img.height, H - y) && w > 0; r++)
    out.set(px.subarray(r * img.width * 4, (r * img.width + w) * 4), ((y + r) * W + x) * 4);
  return { width: W, height: H, data: out };
}

/** Grey pixels for OCR: luminance, transparency over white. */
export function grayOfRgba(img: RgbaPixels): GrayPixels {
  const n = img.width * img.height,
    src = img.data,
    data = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const lum = (src[j] * 77 + src[j + 1] * 150 + src[j + 2] * 29) >> 8,
      a = src[j + 3];
    data[i] = (lum * a + 255 * (255 - a) + 127) / 255;
  }
  return { width: img.width, height: img.height, data };
}
