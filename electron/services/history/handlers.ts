// IPC handlers for the history of finished results: list/search, delete, storage usage, and re-run:
// parse a history item (or a failed/cancelled task) again with other options, e.g. on another backend;
// the new task links to it (parentId) and both results are kept. The re-run's source is the exact file
// that was parsed: the cached original, staged under its real name (so the new task is named like the
// old one), else the original path.
import { randomBytes } from 'node:crypto';
import { copyFile, link } from 'node:fs/promises';
import { join } from 'node:path';
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { SubmitOptions, Task } from '../../../shared/task.ts';
import type { ServicesContext } from '../context.ts';
import { idList, invalid, record } from '../export/handlers.ts';
import { unavailableReason } from '../export/batch.ts';
import { ensureDir, pathExists } from '../../../engine/store/atomic.ts';
import { sanitizeName } from '../fs-safe/names.ts';
import { sweepOlderThan } from '../fs-safe/sweep.ts';
import { createHistoryIndex } from './search-index.ts';

/** Staged copies older than this are removed (the queue has long uploaded them). */
const STAGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const rerunStageDir = (dataDir: string): string => join(dataDir, 'rerun');

async function stage(ctx: ServicesContext, cached: string, fileName: string): Promise<string> {
  const dir = join(rerunStageDir(ctx.dataDir), randomBytes(8).toString('hex'));
  await ensureDir(dir);
  const dest = join(dir, sanitizeName(fileName, 'document'));
  await link(cached, dest).catch(() => copyFile(cached, dest));
  return dest;
}

/** The parent's options, overridden by what the user changed (undefined fields keep the parent's). */
export function mergeOptions(parent: Task | undefined, options: SubmitOptions | undefined): SubmitOptions {
  const o = options ?? {};
  const merged: SubmitOptions = {};
  const backend = o.backend ?? parent?.backend;
  const mode = o.mode ?? parent?.requestedMode;
  const formats = o.formats ?? parent?.formats;
  if (backend !== undefined) merged.backend = backend;
  if (mode !== undefined) merged.mode = mode;
  if (formats !== undefined) merged.formats = [...formats];
  if (parent || o.featureConfig) merged.featureConfig = { ...parent?.featureConfig, ...o.featureConfig };
  return merged;
}

export async function rerunTask(ctx: ServicesContext, id: string, options: SubmitOptions | undefined): Promise<Task> {
  const known = ctx.tasks.get(id);
  // A failed or cancelled task has no result: it runs again from its own file (e.g. on another backend).
  const unfinished = known && (known.state === 'FAILED' || known.state === 'cancelled') && !(await ctx.results.has(id));
  if (!unfinished) {
    const reason = await unavailableReason(ctx, id);
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
    throw new CodedError('NO_ORIGINAL', `The original of ${fileName} is no longer available, so it cannot be parsed again.`);
  }
  void sweepOlderThan(rerunStageDir(ctx.dataDir), STAGE_TTL_MS);
  const [task] = await ctx.tasks.submit([source], mergeOptions(parent, options), { parentId: id });
  if (!task) throw new CodedError('INTERNAL', 'The re-run was not queued.');
  return task;
}

export type HistoryHandlers = Pick<Handlers, 'history:list' | 'history:delete' | 'history:clear' | 'storage:usage' | 'tasks:rerun'>;

export function createHistoryHandlers(ctx: ServicesContext): HistoryHandlers {
  const index = createHistoryIndex(ctx);

  /** Removes cached files and the task; returns the bytes freed. */
  async function remove(id: string): Promise<number> {
    let freed = 0;
    if (await ctx.results.has(id)) freed = await ctx.results.delete(id);
    if (ctx.tasks.get(id)) await ctx.tasks.remove(id);
    index.forget(id);
    return freed;
  }

  return {
    'history:list': async (req) => {
      const query = req === undefined || req === null ? undefined : record(req).query;
      if (query !== undefined && (typeof query !== 'string' || query.length > 500)) invalid('query must be text (at most 500 characters)');
      return index.list(query as string | undefined);
    },
    'history:delete': async (req) => {
      let freedBytes = 0;
      for (const id of new Set(idList(record(req).ids))) freedBytes += await remove(id);
      return { freedBytes };
    },
    'history:clear': async () => {
      let freedBytes = 0;
      for (const id of await ctx.results.list()) freedBytes += await remove(id);
      return { freedBytes };
    },
    'storage:usage': async () => ({ ...(await index.usage()), dataDir: ctx.dataDir }),
    'tasks:rerun': async (req) => {
      const r = record(req);
      if (typeof r.id !== 'string' || r.id === '') invalid('id must be a task id');
      const options = r.options === undefined || r.options === null ? undefined : (record(r.options) as SubmitOptions);
      return rerunTask(ctx, r.id as string, options);
    },
  };
}
