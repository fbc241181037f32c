// Hostile files of finding 3 (bombs), made by the test: a PNG and a JPEG whose headers declare billions
// of pixels in a few hundred bytes, and a PDF of one 14400 × 14400 pt page (200 in on each side) whose
// only content is a picture covering it (so it reads as a scan: OCR renders it, a crop renders it).
import { deflateSync } from 'node:zlib';

/** CRC-32 of PNG chunks. */
function crc32(b: Buffer): number {
  let c = ~0;
  for (const x of b) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4),
    crc = Buffer.alloc(4),
    body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  len.writeUInt32BE(data.length);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A grey PNG declaring `side` × `side` pixels whose data is a few rows of a tiny deflate stream. */
export function pngBomb(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grey, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc(16 * (side + 1)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header of `side` × `side` grey pixels (SOF0, one Huffman table, a scan) and little else. */
export function jpegBomb(side: number): Buffer {
  const seg = (marker: number, body: number[]) => [
    0xff,
    marker,
    ((body.length + 2) >> 8) & 255,
    (body.length + 2) & 255,
    ...body,
  ];
  const dqt = seg(0xdb, [0, ...Array<number>(64).fill(1)]);
  const sof = seg(0xc0, [8, side >> 8, side & 255, side >> 8, side & 255, 1, 1, 0x11, 0]);
  // DC table 0 with one code of length 1 (category 0); AC table 0 with one code of length 1 (EOB).
  const dht = seg(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0, 0x10, 1, ...Array<number>(15).fill(0), 0]);
  const sos = seg(0xda, [1, 1, 0x00, 0, 63, 0]);
  return Buffer.from([0xff, 0xd8, ...dqt, ...sof, ...dht, ...sos, ...Array<number>(64).fill(0), 0xff, 0xd9]);
}

/** A one-page PDF of `side` × `height` points whose only content is an 8 × 8 grey picture drawn over the whole page. */
export function hugePagePdf(side: number, height = side): Buffer {
  const pixels = Buffer.alloc(64, 0x80);
  for (let i = 0; i < 8; i++) pixels[i * 9] = 0; // a diagonal, so it is a picture and not blank
  const content = `q ${side} 0 0 ${height} 0 0 cm /Im0 Do Q`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${side} ${height}] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 64 >>\nstream\n${pixels.toString('latin1')}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
