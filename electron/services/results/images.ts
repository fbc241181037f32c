// Images of a result: collect every remote image URL (Markdown links, <img src>, block img_url, imgs),
// download each once to images/image_NNN.<ext> (raster only, capped in count and bytes; where from:
// egress.ts), and rewrite the Markdown to the local copies.
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonOutput } from '../../../shared/somark.ts';
import { isAbortError } from '../../../shared/service-errors.ts';
import { DownloadTooLargeError, downloadToFile, type DownloadOptions } from './download.ts';
import { sniff } from '../../../shared/file-types.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_RESULT, MAX_IMAGES_TOTAL_BYTES } from '../consts.ts';
import { CACHE } from './layout.ts';

// Rewriting the links is pure (the review's preview of a correction does it too): shared/markdown/links.ts.
export { rewriteMarkdown } from '../../../shared/markdown/links.ts';

// `![alt](url)`; a backslash-escaped "]" does not close the alt text (CommonMark), so escaped text is no image.
const MD_IMAGE = /(?<!\\)!\[(?:\\.|[^\]\\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMG = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi;
const isRemote = (u: string): boolean => /^https?:\/\//i.test(u);
const unescapeHtml = (s: string): string =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Remote image URLs in order of first appearance. */
export function collectImageUrls(markdown: string, json: JsonOutput | undefined, imgs: readonly string[]): string[] {
  const seen = new Set<string>();
  const add = (u: string): void => {
    if (isRemote(u) && !seen.has(u)) seen.add(u);
  };
  const tagged: { at: number; url: string }[] = [];
  for (const m of markdown.matchAll(MD_IMAGE)) tagged.push({ at: m.index ?? 0, url: m[1]! });
  for (const m of markdown.matchAll(HTML_IMG)) tagged.push({ at: m.index ?? 0, url: unescapeHtml(m[1]!) });
  for (const t of tagged.sort((a, b) => a.at - b.at)) add(t.url);
  for (const page of json?.pages ?? [])
    for (const b of page.blocks ?? []) if (typeof b.img_url === 'string') add(b.img_url);
  imgs.forEach(add);
  return [...seen];
}

// Only raster types a browser shows inertly are cached: an SVG or HTML "image" served from the app's
// own origin could run script, so whatever the server claims, the bytes decide.
const RASTER_EXT: Record<string, string> = { png: '.png', jpeg: '.jpg', gif: '.gif', bmp: '.bmp', webp: '.webp' };

/** The cache extension for a downloaded image, or an error when its bytes are not a raster image. */
function rasterExt(head: Buffer): string {
  const ext = RASTER_EXT[sniff(head) ?? ''];
  if (!ext) throw new Error('not a PNG, JPEG, GIF, WebP or BMP image');
  return ext;
}

export interface ImageDownloads {
  /** URL → 'images/image_001.png' (only the ones that downloaded). */
  map: Record<string, string>;
  failed: { url: string; reason: string }[];
}

export interface ImageCaps {
  count: number;
  eachBytes: number;
  totalBytes: number;
}
const CAPS: ImageCaps = {
  count: MAX_IMAGES_PER_RESULT,
  eachBytes: MAX_IMAGE_BYTES,
  totalBytes: MAX_IMAGES_TOTAL_BYTES,
};

/** Downloads the first `caps.count` URLs (4 at a time) until `caps.totalBytes` are spent; the rest fail. */
export async function downloadImages(
  urls: readonly string[],
  dir: string,
  o: DownloadOptions,
  caps: ImageCaps = CAPS,
): Promise<ImageDownloads> {
  const map: Record<string, string> = {};
  const failed: ImageDownloads['failed'] = urls
    .slice(caps.count)
    .map((url) => ({ url, reason: `more than ${caps.count} images in one result` }));
  const todo = urls.slice(0, caps.count);
  let spent = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const i = next++;
      const url = todo[i]!;
      const left = caps.totalBytes - spent;
      if (left <= 0) {
        failed.push({ url, reason: `the result's images pass ${caps.totalBytes} bytes` });
        continue;
      }
      const base = `image_${String(i + 1).padStart(3, '0')}`;
      const tmp = join(dir, `${base}.part`);
      try {
        const budgetBound = left < Math.min(o.maxBytes, caps.eachBytes);
        const got = await downloadToFile(url, tmp, {
          ...o,
          maxBytes: Math.min(o.maxBytes, caps.eachBytes, left),
        }).catch((e: unknown) => {
          if (budgetBound && e instanceof DownloadTooLargeError) spent = caps.totalBytes; // it used up the rest
          throw e;
        });
        spent += got.bytes;
        let ext: string;
        try {
          ext = rasterExt(got.head);
        } catch (e) {
          await rm(tmp, { force: true });
          throw e;
        }
        const name = base + ext;
        await rename(tmp, join(dir, name));
        map[url] = `${CACHE.images}/${name}`;
      } catch (e) {
        if (isAbortError(e)) throw e;
        failed.push({ url, reason: (e as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, todo.length) }, worker));
  // Four downloads run at once, so failures arrive in any order: report them in the document's order.
  const order = new Map(urls.map((u, i) => [u, i] as const));
  failed.sort((a, b) => order.get(a.url)! - order.get(b.url)!);
  return { map, failed };
}
