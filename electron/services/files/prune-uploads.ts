// Uploaded and pasted files live in <dataDir>/uploads/<uuid>/<name> until no task needs them: at start,
// folders that no task in the queue refers to (and that are not fresh) are removed. Results keep their
// own copy of the original, so a removed upload never costs a preview or an export.
import { sep } from 'node:path';
import { sweepOlderThan } from '../fs-safe/sweep.ts';

const MIN_AGE_MS = 60 * 60 * 1000;

export function pruneUploads(uploadsDir: string, taskPaths: readonly string[], now = Date.now()): Promise<number> {
  return sweepOlderThan(uploadsDir, MIN_AGE_MS, {
    now,
    foldersOnly: true,
    keep: (dir) => taskPaths.some((p) => p.startsWith(dir + sep)),
  });
}
