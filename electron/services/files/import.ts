// Files that have no path on disk (pasted from the clipboard into the Electron window) arrive as bytes;
// they are stored under the uploads folder like browser mode's uploads and then handled by path.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import { ensureDir, writeFileAtomic } from '../../../engine/store/atomic.ts';
import { sanitizeName } from '../fs-safe/names.ts';
import { MAX_FILE_BYTES } from '../consts.ts';

export async function importFile(uploadsDir: string, req: unknown): Promise<string> {
  const r = (typeof req === 'object' && req !== null ? req : {}) as { name?: unknown; bytes?: unknown };
  if (typeof r.name !== 'string' || !(r.bytes instanceof Uint8Array)) {
    throw new CodedError('INVALID_REQUEST', 'files:import needs a file name and its bytes');
  }
  if (r.bytes.byteLength === 0) throw new CodedError('EMPTY', `${r.name} is empty`);
  if (r.bytes.byteLength > MAX_FILE_BYTES) {
    throw new CodedError('TOO_LARGE', `${r.name} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  }
  const dir = join(uploadsDir, randomUUID());
  await ensureDir(dir);
  const path = join(dir, sanitizeName(r.name, 'pasted'));
  await writeFileAtomic(path, r.bytes);
  return path;
}
