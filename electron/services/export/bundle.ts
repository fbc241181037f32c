// Zip bundles. The service's `outputs.zip`: our engine sends a URL to download, the cloud may send
// base64 text; both end up as bytes verified to be a real, safe zip before anything uses them.
// Local bundles are written by the engine's streaming zip writer (writeZipAtomic, lib/zip.ts).
import { type FileHandle, open } from 'node:fs/promises';
import { CodedError } from '../../../shared/result.ts';
import { hasZipSignature, inspectZip, type ZipSummary } from '../fs-safe/zip-read.ts';

/** Largest bundle accepted (download or file); matches the safe-reading expansion cap. */
const MAX_BUNDLE_BYTES = 512 * 1024 * 1024;

export type Download = (url: string, signal?: AbortSignal) => Promise<Response>;

const badBundle = (why: string): CodedError =>
  new CodedError('BAD_ZIP', `The service's zip bundle is not usable: ${why}.`);

/** Throws BAD_ZIP / UNSAFE_ZIP unless `bytes` is a complete zip that is safe to read. */
function verifyZip(bytes: Uint8Array): ZipSummary {
  if (!hasZipSignature(bytes)) throw badBundle('it does not start with a zip signature');
  return inspectZip(bytes);
}

/** Decodes base64 (plain, URL-safe, wrapped in lines, or a `data:…;base64,` URI); null when it is not base64. */
export function decodeBase64Zip(text: string): Uint8Array | null {
  let s = text.trim();
  const comma = s.indexOf(',');
  if (/^data:[^,]*;base64,/i.test(s)) s = s.slice(comma + 1);
  s = s.replace(/\s+/g, '');
  if (s.length < 28 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return null;
  return new Uint8Array(Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

async function downloadCapped(url: string, download: Download): Promise<Uint8Array> {
  const res = await download(url);
  if (!res.ok || !res.body) throw badBundle(`downloading it failed (HTTP ${res.status})`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_BUNDLE_BYTES) throw badBundle('it is larger than 512 MB');
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > MAX_BUNDLE_BYTES) throw badBundle('it is larger than 512 MB');
    parts.push(chunk);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Turns an `outputs.zip` value into verified zip bytes: an http(s) URL is downloaded (with `download`,
 * default fetch), anything else is decoded as base64. Throws CodedError BAD_ZIP / UNSAFE_ZIP.
 */
export async function serviceZipBytes(
  value: string,
  download: Download = (u, s) => fetch(u, { signal: s }),
): Promise<Uint8Array> {
  const v = value.trim();
  let bytes: Uint8Array | null;
  if (/^https?:\/\//i.test(v)) {
    bytes = await downloadCapped(v, download);
  } else {
    bytes = decodeBase64Zip(v);
    if (!bytes) throw badBundle('it is neither a URL nor base64 text');
  }
  verifyZip(bytes);
  return bytes;
}

/** Reads and verifies a bundle already on disk; null when it is missing, too large, or not a safe zip. */
export async function readVerifiedBundle(path: string): Promise<Uint8Array | null> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await fh.stat();
    if (size > MAX_BUNDLE_BYTES) return null;
    const bytes = new Uint8Array(await fh.readFile());
    verifyZip(bytes);
    return bytes;
  } catch {
    return null;
  } finally {
    await fh.close();
  }
}
