// Serving one file from disk with a content type and HTTP Range support (pdf.js fetches ranges).
// Used by the Electron asset protocol (main/protocol.ts) and by browser mode's /assets route; bytesAsset
// serves a body made in memory (page images drawn on request) the same way.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.bcmap': 'application/octet-stream',
};

/** Headers for every result asset (cached images, originals, downloads): whatever a file turns out to
 *  be, opened directly it runs no script in the app's origin and is never sniffed into HTML. */
export const RESULT_ASSET_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
};

export function contentTypeFor(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type RangeResult = { start: number; end: number } | 'unsatisfiable' | null;

/** Parses a single `bytes=` range (multi-range requests are served whole). null → send everything. */
export function parseRange(header: string | null | undefined, size: number): RangeResult {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end)
    return 'unsatisfiable';
  return { start, end };
}

export interface AssetResponse {
  status: 200 | 206 | 404 | 416;
  headers: Record<string, string>;
  /** File contents (or the requested range); null for 404/416 and HEAD. */
  body: Readable | null;
}

export interface AssetRequest {
  range?: string | null;
  method?: string;
  /** Extra headers for the successful response (e.g. CSP, content disposition). */
  headers?: Record<string, string>;
}

export async function openAsset(filePath: string | null, req: AssetRequest = {}): Promise<AssetResponse> {
  const info = filePath ? await stat(filePath).catch(() => null) : null;
  if (!filePath || !info?.isFile()) {
    return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: null };
  }
  const size = info.size;
  const base: Record<string, string> = {
    'content-type': contentTypeFor(filePath),
    'accept-ranges': 'bytes',
    'cache-control': 'no-cache',
    'last-modified': info.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
    ...req.headers,
  };
  const head = (req.method ?? 'GET').toUpperCase() === 'HEAD';
  const range = parseRange(req.range, size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { 'content-range': `bytes */${size}` }, body: null };
  }
  if (range === null) {
    const body = head || size === 0 ? null : createReadStream(filePath);
    return { status: 200, headers: { ...base, 'content-length': String(size) }, body };
  }
  const length = range.end - range.start + 1;
  return {
    status: 206,
    headers: {
      ...base,
      'content-length': String(length),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    },
    body: head ? null : createReadStream(filePath, { start: range.start, end: range.end }),
  };
}

/** A body made in memory (a page image drawn on request) with a file's headers; 404 for null. Whole
 *  (a Range is not needed by images). */
export function bytesAsset(body: Uint8Array | null, contentType: string, req: AssetRequest = {}): AssetResponse {
  if (!body) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: null };
  const head = (req.method ?? 'GET').toUpperCase() === 'HEAD';
  return {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-length': String(body.length),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      ...req.headers,
    },
    body: head ? null : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.length)]),
  };
}

/** Absolute path inside `root` for a URL pathname, or null when it escapes the folder. */
export function fileInside(root: string, pathname: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname).replace(/^[/\\]+/, '');
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const base = resolve(root);
  const abs = resolve(base, rel);
  return abs !== base && abs.startsWith(base.endsWith(sep) ? base : base + sep) ? abs : null;
}
