// Edited versions of a result ('results:saveVersion'): a corrected (or merged) block list saved as a result
// of its own beside the original, which stays as it was. A new version is a new cache folder (the source's
// images, original and preview linked or copied; main.json, main.md from the one Markdown writer and
// result.json written from the blocks), built in a temporary folder and renamed into place; saving a version
// that is itself an edit replaces its files atomically. Its result.json names the original (`edit.from`).
import { copyFile, link, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { checkEditedPages, EditCheckError, editedOutputs, taskFeatures, type PageEdit } from '../../../shared/edit/version.ts';
import { rewriteMarkdown } from '../../../shared/markdown/links.ts';
import { CodedError } from '../../../shared/result.ts';
import type { Page } from '../../../shared/somark.ts';
import { writeFileAtomic } from '../../../engine/store/atomic.ts';
import type { ResultsStore } from '../context.ts';
import { newTaskId } from '../queue/new-task.ts';
import { writeJsonAtomic } from '../util/atomic.ts';
import { CACHE, type CachedResultMeta } from './layout.ts';

export interface SaveVersion {
  /** The result the blocks were edited from (an original or an edited version). */
  id: string;
  /** The pages whose blocks changed (shared/edit/version.ts `changedPages`). */
  pages: PageEdit[];
}

/** Links (or copies) a file or folder's files into the new version's folder. */
async function share(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

async function shareFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const names = await readdir(from, { withFileTypes: true }).catch(() => []);
  for (const e of names) if (e.isFile()) await share(join(from, e.name), join(to, e.name));
}

/** Writes the version's three files into `dir` (each atomically). */
async function writeFiles(dir: string, meta: CachedResultMeta, json: string, markdown: string): Promise<void> {
  await writeFileAtomic(join(dir, CACHE.json), json, { overwrite: true });
  await writeFileAtomic(join(dir, CACHE.markdown), markdown, { overwrite: true });
  await writeJsonAtomic(join(dir, CACHE.meta), meta);
}

/** Saves `req.pages` as an edited version of `req.id`; answers the version's id (a new one for an original). */
export async function saveVersion(results: ResultsStore, req: SaveVersion): Promise<{ id: string }> {
  const reason = await results.availability(req.id);
  if (reason) throw reason;
  const meta = await results.readMeta(req.id);
  const source = await results.readJson(req.id);
  if (!source || !Array.isArray(source.pages)) throw new CodedError('NO_RESULT', `${meta.fileName} has no JSON to correct.`);
  let pages: Page[];
  try {
    pages = checkEditedPages(source, req.pages);
  } catch (e) {
    if (e instanceof EditCheckError) throw new CodedError('INVALID_REQUEST', `The corrected blocks are not valid: ${e.message}`);
    throw e;
  }
  const task = meta.task;
  const out = editedOutputs(source, pages, taskFeatures(task?.featureConfig));
  const inPlace = !!meta.edit;
  const id = inPlace ? req.id : newTaskId();
  const from = meta.edit?.from ?? req.id;
  const now = Date.now();
  const next: CachedResultMeta = {
    ...meta,
    taskId: id,
    catalog: out.catalog,
    hasJson: true,
    hasServiceZip: false,
    savedAt: now,
    edit: { from, savedAt: now },
    // Saved now, not parsed: no parse time of its own.
    ...(task ? { task: { ...task, id, parentId: from, startedAt: null, finishedAt: now } } : {}),
  };
  const json = JSON.stringify(out.json);
  const markdown = rewriteMarkdown(out.markdown, meta.images);
  if (inPlace) {
    await writeFiles(results.dir(id), next, json, markdown);
    return { id };
  }
  const src = results.dir(req.id);
  const final = results.dir(id);
  const tmp = join(src, '..', `.${id}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await shareFolder(join(src, CACHE.images), join(tmp, CACHE.images));
    // The original and its preview (the review draws the pages from them); a missing one is left out.
    if (meta.original) await share(join(src, meta.original), join(tmp, meta.original)).catch(() => { next.original = null; });
    if (meta.preview) await share(join(src, meta.preview), join(tmp, meta.preview)).catch(() => { delete next.preview; });
    await writeFiles(tmp, next, json, markdown);
    await rename(tmp, final);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
  return { id };
}
