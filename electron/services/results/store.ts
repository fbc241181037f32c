// ResultsStore over <dataDir>/results/<taskId>/ (layout in ../context.ts). Reads only; the writer
// (writer.ts) fills folders when a task succeeds. Task ids are checked before they touch a path.
import { lstat, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { JsonOutput } from '../../../shared/somark.ts';
import type { CachedResultMeta, ResultsStore } from '../context.ts';

export const TASK_ID = /^req_[A-Za-z0-9]{6,64}$/;

export function assertTaskId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || !TASK_ID.test(id)) throw new CodedError('NOT_FOUND', `Unknown task id ${JSON.stringify(id)}`);
}

/** Bytes of the regular files below `dir` (symlinks are not followed). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
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

export function createResultsStore(dataDir: string): ResultsStore & { root: string } {
  const root = join(dataDir, 'results');
  const dir = (id: string): string => {
    assertTaskId(id);
    return join(root, id);
  };
  const read = async (id: string, name: string): Promise<string> => {
    try {
      return await readFile(join(dir(id), name), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new CodedError('NOT_FOUND', `No cached result for ${id}`);
      throw e;
    }
  };
  return {
    root,
    dir,
    async has(id) {
      if (typeof id !== 'string' || !TASK_ID.test(id)) return false;
      return lstat(join(root, id, 'result.json')).then((s) => s.isFile(), () => false);
    },
    async readMeta(id) {
      const meta = JSON.parse(await read(id, 'result.json')) as CachedResultMeta;
      if (meta.taskId !== id) throw new CodedError('CORRUPT_RESULT', `The cached result of ${id} is damaged`);
      return meta;
    },
    readMarkdown: (id) => read(id, 'main.md'),
    async readJson(id) {
      try {
        return JSON.parse(await read(id, 'main.json')) as JsonOutput;
      } catch (e) {
        if (e instanceof CodedError && e.code === 'NOT_FOUND') return null;
        throw e;
      }
    },
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
      const ok = await Promise.all(ids.map((id) => lstat(join(root, id, 'result.json')).then(() => true, () => false)));
      return ids.filter((_, i) => ok[i]);
    },
  };
}
