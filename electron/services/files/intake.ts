// The one way files come in: bytes without a path (pasted into the Electron window, uploaded in browser
// mode) are stored under the uploads folder within one limit (MAX_FILE_BYTES), and every path — stored,
// dropped, picked — enters the queue through submitPaths: checked once, good files queued, the rest
// answered with their reasons.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_FILE_BYTES } from '../../../shared/capabilities.ts';
import { CodedError } from '../../../shared/result.ts';
import type { FileCheck, SubmitOptions, SubmitResult } from '../../../shared/task.ts';
import type { TaskRegistry } from '../context.ts';
import { ensureDir, writeFileAtomic } from '../../../lib/atomic.ts';
import { sanitizeName } from '../fs-safe/names.ts';
import { checkPaths, toFileCheck } from './check.ts';

const tooLarge = (name: string): CodedError =>
  new CodedError('TOO_LARGE', `${name} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
const empty = (name: string): CodedError => new CodedError('EMPTY', `${name} is empty`);

/** A fresh folder under uploads, and the file's safe name in it. */
async function uploadPath(uploadsDir: string, name: string, fallback: string): Promise<string> {
  const dir = join(uploadsDir, randomUUID());
  await ensureDir(dir);
  return join(dir, sanitizeName(name, fallback));
}

/** A file that came as bytes (pasted into the Electron window); returns its path. */
export async function storeBytes(uploadsDir: string, name: string, bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength === 0) throw empty(name);
  if (bytes.byteLength > MAX_FILE_BYTES) throw tooLarge(name);
  const path = await uploadPath(uploadsDir, name, 'pasted');
  await writeFileAtomic(path, bytes);
  return path;
}

/**
 * A file that comes as a stream (browser mode's upload). `declared`: the announced length, refused before
 * anything is written when it is over the limit. Throws TOO_LARGE, EMPTY or UPLOAD_FAILED (interrupted);
 * nothing is left behind then.
 */
export async function storeStream(
  uploadsDir: string,
  name: string,
  body: Readable,
  declared?: number,
): Promise<{ path: string; size: number }> {
  if (declared !== undefined && Number.isFinite(declared) && declared > MAX_FILE_BYTES) throw tooLarge(name);
  const path = await uploadPath(uploadsDir, name, 'upload');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > MAX_FILE_BYTES) done(tooLarge(name));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { flags: 'wx' }));
    if (size === 0) throw empty(name);
  } catch (e) {
    await rm(dirname(path), { recursive: true, force: true }).catch(() => undefined);
    throw e instanceof CodedError ? e : new CodedError('UPLOAD_FAILED', 'Upload interrupted');
  }
  return { path, size };
}

export interface SubmitHow {
  /** 'ask': good files a queued task already has (same name and size) are held back, not queued. */
  duplicates?: 'add' | 'ask';
  /** The task these files re-run (history). */
  parentId?: string;
}

const sameFile = (name: string, size: number): string => `${name}\0${size}`;

/** The door into the queue: folders expanded, each file checked once, the good ones queued in order. */
export async function submitPaths(
  tasks: TaskRegistry,
  paths: readonly string[],
  options?: SubmitOptions,
  how: SubmitHow = {},
): Promise<SubmitResult> {
  if (paths.length === 0) throw new CodedError('NO_FILES', 'No files to submit');
  const checks = await checkPaths(paths);
  const queued = how.duplicates === 'ask' ? new Set(tasks.list().map((t) => sameFile(t.fileName, t.size))) : null;
  const good = [];
  const rejected: FileCheck[] = [];
  const duplicates: FileCheck[] = [];
  for (const c of checks) {
    if (!c.ok) rejected.push(toFileCheck(c));
    else if (queued?.has(sameFile(c.name, c.size))) duplicates.push(toFileCheck(c));
    else good.push(c);
  }
  return { tasks: await tasks.add(good, options, how.parentId), rejected, duplicates };
}
