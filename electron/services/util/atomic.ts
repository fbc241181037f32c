// Atomic JSON files: write a temp file beside the target, fsync, then rename over it.
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

export const writeJsonAtomic = (file: string, value: unknown): Promise<void> =>
  writeFileAtomic(file, JSON.stringify(value, null, 2) + '\n');

/** Parsed JSON, or null when the file is missing; throws on unreadable or malformed files. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return JSON.parse(text) as unknown;
}

/**
 * Coalesces writes: `schedule()` writes after `delayMs`; `flush()` writes now if something is pending.
 * Writes never overlap; a failure is reported to `onError` and retried on the next schedule.
 */
export function debouncedWriter(write: () => Promise<void>, delayMs: number, onError: (e: unknown) => void) {
  let timer: NodeJS.Timeout | null = null;
  let dirty = false;
  let running: Promise<void> = Promise.resolve();

  const run = (): Promise<void> => {
    timer && clearTimeout(timer);
    timer = null;
    if (!dirty) return running;
    dirty = false;
    running = running.then(write).catch(onError);
    return running;
  };
  return {
    schedule(): void {
      dirty = true;
      if (!timer) timer = setTimeout(() => void run(), delayMs);
    },
    flush(): Promise<void> {
      return run();
    },
  };
}
