// Client-side checks before anything is uploaded: empty, too large, extension not accepted.
// main checks again by content ('tasks:submit'); this only catches the obvious cases early, with a
// message per file.
import type { AppError } from '../../../../shared/result.ts';
import { MAX_FILE_BYTES } from '../../../../shared/capabilities.ts';
import { SUPPORTED_EXTENSIONS } from '../../../../shared/file-types.ts';
import { extensionOf, formatBytes } from '../../lib/format.ts';

/** One file that will not be parsed, and why (shown in the rejected-files panel). */
export interface Rejection {
  name: string;
  /** Folder-relative path when the file came from a dropped folder. */
  path: string | null;
  error: AppError;
}

interface FileLike {
  name: string;
  size: number;
}

export function checkFile(file: FileLike): AppError | null {
  const ext = extensionOf(file.name);
  if (!SUPPORTED_EXTENSIONS.includes(ext)) {
    return { code: 'UNSUPPORTED', message: ext || '—' };
  }
  if (file.size === 0) return { code: 'EMPTY', message: '' };
  if (file.size > MAX_FILE_BYTES) {
    return { code: 'TOO_LARGE', message: `${formatBytes(file.size)} is over the ${formatBytes(MAX_FILE_BYTES)} limit` };
  }
  return null;
}

/** Path react-dropzone (file-selector) records for files from dropped folders. */
export function relativePathOf(file: File): string | null {
  const withPath = file as File & { path?: string; relativePath?: string };
  const p = withPath.relativePath || withPath.path || file.webkitRelativePath || '';
  const clean = p.replace(/^\.?\//, '');
  return clean && clean !== file.name ? clean : null;
}

export function partitionFiles<F extends File>(files: readonly F[]): { good: F[]; rejected: Rejection[] } {
  const good: F[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    const error = checkFile(file);
    if (error) rejected.push({ name: file.name, path: relativePathOf(file), error });
    else good.push(file);
  }
  return { good, rejected };
}
