// The cache as the features see it: why a task has no usable result (availability), what an export
// reads (TaskFiles) and what the review screen shows (ResultView). ResultsStore (store.ts) exposes them.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { ResultView, Task } from '../../../shared/task.ts';
import type { ResultsStore } from '../context.ts';
import { pathExists } from '../../../lib/atomic.ts';
import { exportStem } from '../fs-safe/names.ts';
import { ASSET_AREA, assertTaskId, CACHE, ORIGINAL_ASSET, type TaskFiles } from './layout.ts';

/** The cache's raw reads (what views are built from). */
export type CacheReads = Pick<ResultsStore, 'dir' | 'has' | 'readMeta' | 'readMarkdown' | 'readJson'>;

/** Where views look tasks up and how asset URLs begin. */
export interface ViewLinks {
  /** The queue's task (the snapshot in result.json is used when the queue forgot it). */
  task(id: string): Task | undefined;
  /** Prefix of asset URLs, ending with '/' (AppServicesOptions.assetUrlBase). */
  assetUrlBase: string;
}

const ACTIVE: readonly Task['state'][] = ['queued', 'uploading', 'QUEUING', 'PROCESSING'];

/** Files in a cached result's images folder (sorted), or [] when there is none. */
async function listImages(imagesDir: string): Promise<string[]> {
  try {
    const names = await readdir(imagesDir, { withFileTypes: true });
    return names
      .filter((d) => d.isFile())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** Why a task cannot be exported or re-run from its result, or null when its result is cached. */
export async function availability(cache: CacheReads, links: ViewLinks, id: string): Promise<CodedError | null> {
  if (await cache.has(id)) return null;
  const task = links.task(id);
  if (!task) return new CodedError('NOT_FOUND', 'This task no longer exists.');
  if (ACTIVE.includes(task.state))
    return new CodedError('NOT_FINISHED', `${task.fileName} is not finished yet (${task.state}).`);
  if (task.state === 'SUCCESS')
    return new CodedError('NO_RESULT', `The result of ${task.fileName} is no longer cached.`);
  return new CodedError(
    'NO_RESULT',
    `${task.fileName} has no result (${task.state === 'FAILED' ? 'parsing failed' : 'cancelled'}).`,
  );
}

/** What an export reads of a task's result; throws availability's reason when there is none. */
export async function taskFiles(cache: CacheReads, links: ViewLinks, id: string): Promise<TaskFiles> {
  const reason = await availability(cache, links, id);
  if (reason) throw reason;
  const dir = cache.dir(id);
  const meta = await cache.readMeta(id);
  const fileName = links.task(id)?.fileName ?? meta.fileName;
  const json = join(dir, CACHE.json);
  const bundle = join(dir, CACHE.bundle);
  const imagesDir = join(dir, CACHE.images);
  return {
    id,
    fileName,
    stem: exportStem(fileName),
    dir,
    meta,
    imagesDir,
    images: await listImages(imagesDir),
    jsonPath: (await pathExists(json)) ? json : null,
    bundlePath: meta.hasServiceZip && (await pathExists(bundle)) ? bundle : null,
    readMarkdown: () => cache.readMarkdown(id),
  };
}

/** What the review screen shows of a cached result ('results:get'). */
export async function resultView(cache: CacheReads, links: ViewLinks, id: string): Promise<ResultView> {
  assertTaskId(id);
  if (!(await cache.has(id))) throw new CodedError('NOT_FOUND', `No cached result for task ${id}`);
  const meta = await cache.readMeta(id);
  const task: Task | undefined = links.task(id) ?? meta.task;
  if (!task) throw new CodedError('NOT_FOUND', `Task ${id} is unknown`);
  const base = `${links.assetUrlBase}${ASSET_AREA}/${id}/`;
  return {
    task,
    markdown: await cache.readMarkdown(id),
    json: await cache.readJson(id),
    catalog: meta.catalog,
    // An Office original is shown through the PDF it was parsed from.
    originalUrl: meta.preview ? `${base}${meta.preview}` : meta.original ? `${base}${ORIGINAL_ASSET}` : null,
    ...(meta.preview ? { previewType: '.pdf' } : {}),
    assetBase: base,
    images: meta.images,
    warnings: meta.warnings ?? [],
    editedFrom: meta.edit?.from ?? null,
  };
}
