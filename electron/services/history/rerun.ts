// Re-run: parse a history item (or a failed/cancelled task) again with other options, e.g. on another
// backend; the new task links to it (parentId) and both results are kept. The re-run's source is the exact
// file that was parsed: the cached original, staged under its real name (so the new task is named like the
// old one), else the original path.
import { randomBytes } from 'node:crypto';
import { copyFile, link } from 'node:fs/promises';
import { join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { SubmitOptions, Task } from '../../../shared/task.ts';
import type { ServicesContext } from '../context.ts';
import { dataPaths } from '../data-dir.ts';
import { submitPaths } from '../files/intake.ts';
import { ensureDir, pathExists } from '../../../lib/atomic.ts';
import { sanitizeName } from '../fs-safe/names.ts';
import { sweepOlderThan } from '../fs-safe/sweep.ts';

/** Staged copies older than this are removed (the queue has long uploaded them). */
const STAGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

async function stage(ctx: ServicesContext, cached: string, fileName: string): Promise<string> {
  const dir = join(dataPaths(ctx.dataDir).rerun, randomBytes(8).toString('hex'));
  await ensureDir(dir);
  const dest = join(dir, sanitizeName(fileName, 'document'));
  await link(cached, dest).catch(() => copyFile(cached, dest));
  return dest;
}

/** The parent's options, overridden by what the user changed (undefined fields keep the parent's). */
function mergeOptions(parent: Task | undefined, options: SubmitOptions | undefined): SubmitOptions {
  const o = options ?? {};
  const merged: SubmitOptions = {};
  const backend = o.backend ?? parent?.backend;
  const mode = o.mode ?? parent?.requestedMode;
  const formats = o.formats ?? parent?.formats;
  if (backend !== undefined) merged.backend = backend;
  if (mode !== undefined) merged.mode = mode;
  if (formats !== undefined) merged.formats = [...formats];
  if (parent || o.featureConfig) merged.featureConfig = { ...parent?.featureConfig, ...o.featureConfig };
  if (parent?.fileOptions || o.fileOptions) merged.fileOptions = { ...parent?.fileOptions, ...o.fileOptions };
  return merged;
}

export async function rerunTask(ctx: ServicesContext, id: string, options: SubmitOptions | undefined): Promise<Task> {
  const known = ctx.tasks.get(id);
  // A failed or cancelled task has no result: it runs again from its own file (e.g. on another backend).
  const unfinished = known && (known.state === 'FAILED' || known.state === 'cancelled') && !(await ctx.results.has(id));
  if (!unfinished) {
    const reason = await ctx.results.availability(id);
    if (reason) throw reason;
  }
  const meta = unfinished ? null : await ctx.results.readMeta(id);
  const parent = known ?? meta?.task;
  const fileName = parent?.fileName ?? meta?.fileName ?? 'document';
  let source: string | null = null;
  const cached = meta?.original ? join(ctx.results.dir(id), meta.original) : null;
  if (cached && (await pathExists(cached))) source = await stage(ctx, cached, fileName);
  else if (parent?.filePath && (await pathExists(parent.filePath))) source = parent.filePath;
  if (!source) {
    throw new CodedError(
      'NO_ORIGINAL',
      `The original of ${fileName} is no longer available, so it cannot be parsed again.`,
    );
  }
  void sweepOlderThan(dataPaths(ctx.dataDir).rerun, STAGE_TTL_MS);
  const {
    tasks: [task],
    rejected: [refused],
  } = await submitPaths(ctx.tasks, [source], mergeOptions(parent, options), { parentId: id });
  if (refused?.error) throw new CodedError(refused.error.code, refused.error.message);
  if (!task) throw new CodedError('INTERNAL', 'The re-run was not queued.');
  return task;
}
