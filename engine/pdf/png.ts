// A small PNG encoder over Node's native zlib: crops are written at a fast compression level, which
// costs a few percent in size and saves most of the time mupdf's own (WASM) deflate takes; 1-bit
// masks are packed to a 1-bit PNG (an eighth of the bytes to deflate), or written from their packed rows.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/**
 * Encodes 8-bit pixels (1 = gray, 2 = gray+alpha, 3 = RGB, 4 = RGBA channels) as PNG.
 * `stride` is the byte length of one source row (defaults to width × channels).
 */
export function encodePng(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: 1 | 2 | 3 | 4,
  stride = width * channels,
  level = 1,
): Uint8Array {
  const row = width * channels;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (row + 1);
    raw[o] = 0; // filter: none
    raw.set(pixels.subarray(y * stride, y * stride + row), o + 1);
  }
  return assemble(raw, width, height, 8, [0, 0, 4, 2, 6][channels], level);
}

function assemble(
  raw: Uint8Array,
  width: number,
  height: number,
  depth: number,
  colourType: number,
  level: number,
): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colourType;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Encodes a mask's coverage (one byte per pixel, 0 = none, 255 = full) as a 1-bit grey PNG: covered
 * pixels (128 and up) black, the others white.
 */
export function encodeMaskPng(cover: Uint8Array, width: number, height: number, stride = width, level = 1): Uint8Array {
  const rb = (width + 7) >> 3,
    full = width >> 3;
  const raw = Buffer.alloc((rb + 1) * height); // filter byte 0 (none) at the start of each row
  for (let y = 0; y < height; y++) {
    const o = y * (rb + 1) + 1;
    let p = y * stride;
    // Eight pixels a byte, most significant bit first; bit set = white (uncovered).
    for (let x = 0; x < full; x++, p += 8) {
      raw[o + x] =
        ~(
          (cover[p] & 128) |
          ((cover[p + 1] & 128) >> 1) |
          ((cover[p + 2] & 128) >> 2) |
          ((cover[p + 3] & 128) >> 3) |
          ((cover[p + 4] & 128) >> 4) |
          ((cover[p + 5] & 128) >> 5) |
          ((cover[p + 6] & 128) >> 6) |
          ((cover[p + 7] & 128) >> 7)
        ) & 255;
    }
    if (full < rb) {
      let b = 0;
      for (let k = 0; k < 8; k++) b |= k < width - full * 8 && cover[p + k] & 128 ? 0 : 128 >> k;
      raw[o + full] = b;
    }
  }
  return assemble(raw, width, height, 1, 0, level);
}

/** Room for a 1-bit grey PNG's rows as the PNG stores them, each a zero filter byte (none) and then
 * `ceil(width / 8)` bytes: rows decoded there (mask-rows.ts's RowLayout) need no copy. */
export function bitRowsLayout(width: number, height: number): { out: Buffer; offset: number; stride: number } {
  const rb = (width + 7) >> 3;
  return { out: Buffer.alloc((rb + 1) * height), offset: 1, stride: rb + 1 };
}

/**
 * Encodes packed 1-bit rows placed as bitRowsLayout places them (most significant bit first, 0 = black)
 * as a 1-bit grey PNG; the unused bits of each row's last byte are written white, as encodeMaskPng does.
 */
export function encodeBitRowsPng(raw: Uint8Array, width: number, height: number, level = 1): Uint8Array {
  const rb = (width + 7) >> 3,
    pad = width & 7 ? 0xff >> (width & 7) : 0;
  if (pad) for (let o = rb; o < raw.length; o += rb + 1) raw[o] |= pad;
  return assemble(raw, width, height, 1, 0, level);
}
