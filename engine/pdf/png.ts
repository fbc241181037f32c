// A small PNG encoder over Node's native zlib: crops are written at a fast compression level, which
// costs a few percent in size and saves most of the time mupdf's own (WASM) deflate takes.
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
export function encodePng(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: 1 | 2 | 3 | 4, stride = width * channels, level = 1): Uint8Array {
  const row = width * channels;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (row + 1);
    raw[o] = 0; // filter: none
    raw.set(pixels.subarray(y * stride, y * stride + row), o + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = [0, 0, 4, 2, 6][channels]; // colour type
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', new Uint8Array(0))]);
}
