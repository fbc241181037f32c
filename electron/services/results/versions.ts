// Edited versions of a result ('results:saveVersion'): a corrected (or merged) block list saved as a result
// of its own beside the original, which stays as it was. A new version is a new cache folder (the source's
// images, original and preview linked or copied; main.json, main.md from the one Markdown writer and
// result.json written from the blocks), built in a temporary folder and renamed into place; saving a version
// that is itself an edit replaces its files atomically. Its result.json names the original (`edit.from`).
// A merge may keep blocks of another result (`imagesFrom`): their pictures must be that result's cached
// images, and are copied into the version (its image map gains them), so every link stays the version's own.
import { copyFile, link, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import {
  checkEditedPages,
  EditCheckError,
  editedOutputs,
  taskFeatures,
  type PageEdit,
} from '../../../shared/edit/version.ts';
import { rewriteMarkdown } from '../../../shared/markdown/links.ts';
import { CodedError } from '../../../shared/result.ts';
import type { Page } from '../../../shared/somark.ts';
import { writeFileAtomic } from '../../../lib/atomic.ts';
import type { ResultsStore } from '../context.ts';
import { newTaskId } from '../queue/new-task.ts';
import { writeJsonAtomic } from '../util/atomic.ts';
import { CACHE, type CachedResultMeta } from './layout.ts';

export interface SaveVersion {
  /** The result the blocks were edited from (an original or an edited version). */
  id: string;
  /** The pages whose blocks changed (shared/edit/version.ts `changedPages`). */
  pages: PageEdit[];
  /** Another result whose cached pictures the blocks may link (a merge from the compare screen). */
  imagesFrom?: string;
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

/** The cached pictures of result `from`: image link → its file. */
async function donorImages(results: ResultsStore, from: string): Promise<Map<string, string>> {
  const reason = await results.availability(from);
  if (reason) throw reason;
  const dir = join(results.dir(from), CACHE.images);
  return new Map(
    Object.entries((await results.readMeta(from)).images ?? {}).map(([url, rel]) => [url, join(dir, basename(rel))]),
  );
}

/** The donor's pictures the pages link that the source has not cached: link → [donor file, the version's path]. */
function takenImages(
  pages: Page[],
  own: Record<string, string>,
  donor: Map<string, string>,
  from: string,
): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const p of pages) {
    for (const b of p.blocks) {
      const file = donor.get(b.img_url);
      if (file && !Object.hasOwn(own, b.img_url))
        out.set(b.img_url, [file, `${CACHE.images}/${from}_${basename(file)}`]);
    }
  }
  return out;
}

async function copyTaken(taken: Map<string, [string, string]>, dir: string): Promise<void> {
  if (taken.size) await mkdir(join(dir, CACHE.images), { recursive: true });
  for (const [file, rel] of taken.values()) await copyFile(file, join(dir, rel));
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
  if (!source || !Array.isArray(source.pages))
    throw new CodedError('NO_RESULT', `${meta.fileName} has no JSON to correct.`);
  const donor =
    req.imagesFrom && req.imagesFrom !== req.id
      ? await donorImages(results, req.imagesFrom)
      : new Map<string, string>();
  let pages: Page[];
  try {
    pages = checkEditedPages(source, req.pages, new Set(donor.keys()));
  } catch (e) {
    if (e instanceof EditCheckError)
      throw new CodedError('INVALID_REQUEST', `The corrected blocks are not valid: ${e.message}`);
    throw e;
  }
  const taken = takenImages(pages, meta.images ?? {}, donor, req.imagesFrom ?? '');
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
    images: { ...meta.images, ...Object.fromEntries([...taken].map(([url, [, rel]]) => [url, rel])) },
    hasJson: true,
    hasServiceZip: false,
    savedAt: now,
    edit: { from, savedAt: now },
    // Saved now, not parsed: no parse time of its own.
    ...(task ? { task: { ...task, id, parentId: from, startedAt: null, finishedAt: now } } : {}),
  };
  const json = JSON.stringify(out.json);
  const markdown = rewriteMarkdown(out.markdown, next.images);
  if (inPlace) {
    await copyTaken(taken, results.dir(id));
    await writeFiles(results.dir(id), next, json, markdown);
    return { id };
  }
  const src = results.dir(req.id);
  const final = results.dir(id);
  const tmp = join(src, '..', `.${id}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await shareFolder(join(src, CACHE.images), join(tmp, CACHE.images));
    await copyTaken(taken, tmp);
    // The original and its preview (the review draws the pages from them); a missing one is left out.
    if (meta.original)
      await share(join(src, meta.original), join(tmp, meta.original)).catch(() => {
        next.original = null;
      });
    if (meta.preview)
      await share(join(src, meta.preview), join(tmp, meta.preview)).catch(() => {
        delete next.preview;
      });
    await writeFiles(tmp, next, json, markdown);
    await rename(tmp, final);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
  return { id };
}
