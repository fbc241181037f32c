// Reading any zip safely: names checked (zip-entries.ts), every entry inflated in small steps while
// counting the ACTUAL bytes produced, so a bomb is stopped as soon as it crosses a limit, whatever
// sizes its headers declare. CRC and sizes are verified.
import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';
import { CodedError } from '../../../shared/result.ts';
import {
  badZip,
  DEFAULT_ZIP_LIMITS,
  readCentralDirectory,
  unsafeZip,
  type ZipEntry,
  type ZipLimits,
} from './zip-entries.ts';

export { DEFAULT_ZIP_LIMITS, hasZipSignature, type ZipLimits } from './zip-entries.ts';

/** Compressed bytes fed to the inflater per step: at most ~1032× that comes out of one step. */
const STEP = 16 * 1024;
const mb = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`;

export interface ZipSummary {
  entries: { name: string; size: number; isDir: boolean }[];
  totalBytes: number;
}

/**
 * Walks every entry, inflating it in steps and handing the chunks to `sink` (when given).
 * Throws CodedError BAD_ZIP (damaged, not a zip) or UNSAFE_ZIP (traversal, links, bombs).
 */
function walkZip(
  bytes: Uint8Array,
  sink?: (entry: ZipEntry, chunk: Uint8Array) => void,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): ZipSummary {
  const entries = readCentralDirectory(bytes, limits);
  const summary: ZipSummary = { entries: [], totalBytes: 0 };
  for (const entry of entries) {
    if (entry.isDir) {
      summary.entries.push({ name: entry.name, size: 0, isDir: true });
      continue;
    }
    let size = 0;
    let crc = 0;
    const take = (chunk: Uint8Array): void => {
      size += chunk.length;
      summary.totalBytes += chunk.length;
      if (summary.totalBytes > limits.maxTotalBytes) {
        throw unsafeZip(`it expands to more than ${mb(limits.maxTotalBytes)} (a zip bomb?)`);
      }
      if (size > limits.ratioFloorBytes && size > limits.maxRatio * Math.max(1, entry.compressedSize)) {
        throw unsafeZip(
          `entry "${entry.name}" expands more than ${limits.maxRatio} times its compressed size (a zip bomb?)`,
        );
      }
      if (size > entry.declaredSize) throw unsafeZip(`entry "${entry.name}" inflates to more than its header declares`);
      crc = crc32(chunk, crc);
      sink?.(entry, chunk);
    };
    const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === 0) {
      for (let off = 0; off < data.length; off += STEP) take(data.subarray(off, off + STEP));
    } else {
      inflateInSteps(entry, data, take);
    }
    if (size !== entry.declaredSize) throw badZip(`entry "${entry.name}" is shorter than its header says`);
    if (crc >>> 0 !== entry.crc) throw badZip(`entry "${entry.name}" fails its checksum`);
    summary.entries.push({ name: entry.name, size, isDir: false });
  }
  return summary;
}

function inflateInSteps(entry: ZipEntry, data: Uint8Array, take: (chunk: Uint8Array) => void): void {
  const inflater = new Inflate((chunk) => take(chunk));
  try {
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
    for (let off = 0; off < data.length; off += STEP) {
      inflater.push(data.subarray(off, off + STEP), off + STEP >= data.length);
    }
  } catch (e) {
    if (e instanceof CodedError) throw e;
    throw badZip(`entry "${entry.name}" cannot be inflated (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** Verifies a whole archive (structure, names, limits, checksums) without keeping the contents. */
export function inspectZip(bytes: Uint8Array, limits?: ZipLimits): ZipSummary {
  return walkZip(bytes, undefined, limits);
}

/** Reads the wanted entries (default: all files) into memory, within the limits. */
export function readZipSafe(
  bytes: Uint8Array,
  want: (name: string) => boolean = () => true,
  limits?: ZipLimits,
): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array[]>();
  const summary = walkZip(
    bytes,
    (entry, chunk) => {
      if (!want(entry.name)) return;
      let list = parts.get(entry.name);
      if (!list) parts.set(entry.name, (list = []));
      list.push(chunk.slice());
    },
    limits,
  );
  const out = new Map<string, Uint8Array>();
  for (const e of summary.entries) {
    if (!e.isDir && want(e.name)) out.set(e.name, new Uint8Array(Buffer.concat(parts.get(e.name) ?? [])));
  }
  return out;
}
