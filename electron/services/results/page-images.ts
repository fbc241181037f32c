// Page images of a cached original the renderer's PDF library cannot open (a damaged PDF, or a protected
// one), drawn by mupdf (engine/pdf/page-view.ts) when the renderer fetches
// 'results/<id>/pages/<n>-<width>.png' (shared/task.ts names them). A protected PDF's password for this
// session lives here, in memory only: given with its parse (the queue) or in the review; after a restart
// the review asks again. It is never written to a file or a log.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_IMAGE_ASSET, PAGE_IMAGE_MAX_WIDTH, type PageImages } from '../../../shared/task.ts';
import { CodedError } from '../../../shared/result.ts';
import { ASSET_AREA, CACHE, ORIGINAL_FILE, TASK_ID, assertTaskId } from './layout.ts';
import type { PageViewDoc } from '../../../engine/pdf/page-view.ts';

export interface PageImageService {
  /** 'results:pages': opens the original (with `password`, remembered when it opens it). */
  open(id: string, password?: string): Promise<PageImages>;
  /** The PNG an asset path names, or null (unknown, not openable, no such page); null synchronously when
   *  the path is no page image at all (the shells then serve files). */
  asset(relPath: string): Promise<Uint8Array | null> | null;
  /** The queue gives the password a parse ran with, so the review can draw the pages. */
  remember(id: string, password: string): void;
  close(): void;
}

/** The PDF the review shows for a task: the Office preview, else the cached original. */
async function sourcePdf(taskDir: string): Promise<string | null> {
  const names = await readdir(taskDir).catch(() => [] as string[]);
  if (names.includes(CACHE.preview)) return join(taskDir, CACHE.preview);
  const name = names.find((n) => ORIGINAL_FILE.test(n));
  return name ? join(taskDir, name) : null;
}

export function createPageImages(resultsRoot: string): PageImageService {
  const passwords = new Map<string, string>();
  // One document open at a time: the one under review.
  let current: { id: string; doc: PageViewDoc } | null = null;
  let opening: Promise<unknown> = Promise.resolve();

  const drop = (): void => {
    current?.doc.close();
    current = null;
  };

  /** The task's document, opened with `password` or the session's; 'password' when that does not open it. */
  async function docOf(id: string, password?: string): Promise<PageViewDoc | 'password' | null> {
    if (current?.id === id && password === undefined) return current.doc;
    const file = await sourcePdf(join(resultsRoot, id));
    if (!file) return null;
    const data = new Uint8Array(await readFile(file));
    const { openPageView } = await import('../../../engine/pdf/page-view.ts'); // mupdf loads on first use
    let doc: PageViewDoc | 'password';
    try {
      doc = openPageView(data, password ?? passwords.get(id));
    } catch {
      return null;
    }
    if (doc === 'password') return doc;
    if (password !== undefined) passwords.set(id, password);
    drop();
    current = { id, doc };
    return doc;
  }

  /** Runs one open at a time (mupdf is synchronous; two requests must not both open the file). */
  function serial<T>(job: () => Promise<T>): Promise<T> {
    const run = opening.then(job, job);
    opening = run.catch(() => undefined);
    return run;
  }

  return {
    async open(id, password) {
      assertTaskId(id);
      return serial(async () => {
        const doc = await docOf(id, password);
        if (!doc) throw new CodedError('NOT_FOUND', `No original PDF for task ${id}`);
        if (doc === 'password') return { state: 'password', wrong: password !== undefined };
        return { state: 'ready', pages: doc.pageCount };
      });
    },
    asset(relPath) {
      const [area, id, ...rest] = relPath.split(/[?#]/, 1)[0]!.replace(/^\/+/, '').split('/');
      const m = PAGE_IMAGE_ASSET.exec(rest.join('/'));
      if (area !== ASSET_AREA || !id || !TASK_ID.test(id) || !m) return null;
      const page = Number(m[1]);
      const width = Number(m[2]);
      if (width < 16 || width > PAGE_IMAGE_MAX_WIDTH) return Promise.resolve(null);
      return serial(async () => {
        const doc = await docOf(id);
        if (!doc || doc === 'password' || page >= doc.pageCount) return null;
        try {
          return doc.render(page, width);
        } catch {
          return null; // a page mupdf cannot load either
        }
      });
    },
    remember(id, password) {
      passwords.set(id, password);
    },
    close() {
      drop();
      passwords.clear();
    },
  };
}
