// Uploaded and pasted files live in <dataDir>/uploads/<uuid>/<name> until no task needs them: at start,
// folders that no task in the queue refers to (and that are not fresh) are removed. Results keep their
// own copy of the original, so a removed upload never costs a preview or an export.
import { readdir, rm, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

const MIN_AGE_MS = 60 * 60 * 1000;

export async function pruneUploads(uploadsDir: string, taskPaths: readonly string[], now = Date.now()): Promise<number> {
  let removed = 0;
  const entries = await readdir(uploadsDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = join(uploadsDir, entry.name);
    if (taskPaths.some((p) => p.startsWith(dir + sep))) continue;
    const st = await stat(dir).catch(() => null);
    if (!st || now - st.mtimeMs < MIN_AGE_MS) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
