// POST /upload: browser mode's stand-in for Electron's webUtils.getPathForFile. The raw request body
// (one file, name URI-encoded in the x-file-name header) goes to the services' intake, which stores it
// under the uploads folder within the one size limit; the reply is the server path 'tasks:submit' accepts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CodedError } from '../../shared/result.ts';
import { storeStream } from '../services/files/intake.ts';

const FILE_NAME_HEADER = 'x-file-name';

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
  try {
    const stored = await storeStream(uploadsDir, decoded, req, Number(headerValue(req, 'content-length') ?? NaN));
    sendJson(res, 200, { ok: true, value: stored });
  } catch (e) {
    const err = e instanceof CodedError ? e : new CodedError('UPLOAD_FAILED', 'Upload interrupted');
    if (!res.headersSent && !res.destroyed) refuse(res, err.code === 'TOO_LARGE' ? 413 : 400, err.code, err.message);
    if (err.code === 'TOO_LARGE') req.resume();
  }
}
