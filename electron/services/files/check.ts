// Checks one file before upload: readable, not empty, within the size limit, a supported type whose
// content (magic bytes) agrees with its extension. Run once per file by the intake (files/intake.ts).
import { type FileHandle, open } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { FileCheck } from '../../../shared/task.ts';
import { MAX_FILE_BYTES } from '../../../shared/capabilities.ts';
import { describeKind, expectedKind, isSupportedExt, sniff, SNIFF_BYTES } from '../../../shared/file-types.ts';
import { expandPaths } from './expand.ts';

export interface CheckedFile extends FileCheck {
  /** Lower-case extension with the dot ('' when none). */
  ext: string;
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function checkFile(path: string): Promise<CheckedFile> {
  const name = basename(path);
  const ext = extname(name).toLowerCase();
  const result = (size: number, code: string | null, message = ''): CheckedFile => ({
    path,
    name,
    size,
    ext,
    ok: code === null,
    error: code === null ? null : { code, message },
  });

  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'it does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : (e as Error).message;
    return result(0, 'UNREADABLE', `${name} cannot be read: ${why}`);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) return result(0, 'UNREADABLE', `${name} is not a regular file`);
    if (st.size === 0) return result(0, 'EMPTY', `${name} is empty (0 bytes)`);
    if (st.size > MAX_FILE_BYTES) {
      return result(st.size, 'TOO_LARGE', `${name} is ${mb(st.size)}; the limit is ${mb(MAX_FILE_BYTES)}`);
    }
    if (!isSupportedExt(ext)) {
      return result(
        st.size,
        'UNSUPPORTED',
        `${name}: ${ext ? `"${ext}" files are` : 'files without an extension are'} not supported (PDF, images, Word, PowerPoint, Excel)`,
      );
    }
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, st.size));
    let bytesRead: number;
    try {
      ({ bytesRead } = await fh.read(head, 0, head.length, 0));
    } catch (e) {
      return result(st.size, 'UNREADABLE', `${name} cannot be read: ${(e as Error).message}`);
    }
    const found = sniff(head.subarray(0, bytesRead));
    const wanted = expectedKind(ext);
    if (found !== wanted) {
      return result(st.size, 'MISMATCH', `${name} is named "${ext}" but its content is ${describeKind(found)}`);
    }
    return result(st.size, null);
  } finally {
    await fh.close();
  }
}

/** Expands folders, then checks every file (in order, a few at a time). */
export async function checkPaths(paths: readonly string[]): Promise<CheckedFile[]> {
  const files = await expandPaths(paths);
  const out: CheckedFile[] = new Array(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      out[i] = await checkFile(files[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, files.length) }, worker));
  return out;
}

/** The public shape (without the internal `ext`). */
export const toFileCheck = ({ ext: _ext, ...rest }: CheckedFile): FileCheck => rest;
