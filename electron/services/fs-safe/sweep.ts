// The one sweeper of temporary folders under the data folder (browser-mode export downloads, staged
// re-run copies, upload folders no task needs): entries older than an age are removed, best effort.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface SweepOptions {
  /** The clock (tests pass their own). */
  now?: number;
  /** Only folders are swept; files in `root` are left alone. */
  foldersOnly?: boolean;
  /** Entries to keep whatever their age (e.g. an upload a task still refers to). */
  keep?: (path: string) => boolean;
}

/**
 * Removes every entry of `root` last modified more than `maxAgeMs` ago; returns how many went. A missing
 * `root`, an entry that vanished meanwhile or one that cannot be removed is skipped, never thrown.
 */
export async function sweepOlderThan(root: string, maxAgeMs: number, opts: SweepOptions = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (opts.foldersOnly && !entry.isDirectory()) continue;
    const path = join(root, entry.name);
    if (opts.keep?.(path)) continue;
    const st = await stat(path).catch(() => null);
    if (!st || now - st.mtimeMs <= maxAgeMs) continue;
    try {
      await rm(path, { recursive: true, force: true });
      removed++;
    } catch {
      /* raced with another sweep, or not ours to remove */
    }
  }
  return removed;
}
