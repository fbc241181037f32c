// Writes one finished task into the results cache (layout in layout.ts). Everything goes into a
// temporary folder first and is renamed into place at the end, so a cancel or crash never leaves a
// half-written result behind.
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { extname, join } from 'node:path';
import type { Metadata, ParseResult } from '../../../shared/somark-answers.ts';
import type { Task } from '../../../shared/task.ts';
import { MAX_DOWNLOAD_BYTES, type Timing } from '../consts.ts';
import type { Logger } from '../log.ts';
import { isAbortError } from '../../../shared/service-errors.ts';
import { sniff } from '../../../shared/file-types.ts';
import { writeJsonAtomic } from '../util/atomic.ts';
import { downloadToFile, type DownloadOptions } from './download.ts';
import { collectImageUrls, downloadImages, rewriteMarkdown } from './images.ts';
import { folderBytes } from './store.ts';
import { CACHE, originalFileName, type CachedResultMeta } from './layout.ts';

export interface FinishedParse {
  result: ParseResult;
  metadata: Metadata | null;
  remoteTaskId: string | null;
  /** The service's warnings (e.g. "DAMAGED_FILE: …"), kept with the result and shown in review. */
  warnings?: string[];
}

/** outputs.zip: our engine sends a URL to download; the cloud may send base64 text. */
async function saveZip(zip: string, dest: string, o: DownloadOptions): Promise<void> {
  if (/^https?:\/\//i.test(zip.trim())) {
    const got = await downloadToFile(zip.trim(), dest, o);
    if (sniff(got.head) !== 'zip') throw new Error('the downloaded bundle is not a zip file');
    return;
  }
  const b64 = zip.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw new Error('outputs.zip is neither a URL nor base64');
  const bytes = Buffer.from(b64, 'base64');
  if (sniff(bytes) !== 'zip') throw new Error('outputs.zip does not decode to a zip file');
  await writeFile(dest, bytes);
}

export async function writeResult(
  resultsDir: string,
  task: Task,
  done: FinishedParse,
  deps: { timing: Timing; log: Logger; signal?: AbortSignal },
): Promise<number> {
  const final = join(resultsDir, task.id);
  const tmp = join(resultsDir, `.${task.id}.${randomBytes(4).toString('hex')}.tmp`);
  const o: DownloadOptions = {
    signal: deps.signal,
    policy: deps.timing,
    idleTimeoutMs: 60_000,
    maxBytes: MAX_DOWNLOAD_BYTES,
    serviceBase: task.baseUrl,
  };
  const { outputs } = done.result;
  await mkdir(join(tmp, CACHE.images), { recursive: true });
  try {
    const markdown = outputs.markdown ?? '';
    const urls = collectImageUrls(markdown, outputs.json, done.result.imgs);
    const images = await downloadImages(urls, join(tmp, CACHE.images), o);
    for (const f of images.failed) deps.log.warn(`${task.id} image not cached (${f.reason}); its link stays remote`);
    await writeFile(join(tmp, CACHE.markdown), rewriteMarkdown(markdown, images.map));
    if (outputs.json) await writeFile(join(tmp, CACHE.json), JSON.stringify(outputs.json));

    let hasServiceZip = false;
    if (outputs.zip) {
      try {
        await saveZip(outputs.zip, join(tmp, CACHE.bundle), o);
        hasServiceZip = true;
      } catch (e) {
        if (isAbortError(e)) throw e;
        await rm(join(tmp, CACHE.bundle), { force: true });
        deps.log.warn(`${task.id} service zip not cached: ${(e as Error).message}`);
      }
    }

    // Local engine extension: the PDF an Office upload was converted to; its pages carry the boxes.
    let preview: string | null = null;
    const pdfUrl = done.result.pdf_url;
    if (typeof pdfUrl === 'string' && /^https?:\/\//i.test(pdfUrl)) {
      try {
        const got = await downloadToFile(pdfUrl, join(tmp, CACHE.preview), o);
        if (sniff(got.head) !== 'pdf') throw new Error('the converted preview is not a PDF');
        preview = CACHE.preview;
      } catch (e) {
        if (isAbortError(e)) throw e;
        await rm(join(tmp, CACHE.preview), { force: true });
        deps.log.warn(`${task.id} converted PDF not cached: ${(e as Error).message}`);
      }
    }

    let original: string | null = originalFileName(task.fileType || extname(task.fileName).toLowerCase());
    try {
      await copyFile(task.filePath, join(tmp, original));
    } catch (e) {
      deps.log.warn(`${task.id} original not cached: ${(e as Error).message}`);
      original = null;
    }

    const meta: CachedResultMeta = {
      taskId: task.id,
      remoteTaskId: done.remoteTaskId,
      fileName: task.fileName,
      metadata: done.metadata ?? { page_num: task.pages ?? 0, file_type: task.fileType },
      imgs: done.result.imgs,
      catalog: done.result.catalog,
      images: images.map,
      hasJson: !!outputs.json,
      hasServiceZip,
      original,
      warnings: done.warnings ?? [],
      ...(preview ? { preview } : {}),
      savedAt: Date.now(),
      task: { ...task, state: 'SUCCESS', remoteTaskId: done.remoteTaskId ?? task.remoteTaskId, finishedAt: Date.now() },
    };
    await writeJsonAtomic(join(tmp, CACHE.meta), meta);
    await rm(final, { recursive: true, force: true });
    await rename(tmp, final);
    return await folderBytes(final);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
}
