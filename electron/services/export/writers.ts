// Writes one task's export to a chosen path: Markdown (+ images folder, or inlined), JSON (self-contained
// by default, see relink.ts, or a byte-for-byte copy of main.json), or a zip (the service's verified
// bundle when its main.json is self-contained, else assembled locally with img_url → images/).
// Every file is written atomically; on failure whatever this call created is removed again. Image links:
// image-links.ts.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CodedError } from '../../../shared/result.ts';
import type { ExportFormat } from '../../../shared/export.ts';
import { copyFileAtomic, fsError, pathExists, writeFileAtomic } from '../../../lib/atomic.ts';
import { fitName, numberedName, splitExt } from '../fs-safe/names.ts';
import { readZipSafe } from '../fs-safe/zip-read.ts';
import { CACHE, type TaskFiles } from '../results/layout.ts';
import { readVerifiedBundle } from './bundle.ts';
import { writeZipAtomic, type ZipSource } from '../../../lib/zip.ts';
import { inlineImages, mimeOf, rewriteImageLinks } from './image-links.ts';
import { hasServiceUrls, inlineJsonText, relinkJsonText, type JsonMode } from './relink.ts';

export interface WriteExportOptions {
  images?: 'folder' | 'inline';
  overwrite?: boolean;
  /** JSON: image URLs made self-contained (default) or kept as the service returned them. */
  json?: JsonMode;
}

/** Default file name of an export: 'report.md', 'report.json', 'report.zip'. */
export function exportFileName(files: TaskFiles, format: ExportFormat): string {
  const ext = format === 'markdown' ? '.md' : format === 'json' ? '.json' : '.zip';
  return fitName(files.stem + ext, 255);
}

/** Entries of a locally assembled bundle, SoMark layout: main.md, main.json, images/image_NNN.*. */
async function bundleSources(files: TaskFiles, mdName: string = CACHE.markdown, withJson = true): Promise<ZipSource[]> {
  const sources: ZipSource[] = [{ name: mdName, data: await files.readMarkdown() }];
  if (withJson && files.jsonPath) {
    sources.push({
      name: CACHE.json,
      data: relinkJsonText(await readFile(files.jsonPath, 'utf8'), files.meta.images ?? {}),
    });
  }
  for (const img of files.images)
    sources.push({ name: `${CACHE.images}/${img}`, file: join(files.imagesDir, img), store: true });
  return sources;
}

async function writeJson(files: TaskFiles, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  if (!files.jsonPath) {
    throw new CodedError(
      'NO_JSON',
      `${files.fileName} has no JSON output (JSON was not requested); re-run it with JSON to export it.`,
    );
  }
  const map = files.meta.images ?? {};
  const text = await readFile(files.jsonPath, 'utf8');
  if (opts.json === 'service' || !hasServiceUrls(text, map)) {
    await copyFileAtomic(files.jsonPath, dest, opts);
    return [dest];
  }
  if (opts.images !== 'folder') {
    await writeFileAtomic(dest, await inlineJsonText(text, map, files.dir, mimeOf), opts);
    return [dest];
  }
  // A folder export: the JSON beside an images folder (shared with a Markdown export of the same folder).
  if (!opts.overwrite && (await pathExists(dest))) throw fsError({ code: 'EEXIST' }, dest);
  const folder = (await holdsImages(dirname(dest), CACHE.images, files))
    ? CACHE.images
    : await chooseImagesFolder(dest, opts.overwrite === true);
  const written = await copyImages(files, join(dirname(dest), folder), opts.overwrite === true);
  await writeFileAtomic(dest, relinkJsonText(text, map, encodeURIComponent(folder)), opts);
  return [dest, ...written];
}

/** Whether `<parent>/<folder>` already holds every cached image (written by a Markdown export just before). */
async function holdsImages(parent: string, folder: string, files: TaskFiles): Promise<boolean> {
  for (const img of files.images) if (!(await pathExists(join(parent, folder, img)))) return false;
  return files.images.length > 0;
}

/** Copies the cached images into `folderPath` (created when missing); returns [folderPath] when it created it. */
async function copyImages(files: TaskFiles, folderPath: string, overwrite: boolean): Promise<string[]> {
  const created = !(await pathExists(folderPath));
  try {
    await mkdir(folderPath, { recursive: true }).catch((e: unknown) => {
      throw fsError(e, folderPath);
    });
    for (const img of files.images) {
      const to = join(folderPath, img);
      if (!created && !overwrite && (await pathExists(to))) continue;
      await copyFileAtomic(join(files.imagesDir, img), to, { overwrite: true });
    }
  } catch (e) {
    if (created) await rm(folderPath, { recursive: true, force: true }).catch(() => {});
    throw e;
  }
  return created ? [folderPath] : [];
}

/** The service's bundle when its main.json no longer points at the service (else null: assemble locally). */
function selfContainedBundle(bundle: Uint8Array, images: Record<string, string>): Uint8Array | null {
  try {
    const json = readZipSafe(bundle, (n) => n === CACHE.json).get(CACHE.json);
    if (json && hasServiceUrls(Buffer.from(json).toString('utf8'), images)) return null;
  } catch {
    return null;
  }
  return bundle;
}

async function writeZip(files: TaskFiles, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  const service = files.bundlePath ? await readVerifiedBundle(files.bundlePath) : null;
  const bundle = service ? selfContainedBundle(service, files.meta.images ?? {}) : null;
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
  if (!(await pathExists(join(parent, CACHE.images)))) return CACHE.images;
  const base = fitName(`${splitExt(basename(dest))[0]}_images`, 255);
  if (overwrite) return base;
  for (let n = 1; ; n++) {
    const name = numberedName(base, n, true);
    if (!(await pathExists(join(parent, name)))) return name;
  }
}

async function writeMarkdown(files: TaskFiles, dest: string, opts: WriteExportOptions = {}): Promise<string[]> {
  const markdown = await files.readMarkdown();
  if (opts.images === 'inline' || files.images.length === 0) {
    const text = opts.images === 'inline' ? await inlineImages(markdown, files.images, files.imagesDir) : markdown;
    await writeFileAtomic(dest, text, opts);
    return [dest];
  }
  if (!opts.overwrite && (await pathExists(dest))) throw fsError({ code: 'EEXIST' }, dest);
  const folder = await chooseImagesFolder(dest, opts.overwrite === true);
  const folderPath = join(dirname(dest), folder);
  const created = !(await pathExists(folderPath));
  try {
    await mkdir(folderPath, { recursive: true }).catch((e: unknown) => {
      throw fsError(e, folderPath);
    });
    for (const img of files.images) {
      await copyFileAtomic(join(files.imagesDir, img), join(folderPath, img), { overwrite: opts.overwrite });
    }
    await writeFileAtomic(dest, rewriteImageLinks(markdown, files.images, folder), opts);
  } catch (e) {
    if (created) await rm(folderPath, { recursive: true, force: true }).catch(() => {});
    throw e;
  }
  return [dest, folderPath];
}

export async function writeExport(
  files: TaskFiles,
  format: ExportFormat,
  dest: string,
  opts: WriteExportOptions = {},
): Promise<string[]> {
  if (format === 'markdown') return writeMarkdown(files, dest, opts);
  if (format === 'json') return writeJson(files, dest, opts);
  return writeZip(files, dest, opts);
}

/** Markdown plus its images as one download (browser mode cannot save a folder): `<stem>.md` + `images/`. */
export async function writeMarkdownBundle(files: TaskFiles, dest: string): Promise<void> {
  const sources = await bundleSources(files, exportFileName(files, 'markdown'), false);
  await writeZipAtomic(dest, sources);
}
