// Zip structure: the end-of-central-directory record and the central directory, parsed by hand so
// nothing is trusted before it is checked (names, types, bounds). Inflating lives in zip-read.ts.
import { CodedError } from '../../../shared/result.ts';

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may inflate to, counted while inflating (not the declared sizes). */
  maxTotalBytes: number;
  /** Most inflated bytes per compressed byte of one entry, once it passed `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntry {
  /** Validated relative path with '/' separators ('images/image_001.png'); folders end with '/'. */
  name: string;
  isDir: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  declaredSize: number;
  /** Offset of the compressed data in the archive. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

export const badZip = (why: string): CodedError => new CodedError('BAD_ZIP', `Not a valid zip archive: ${why}.`);
export const unsafeZip = (why: string): CodedError =>
  new CodedError('UNSAFE_ZIP', `The zip archive was refused: ${why}.`);

/** True when the bytes start like a zip (local file header, or the record of an empty archive). */
export function hasZipSignature(b: Uint8Array): boolean {
  if (b.length < 22 || b[0] !== 0x50 || b[1] !== 0x4b) return false;
  return (b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6);
}

/** Checks one entry name; returns it with '/' separators or throws UNSAFE_ZIP. */
function checkEntryName(raw: string): string {
  if (raw === '' || /[\u0000-\u001f\u007f]/.test(raw))
    throw unsafeZip(`entry name ${JSON.stringify(raw)} contains control characters or is empty`);
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw unsafeZip(`entry "${raw}" has an absolute path`);
  if (name.split('/').some((seg) => seg === '..')) throw unsafeZip(`entry "${raw}" points outside the archive folder`);
  return name;
}

function findEocd(v: DataView): number {
  const min = Math.max(0, v.byteLength - 22 - 0xffff);
  for (let i = v.byteLength - 22; i >= min; i--) {
    if (v.getUint32(i, true) === EOCD) return i;
  }
  return -1;
}

const decodeName = (bytes: Uint8Array, utf8: boolean): string =>
  utf8 || bytes.every((c) => c < 0x80)
    ? new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    : String.fromCharCode(...bytes);

/** Parses and validates the central directory; throws BAD_ZIP or UNSAFE_ZIP with the reason. */
export function readCentralDirectory(b: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  if (!hasZipSignature(b)) throw badZip('the zip signature is missing');
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const eocd = findEocd(v);
  if (eocd < 0) throw badZip('the end of the central directory is missing');
  const count = v.getUint16(eocd + 10, true);
  const cdSize = v.getUint32(eocd + 12, true);
  const cdOffset = v.getUint32(eocd + 16, true);
  if (v.getUint16(eocd + 4, true) !== 0 || v.getUint16(eocd + 6, true) !== 0)
    throw badZip('multi-part archives are not supported');
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw unsafeZip('ZIP64 archives (over 4 GB or 65,535 entries) are not supported');
  if (count > limits.maxEntries) throw unsafeZip(`it has ${count} entries (the limit is ${limits.maxEntries})`);
  if (cdOffset + cdSize > eocd) throw badZip('the central directory lies outside the file');
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || v.getUint32(p, true) !== CEN) throw badZip(`central directory entry ${i + 1} is damaged`);
    const madeBy = v.getUint16(p + 4, true) >> 8;
    const flags = v.getUint16(p + 8, true);
    const method = v.getUint16(p + 10, true);
    const crc = v.getUint32(p + 16, true);
    const compressedSize = v.getUint32(p + 20, true);
    const declaredSize = v.getUint32(p + 24, true);
    const nameLen = v.getUint16(p + 28, true);
    const extraLen = v.getUint16(p + 30, true);
    const commentLen = v.getUint16(p + 32, true);
    const external = v.getUint32(p + 38, true);
    const localOffset = v.getUint32(p + 42, true);
    if (p + 46 + nameLen > eocd) throw badZip(`central directory entry ${i + 1} is truncated`);
    const raw = decodeName(b.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0);
    p += 46 + nameLen + extraLen + commentLen;

    const name = checkEntryName(raw);
    const mode = (external >>> 16) & 0o170000;
    if (madeBy === 3 && mode === 0o120000) throw unsafeZip(`entry "${raw}" is a symbolic link`);
    if (madeBy === 3 && mode !== 0 && mode !== 0o100000 && mode !== 0o040000)
      throw unsafeZip(`entry "${raw}" is not a regular file or folder`);
    if (flags & 1) throw unsafeZip(`entry "${raw}" is encrypted`);
    if (method !== 0 && method !== 8) throw badZip(`entry "${raw}" uses an unsupported compression method (${method})`);
    if (seen.has(name)) throw unsafeZip(`entry "${raw}" appears twice`);
    seen.add(name);

    if (localOffset + 30 > cdOffset || v.getUint32(localOffset, true) !== LOC)
      throw badZip(`the local header of "${raw}" is missing`);
    const dataStart = localOffset + 30 + v.getUint16(localOffset + 26, true) + v.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > cdOffset) throw badZip(`the data of "${raw}" lies outside the file`);
    const isDir = name.endsWith('/');
    if (method === 0 && compressedSize !== declaredSize) throw badZip(`the sizes of stored entry "${raw}" disagree`);
    entries.push({ name, isDir, method, crc, compressedSize, declaredSize, dataStart });
  }
  return entries;
}
