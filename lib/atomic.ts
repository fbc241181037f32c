// The one atomic file write, for the engine's task store and results and the app's state files and exports.
// Guarantee: readers see the old file or the whole new one, never a part; once it resolves the content
// and its name are on disk (file fsync, folder fsync where supported); on any failure nothing is left
// behind and the error is a CodedError a user understands. Options: replace or not, file mode.
import { randomBytes } from 'node:crypto';
import { type FileHandle, link, lstat, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CodedError } from '../shared/result.ts';

export interface WriteOptions {
  /** Replace an existing file. Without it an existing destination gives CodedError 'EXISTS'. */
  overwrite?: boolean;
  /** Permissions of the new file (default 0o644; private state files pass 0o600). */
  mode?: number;
}

/** Turns a Node fs error into a CodedError naming the path and what the user can do. */
export function fsError(e: unknown, path: string): CodedError {
  if (e instanceof CodedError) return e;
  const code = (e as NodeJS.ErrnoException | null)?.code ?? '';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new CodedError('DISK_FULL', `Not enough disk space to write ${path}. Free some space and try again.`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new CodedError(
        'READ_ONLY',
        `Cannot write ${path}: the folder is read-only or access is denied. Choose another folder.`,
      );
    case 'EEXIST':
      return new CodedError('EXISTS', `${path} already exists and was not overwritten.`);
    case 'ENOENT':
    case 'ENOTDIR':
      return new CodedError('NO_FOLDER', `Cannot write ${path}: the folder does not exist.`);
    case 'ENAMETOOLONG':
      return new CodedError('NAME_TOO_LONG', `Cannot write ${path}: the name or path is too long.`);
    case 'EISDIR':
      return new CodedError('IS_FOLDER', `Cannot write ${path}: a folder has that name.`);
    default: {
      const msg = e instanceof Error ? e.message : String(e);
      return new CodedError('WRITE_FAILED', `Cannot write ${path}: ${msg}`);
    }
  }
}

export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `dest` atomically: `fill` writes the content into a temp file beside it. Readers never see a
 * partial file, and a failure (full disk, read-only folder, a throwing `fill`) leaves nothing behind.
 */
export async function atomicWrite(
  dest: string,
  fill: (fh: FileHandle) => Promise<void>,
  opts: WriteOptions = {},
): Promise<void> {
  if (!opts.overwrite && (await pathExists(dest))) throw fsError({ code: 'EEXIST' }, dest);
  // Short temp name: the destination's own name may already be at the 255-byte limit.
  const tmp = join(dirname(dest), `.docparse-${randomBytes(6).toString('hex')}.tmp`);
  let fh: FileHandle | null = null;
  try {
    fh = await open(tmp, 'wx', opts.mode ?? 0o644);
    await fill(fh);
    await fh.sync();
    await fh.close();
    fh = null;
    if (opts.overwrite) {
      await rename(tmp, dest);
    } else {
      await placeWithoutOverwrite(tmp, dest);
    }
  } catch (e) {
    if (fh) await fh.close().catch(() => {});
    await rm(tmp, { force: true }).catch(() => {});
    throw fsError(e, dest);
  }
  await syncDir(dirname(dest));
}

/** link() fails with EEXIST if the name appeared meanwhile; file systems without hard links fall back to rename. */
async function placeWithoutOverwrite(tmp: string, dest: string): Promise<void> {
  try {
    await link(tmp, dest);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw e;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'EMLINK')
      throw e;
    if (await pathExists(dest)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    await rename(tmp, dest);
    return;
  }
  await unlink(tmp);
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename durable; not supported everywhere (Windows), so best effort.
  try {
    const d = await open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    /* ignore */
  }
}

/** Writes every byte (a single write() may write fewer). */
export async function writeAll(fh: FileHandle, bytes: Uint8Array): Promise<void> {
  let off = 0;
  while (off < bytes.length) {
    const { bytesWritten } = await fh.write(bytes, off, bytes.length - off);
    off += bytesWritten;
  }
}

export async function writeFileAtomic(dest: string, data: Uint8Array | string, opts: WriteOptions = {}): Promise<void> {
  await atomicWrite(
    dest,
    async (fh) => {
      await fh.writeFile(data);
    },
    opts,
  );
}

/** Copies `src` to `dest` atomically, streaming (the file is never read into memory whole). */
export async function copyFileAtomic(src: string, dest: string, opts: WriteOptions = {}): Promise<void> {
  let input: FileHandle;
  try {
    input = await open(src, 'r');
  } catch (e) {
    throw new CodedError('NOT_FOUND', `Cannot read ${basename(src)}: ${(e as Error).message}`);
  }
  try {
    await atomicWrite(
      dest,
      async (fh) => {
        const buf = Buffer.allocUnsafe(1 << 20);
        for (;;) {
          const { bytesRead } = await input.read(buf, 0, buf.length, null);
          if (bytesRead === 0) break;
          await writeAll(fh, buf.subarray(0, bytesRead));
        }
      },
      opts,
    );
  } finally {
    await input.close();
  }
}

/** mkdir -p with the same clear errors as writes. */
export async function ensureDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw fsError(e, dir);
  }
}

/** 32 lower-case hex characters (128 random bits): task ids and unguessable file keys. */
export const randomHex32 = (): string => randomBytes(16).toString('hex');

export const isHex32 = (s: string): boolean => /^[0-9a-f]{32}$/.test(s);
