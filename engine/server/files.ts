// GET/HEAD {base}/files/<file_key>/images/<name> and {base}/files/<file_key>/bundle.zip: the crops and
// the zip bundle of a finished task. The key is a second random 128-bit id, names are matched
// against a strict pattern (no separators, no dot-dot), so nothing outside a task folder is served.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { ErrorCodes } from '../errors.ts';
import { isHex32 } from '../../lib/atomic.ts';
import type { TaskStore } from '../core/store/task-store.ts';
import { sendEnvelope } from './http.ts';
import { BUNDLE_FILE, IMAGES_DIR, SOURCE_PDF } from '../outputs/result.ts';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.svg': 'image/svg+xml',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
};
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

/** `rest` is the path after `/files/`, still URL-encoded; `found` is called once the file key named a
 *  served file (it may throw to refuse). */
export async function serveFile(
  res: ServerResponse,
  store: TaskStore,
  rest: string,
  found: () => void = () => {},
): Promise<void> {
  const notFound = () =>
    sendEnvelope(res, ErrorCodes.PARAM_ERROR, 'File not found (unknown, expired or removed)', null, 404);
  const parts = rest.split('/');
  const task = isHex32(parts[0] ?? '') ? store.byFileKey(parts[0]!) : undefined;
  if (task?.status !== 'SUCCESS' || store.isExpired(task)) return notFound();
  let rel: string;
  if (parts.length === 2 && (parts[1] === BUNDLE_FILE || parts[1] === SOURCE_PDF)) rel = parts[1];
  else if (parts.length === 3 && parts[1] === IMAGES_DIR && SAFE_NAME.test(parts[2]!))
    rel = join(IMAGES_DIR, parts[2]!);
  else return notFound();
  const type = TYPES[extname(rel).toLowerCase()];
  if (!type) return notFound();
  const path = join(store.taskDir(task.task_id), rel);
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) return notFound();
    size = s.size;
  } catch {
    return notFound();
  }
  found();
  // Whatever a file turns out to be (an SVG crop from a stranger's document), opened directly it runs
  // no script with the engine's origin and is never sniffed into HTML.
  const headers: Record<string, string> = {
    'content-type': type,
    'content-length': String(size),
    'cache-control': 'private, max-age=3600',
    'content-security-policy': 'sandbox',
    'x-content-type-options': 'nosniff',
  };
  if (rel === BUNDLE_FILE) {
    const stem = task.file_name.replace(/\.[^.]*$/, '') || 'result';
    headers['content-disposition'] =
      `attachment; filename="${stem.replace(/[^\x20-\x7e]|["\\]/g, '_')}.zip"; filename*=UTF-8''${encodeURIComponent(stem)}.zip`;
  }
  res.writeHead(200, headers);
  if (res.req?.method === 'HEAD') return void res.end();
  const stream = createReadStream(path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
