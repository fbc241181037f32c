// What one finished task offers for export, read from the results cache (ServicesContext.results).
import { join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { Task } from '../../../shared/task.ts';
import type { CachedResultMeta, ServicesContext } from '../context.ts';
import { pathExists } from '../fs-safe/atomic.ts';
import { exportStem } from '../fs-safe/names.ts';
import { listImages } from './markdown.ts';

export interface TaskFiles {
  id: string;
  fileName: string;
  /** Safe stem for export names: 'Report 2024.pdf' → 'Report 2024'. */
  stem: string;
  dir: string;
  meta: CachedResultMeta;
  /** File names inside `<dir>/images/`. */
  images: string[];
  /** `<dir>/main.json` when the result has JSON. */
  jsonPath: string | null;
  /** `<dir>/bundle.zip` when the service's own zip was cached. */
  bundlePath: string | null;
  readMarkdown(): Promise<string>;
}

const ACTIVE: readonly Task['state'][] = ['queued', 'uploading', 'QUEUING', 'PROCESSING'];

/** Why a task cannot be exported, or null when its result is cached. */
export async function unavailableReason(ctx: ServicesContext, id: string): Promise<CodedError | null> {
  if (await ctx.results.has(id)) return null;
  const task = ctx.tasks.get(id);
  if (!task) return new CodedError('NOT_FOUND', 'This task no longer exists.');
  if (ACTIVE.includes(task.state)) return new CodedError('NOT_FINISHED', `${task.fileName} is not finished yet (${task.state}).`);
  if (task.state === 'SUCCESS') return new CodedError('NO_RESULT', `The result of ${task.fileName} is no longer cached.`);
  return new CodedError('NO_RESULT', `${task.fileName} has no result (${task.state === 'FAILED' ? 'parsing failed' : 'cancelled'}).`);
}

export async function loadTaskFiles(ctx: ServicesContext, id: string): Promise<TaskFiles> {
  const reason = await unavailableReason(ctx, id);
  if (reason) throw reason;
  const dir = ctx.results.dir(id);
  const meta = await ctx.results.readMeta(id);
  const fileName = ctx.tasks.get(id)?.fileName ?? meta.fileName;
  const json = join(dir, 'main.json');
  const bundle = join(dir, 'bundle.zip');
  return {
    id,
    fileName,
    stem: exportStem(fileName),
    dir,
    meta,
    images: await listImages(dir),
    jsonPath: (await pathExists(json)) ? json : null,
    bundlePath: meta.hasServiceZip && (await pathExists(bundle)) ? bundle : null,
    readMarkdown: () => ctx.results.readMarkdown(id),
  };
}
