// Pages already read by OCR, kept on disk while a task runs (one JSON per page beside the task's crops), so
// a run cut off by a stop or a crash resumes from them instead of reading every page again: OCR costs
// seconds a page, a text page costs milliseconds and is simply read again. A cached page whose crops are
// gone is read again too.
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalyseOptions, PageAnalysis, PageCache } from '../model.ts';
import { ensureDir, writeFileAtomic } from '../../lib/atomic.ts';

const fileOf = (pageNum: number): string => `${String(pageNum).padStart(5, '0')}.json`;

const isPage = (v: unknown): v is PageAnalysis =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as PageAnalysis).pageNum) &&
  Array.isArray((v as PageAnalysis).elems);

/** Opens (or starts) the cache in `dir`; `imageDir` is where the pages' crops are (null: no crops). */
export async function openPageCache(dir: string, imageDir: string | null): Promise<PageCache> {
  const pages = new Map<number, PageAnalysis>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!/^\d{5}\.json$/.test(name)) continue;
    const page = await readFile(join(dir, name), 'utf8')
      .then((t) => JSON.parse(t) as unknown)
      .catch(() => null);
    if (!isPage(page)) continue;
    const crops = page.elems.map((e) => e.crop).filter((c): c is string => typeof c === 'string');
    if (crops.length && !imageDir) continue;
    const present = await Promise.all(
      crops.map((c) =>
        access(join(imageDir!, c)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (present.every(Boolean)) pages.set(page.pageNum, page);
  }
  let ready = false;
  return {
    size: pages.size,
    get: (n) => pages.get(n),
    async put(page) {
      if (!ready) {
        await ensureDir(dir);
        ready = true;
      }
      // A page file is whole or absent, whatever stops the run.
      await writeFileAtomic(join(dir, fileOf(page.pageNum)), JSON.stringify(page));
    },
  };
}

/** Starts page `i` of a run (stops if aborted, reports it started) and takes it from the task's cache when an
 * earlier run read it: true then, and the page is in `out`. */
export function startPage(opts: AnalyseOptions, i: number, out: PageAnalysis[]): boolean {
  opts.signal?.throwIfAborted();
  opts.onPageStart?.(i);
  const cached = opts.cache?.get(i);
  if (!cached) return false;
  out.push(cached);
  opts.onPage?.(i);
  return true;
}
