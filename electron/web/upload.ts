// POST /upload: browser mode's stand-in for Electron's webUtils.getPathForFile. The raw request body
// (one file, name URI-encoded in the x-file-name header) is streamed to <uploadsDir>/<uuid>/<name>;
// the reply is the server path that 'files:check' / 'tasks:submit' then accept.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sanitizeName } from '../services/fs-safe/names.ts';

export const FILE_NAME_HEADER = 'x-file-name';
/** Refuses bodies beyond this (the services reject large files with a clear message long before). */
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

const refuse = (res: ServerResponse, status: number, code: string, message: string): void =>
  sendJson(res, status, { ok: false, error: { code, message } });


function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export async function handleUpload(req: IncomingMessage, res: ServerResponse, uploadsDir: string): Promise<void> {
  const rawName = headerValue(req, FILE_NAME_HEADER);
  if (!rawName) return refuse(res, 400, 'BAD_REQUEST', `Missing ${FILE_NAME_HEADER} header`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawName);
  } catch {
    return refuse(res, 400, 'BAD_REQUEST', `Malformed ${FILE_NAME_HEADER} header`);
  }
  const declared = Number(headerValue(req, 'content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
    return refuse(res, 413, 'TOO_LARGE', 'File too large to upload');
  }
  const dir = join(uploadsDir, randomUUID());
  const path = join(dir, sanitizeName(decoded, 'upload'));
  await mkdir(dir, { recursive: true });
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) done(Object.assign(new Error('File too large to upload'), { code: 'TOO_LARGE' }));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(req, counter, createWriteStream(path, { flags: 'wx' }));
  } catch (e) {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    const tooLarge = (e as { code?: string }).code === 'TOO_LARGE';
    if (!res.headersSent && !res.destroyed) {
      refuse(res, tooLarge ? 413 : 400, tooLarge ? 'TOO_LARGE' : 'UPLOAD_FAILED', tooLarge ? 'File too large to upload' : 'Upload interrupted');
    }
    if (tooLarge) req.resume();
    return;
  }
  sendJson(res, 200, { ok: true, value: { path, size } });
}
