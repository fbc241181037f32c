// ResultsStore over <dataDir>/results/<taskId>/ (layout in layout.ts): the one owner of the results
// cache. Reads only; the writer (writer.ts) fills folders when a task succeeds. Task ids are checked
// before they touch a path. Availability, export files and the review view come from views.ts.
import type { Dirent } from 'node:fs';
import { lstat, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { JsonOutput } from '../../../shared/somark.ts';
import type { ResultsStore } from '../context.ts';
import { dataPaths } from '../data-dir.ts';
import { assertTaskId, CACHE, TASK_ID, type CachedResultMeta } from './layout.ts';
import { availability, resultView, taskFiles, type ViewLinks } from './views.ts';

/** Bytes of the regular files below `dir` (symlinks are not followed). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += await folderBytes(p);
    else if (e.isFile()) total += (await lstat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Without links (tests of the raw cache), no task is known and asset URLs are relative. */
const NO_LINKS: ViewLinks = { task: () => undefined, assetUrlBase: '' };

export function createResultsStore(dataDir: string, links: ViewLinks = NO_LINKS): ResultsStore & { root: string } {
  const root = dataPaths(dataDir).results;
  const dir = (id: string): string => {
    assertTaskId(id);
    return join(root, id);
  };
  const read = async (id: string, name: string): Promise<string> => {
    try {
      return await readFile(join(dir(id), name), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT')
        throw new CodedError('NOT_FOUND', `No cached result for ${id}`);
      throw e;
    }
  };
  const store: ResultsStore & { root: string } = {
    root,
    dir,
    async has(id) {
      if (typeof id !== 'string' || !TASK_ID.test(id)) return false;
      return lstat(join(root, id, CACHE.meta)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async version(id) {
      try {
        return (await stat(join(dir(id), CACHE.meta))).mtimeMs;
      } catch {
        return -1;
      }
    },
    async readMeta(id) {
      const meta = JSON.parse(await read(id, CACHE.meta)) as CachedResultMeta;
      if (meta.taskId !== id) throw new CodedError('CORRUPT_RESULT', `The cached result of ${id} is damaged`);
      return meta;
    },
    readMarkdown: (id) => read(id, CACHE.markdown),
    async readJson(id) {
      try {
        return JSON.parse(await read(id, CACHE.json)) as JsonOutput;
      } catch (e) {
        if (e instanceof CodedError && e.code === 'NOT_FOUND') return null;
        throw e;
      }
    },
    availability: (id) => availability(store, links, id),
    files: (id) => taskFiles(store, links, id),
    view: (id) => resultView(store, links, id),
    bytes: (id) => folderBytes(dir(id)),
    async delete(id) {
      const d = dir(id);
      const bytes = await folderBytes(d);
      await rm(d, { recursive: true, force: true });
      return bytes;
    },
    async list() {
      const names = await readdir(root).catch(() => [] as string[]);
      const ids = names.filter((n) => TASK_ID.test(n));
      const ok = await Promise.all(
        ids.map((id) =>
          lstat(join(root, id, CACHE.meta)).then(
            () => true,
            () => false,
          ),
        ),
      );
      return ids.filter((_, i) => ok[i]);
    },
  };
  return store;
}
