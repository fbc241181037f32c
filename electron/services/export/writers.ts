// Writes one task's export to a chosen path: Markdown (+ images folder, or inlined), JSON (a
// byte-for-byte copy of main.json), or a zip (the service's verified bundle, else assembled locally).
// Every file is written atomically; on failure whatever this call created is removed again.
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { ExportFormat } from '../../../shared/task.ts';
import { copyFileAtomic, fsError, pathExists, writeFileAtomic } from '../fs-safe/atomic.ts';
import { fitName, numberedName, splitExt } from '../fs-safe/names.ts';
import { inlineImages, rewriteImageLinks } from './markdown.ts';
import { readVerifiedBundle } from './service-zip.ts';
import type { TaskFiles } from './task-files.ts';
import { writeZipAtomic, type ZipSource } from './zip-write.ts';

export interface WriteExportOptions {
  images?: 'folder' | 'inline';
  overwrite?: boolean;
}

/** Default file name of an export: 'report.md', 'report.json', 'report.zip'. */
export function exportFileName(files: TaskFiles, format: ExportFormat): string {
  const ext = format === 'markdown' ? '.md' : format === 'json' ? '.json' : '.zip';
  return fitName(files.stem + ext, 255);
}

/** Entries of a locally assembled bundle, SoMark layout: main.md, main.json, images/image_NNN.*. */
export async function bundleSources(files: TaskFiles, mdName = 'main.md', withJson = true): Promise<ZipSource[]> {
  const sources: ZipSource[] = [{ name: mdName, data: await files.readMarkdown() }];
  if (withJson && files.jsonPath) sources.push({ name: 'main.json', file: files.jsonPath });
  for (const img of files.images) sources.push({ name: `images/${img}`, file: join(files.dir, 'images', img), store: true });
  return sources;
}

export async function writeJson(files: TaskFiles, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  if (!files.jsonPath) {
    throw new CodedError('NO_JSON', `${files.fileName} has no JSON output (JSON was not requested); re-run it with JSON to export it.`);
  }
  await copyFileAtomic(files.jsonPath, dest, opts);
  return [dest];
}

export async function writeZip(files: TaskFiles, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  const bundle = files.bundlePath ? await readVerifiedBundle(files.bundlePath) : null;
  if (bundle) await writeFileAtomic(dest, bundle, opts);
  else await writeZipAtomic(dest, await bundleSources(files), opts);
  return [dest];
}

/**
 * Markdown with its images in a folder beside it: `images/` when that name is free (the Markdown is
 * then byte-identical to the cache), otherwise `<stem>_images/` (links rewritten to match).
 */
async function chooseImagesFolder(dest: string, overwrite: boolean): Promise<string> {
  const parent = dirname(dest);
  if (!(await pathExists(join(parent, 'images')))) return 'images';
  const base = fitName(`${splitExt(basename(dest))[0]}_images`, 255);
  if (overwrite) return base;
  for (let n = 1; ; n++) {
    const name = numberedName(base, n, true);
    if (!(await pathExists(join(parent, name)))) return name;
  }
}

export async function writeMarkdown(files: TaskFiles, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  const markdown = await files.readMarkdown();
  if (opts.images === 'inline' || files.images.length === 0) {
    const text = opts.images === 'inline' ? await inlineImages(markdown, files.images, files.dir) : markdown;
    await writeFileAtomic(dest, text, opts);
    return [dest];
  }
  if (!opts.overwrite && (await pathExists(dest))) throw fsError({ code: 'EEXIST' }, dest);
  const folder = await chooseImagesFolder(dest, opts.overwrite === true);
  const folderPath = join(dirname(dest), folder);
  const created = !(await pathExists(folderPath));
  try {
    await mkdir(folderPath, { recursive: true }).catch((e: unknown) => { throw fsError(e, folderPath); });
    for (const img of files.images) {
      await copyFileAtomic(join(files.dir, 'images', img), join(folderPath, img), { overwrite: opts.overwrite });
    }
    await writeFileAtomic(dest, rewriteImageLinks(markdown, files.images, folder), opts);
  } catch (e) {
    if (created) await rm(folderPath, { recursive: true, force: true }).catch(() => {});
    throw e;
  }
  return [dest, folderPath];
}

export async function writeExport(files: TaskFiles, format: ExportFormat, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  if (format === 'markdown') return writeMarkdown(files, dest, opts);
  if (format === 'json') return writeJson(files, dest, opts);
  return writeZip(files, dest, opts);
}

/** Markdown plus its images as one download (browser mode cannot save a folder): `<stem>.md` + `images/`. */
export async function writeMarkdownBundle(files: TaskFiles, dest: string): Promise<void> {
  const sources = await bundleSources(files, exportFileName(files, 'markdown'), false);
  await writeZipAtomic(dest, sources);
}
