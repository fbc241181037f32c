// Reads a zip (an Office package) from its central directory only: the entry list comes from the file's
// tail, and a part is inflated on demand, never past a byte cap (checked against the declared size before
// inflating and enforced while inflating), so a small upload cannot unpack into gigabytes.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { EngineError, ErrorCodes } from '../../errors.ts';

/** Bytes at any offset of the zip: a file read with positioned reads, or bytes in memory. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Uint8Array;
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  /** As declared in the central directory (0xffffffff: a ZIP64 size, never inflated). */
  size: number;
  localOffset: number;
}

/** The central directory of a zip may list this many entries at most (an Office file has hundreds). */
export const MAX_ENTRIES = 20_000;
const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

export const memorySource = (data: Uint8Array): ByteSource => ({
  size: data.length,
  read: (o, n) => data.subarray(o, o + n),
});

/** A file opened for positioned reads; `close()` when done. */
export function fileSource(path: string): ByteSource & { close(): void } {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    read(offset, length) {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      if (buf.length) readSync(fd, buf, 0, buf.length, offset);
      return buf;
    },
    close: () => closeSync(fd),
  };
}

const damaged = (why: string): EngineError =>
  new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `The Office file is damaged: ${why}`);
const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** The entries the zip's central directory lists (read from the tail; nothing is inflated). */
export function listEntries(src: ByteSource): ZipEntry[] {
  const tailLen = Math.min(src.size, 22 + 0xffff);
  const tail = src.read(src.size - tailLen, tailLen);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (view(tail).getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw damaged('its zip directory is missing');
  const e = view(tail);
  const count = e.getUint16(at + 10, true);
  const cdSize = e.getUint32(at + 12, true);
  const cdOffset = e.getUint32(at + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw damaged('ZIP64 packages are not accepted');
  if (count > MAX_ENTRIES) throw damaged(`it lists ${count} parts (the limit is ${MAX_ENTRIES})`);
  if (cdOffset + cdSize > src.size) throw damaged('its zip directory points past the end of the file');
  const cd = src.read(cdOffset, cdSize);
  const d = view(cd);
  const out: ZipEntry[] = [];
  let p = 0;
  for (let k = 0; k < count; k++) {
    if (p + 46 > cd.length || d.getUint32(p, true) !== CEN) throw damaged('its zip directory is cut short');
    const nameLen = d.getUint16(p + 28, true);
    const skip = nameLen + d.getUint16(p + 30, true) + d.getUint16(p + 32, true);
    out.push({
      flags: d.getUint16(p + 8, true),
      method: d.getUint16(p + 10, true),
      crc: d.getUint32(p + 16, true),
      compressedSize: d.getUint32(p + 20, true),
      size: d.getUint32(p + 24, true),
      localOffset: d.getUint32(p + 42, true),
      name: Buffer.from(cd.subarray(p + 46, p + 46 + nameLen)).toString('utf8'),
    });
    p += 46 + skip;
  }
  return out;
}

/** Where an entry's compressed bytes start (after its local header). */
export function dataOffset(src: ByteSource, e: ZipEntry): number {
  const h = src.read(e.localOffset, 30);
  if (h.length < 30 || view(h).getUint32(0, true) !== LOC) throw damaged(`the part ${e.name} is missing`);
  const start = e.localOffset + 30 + view(h).getUint16(26, true) + view(h).getUint16(28, true);
  if (start + e.compressedSize > src.size) throw damaged(`the part ${e.name} runs past the end of the file`);
  return start;
}

/** A part's bytes, refused (a clear 1104 naming the limit) when it is or would grow larger than `cap`. */
export function inflateEntry(src: ByteSource, e: ZipEntry, cap: number): Uint8Array {
  if (e.size > cap) throw tooLarge(e.name, cap);
  if (e.flags & 1) throw damaged(`the part ${e.name} is encrypted`);
  const raw = src.read(dataOffset(src, e), e.compressedSize);
  if (e.method === 0) return raw.subarray(0, Math.min(raw.length, cap));
  if (e.method !== 8) throw damaged(`the part ${e.name} uses an unknown compression`);
  try {
    // Never more than the declared size (nor the cap): a part that lies about its size stops there.
    return inflateRawSync(raw, { maxOutputLength: Math.max(1, Math.min(e.size, cap)) });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw e.size < cap ? damaged(`the part ${e.name} is larger than it declares`) : tooLarge(e.name, cap);
    throw damaged(`the part ${e.name} cannot be inflated`);
  }
}

/** Inflates a part only to count its bytes (never holding them), refused when it grows past its declared
 * size: the parts copied to LibreOffice unopened are the size their directory says, so the caps hold there too. */
export function checkDeclaredSize(src: ByteSource, e: ZipEntry): Promise<void> {
  if (e.method !== 8) return Promise.resolve();
  const from = dataOffset(src, e);
  return new Promise((resolve, reject) => {
    const z = createInflateRaw();
    let out = 0;
    const fail = (why: string): void => {
      z.destroy();
      reject(damaged(`the part ${e.name} ${why}`));
    };
    z.on('data', (c: Buffer) => {
      out += c.length;
      if (out > e.size) fail('is larger than it declares');
    });
    z.on('error', () => fail('cannot be inflated'));
    z.on('end', () => (out === e.size ? resolve() : fail('is smaller than it declares')));
    const feed = (done: number): void => {
      if (z.destroyed) return;
      if (done >= e.compressedSize) return void z.end();
      const n = Math.min(1048576, e.compressedSize - done);
      if (z.write(src.read(from + done, n))) setImmediate(() => feed(done + n));
      else z.once('drain', () => feed(done + n));
    };
    feed(0);
  });
}

export const mib = (n: number): string => `${Math.round(n / 1048576)} MB`;

export function tooLarge(name: string, cap: number): EngineError {
  return new EngineError(
    ErrorCodes.TOO_LARGE,
    `The Office file's part ${name} unpacks to more than ${mib(cap)}, the limit per part; the file is refused (split the document, or convert it to PDF and upload that)`,
  );
}
