// Pixel size of an image from its header (PNG, JPEG, GIF, BMP, TIFF, WebP), without decoding it.

export interface Size {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u16le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32be = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3];
const u32le = (b: Uint8Array, o: number) => b[o] + (b[o + 1] << 8) + (b[o + 2] << 16) + ((b[o + 3] << 24) >>> 0);
const i32le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24);

function jpegSize(b: Uint8Array): Size | null {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) {
      o++;
      continue;
    }
    const m = b[o + 1];
    if (m === 0xff) {
      o++;
      continue;
    }
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      o += 2;
      continue;
    }
    const len = u16be(b, o + 2);
    // SOF0..SOF15 except DHT (c4), JPG (c8), DAC (cc)
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      return { height: u16be(b, o + 5), width: u16be(b, o + 7) };
    o += 2 + len;
  }
  return null;
}

/** The size of the TIFF image whose IFD starts at `ifd` and the offset of the next IFD (0: none). */
function tiffIfd(b: Uint8Array, ifd: number): { size: Size; next: number } | null {
  const le = b[0] === 0x49;
  const r16 = (o: number) => (le ? u16le(b, o) : u16be(b, o));
  const r32 = (o: number) => (le ? u32le(b, o) : u32be(b, o));
  if (ifd < 8 || ifd + 2 > b.length) return null;
  const n = r16(ifd);
  let width = 0,
    height = 0;
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > b.length) break;
    const tag = r16(e),
      type = r16(e + 2);
    const v = type === 3 ? r16(e + 8) : r32(e + 8);
    if (tag === 256) width = v;
    if (tag === 257) height = v;
  }
  const end = ifd + 2 + n * 12;
  return { size: { width, height }, next: end + 4 <= b.length ? r32(end) : 0 };
}

const tiffSize = (b: Uint8Array): Size | null => {
  const first = tiffIfd(b, (b[0] === 0x49 ? u32le : u32be)(b, 4));
  return first?.size.width && first.size.height ? first.size : null;
};

/** The size of every page (IFD) of a TIFF, in file order; a loop or a damaged chain ends the list. */
export function tiffPageSizes(b: Uint8Array): Size[] {
  if (b.length < 8 || !((b[0] === 0x49 && b[1] === 0x49) || (b[0] === 0x4d && b[1] === 0x4d))) return [];
  const out: Size[] = [],
    seen = new Set<number>();
  for (let o = (b[0] === 0x49 ? u32le : u32be)(b, 4); o && !seen.has(o) && out.length < 100_000; ) {
    seen.add(o);
    const ifd = tiffIfd(b, o);
    if (!ifd) break;
    out.push(ifd.size);
    o = ifd.next;
  }
  return out;
}

function webpSize(b: Uint8Array): Size | null {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
  }
  return null;
}

/** Width and height in pixels, or null for an unknown or truncated header. */
export function imageSize(b: Uint8Array): Size | null {
  if (b.length < 16) return null;
  let s: Size | null = null;
  if (b[0] === 0x89 && b[1] === 0x50 && b.length >= 24) s = { width: u32be(b, 16), height: u32be(b, 20) };
  else if (b[0] === 0xff && b[1] === 0xd8) s = jpegSize(b);
  else if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) s = { width: u16le(b, 6), height: u16le(b, 8) };
  else if (b[0] === 0x42 && b[1] === 0x4d && b.length >= 26)
    s = { width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
  else if ((b[0] === 0x49 && b[1] === 0x49) || (b[0] === 0x4d && b[1] === 0x4d)) s = tiffSize(b);
  else if (b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) s = webpSize(b);
  return s && s.width > 0 && s.height > 0 ? s : null;
}
