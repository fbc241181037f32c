// The app's private JSON state files (settings, the task list, result metadata): read, replace
// atomically (lib/atomic.ts, owner-only 0600), and coalesce frequent writes.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../../lib/atomic.ts';

/** Creates the folder if needed, then replaces `file` with pretty-printed JSON readable by the owner only. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, { overwrite: true, mode: 0o600 });
}

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
