// The image links of an exported Markdown: the cache links images as `./images/image_NNN.ext`; an export
// keeps them (an `images/` folder beside the .md), points them at another folder, or inlines data URIs.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { CACHE } from '../results/layout.ts';

// `./images/x.png` or `images/x.png`, not preceded by a path or word character (so `foo/images/` is left alone).
const LINK = /(?<![\w/.-])(?:\.\/)?images\/([^\s)"'<>?#]+)/g;

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

export const mimeOf = (file: string): string => MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Rewrites links to known images so they point into `folder` (a single path segment, URL-encoded). */
export function rewriteImageLinks(markdown: string, images: readonly string[], folder: string): string {
  if (folder === CACHE.images) return markdown;
  const known = new Set(images);
  const target = encodeURIComponent(folder);
  return markdown.replace(LINK, (whole, file: string) => (known.has(file) ? `./${target}/${file}` : whole));
}

/** Replaces links to known images with data URIs (the Markdown becomes one self-contained file). */
export async function inlineImages(markdown: string, images: readonly string[], imagesDir: string): Promise<string> {
  const known = new Set(images);
  const used = new Set<string>();
  for (const m of markdown.matchAll(LINK)) if (known.has(m[1]!)) used.add(m[1]!);
  const uris = new Map<string, string>();
  for (const file of used) {
    const bytes = await readFile(join(imagesDir, file));
    uris.set(file, `data:${mimeOf(file)};base64,${bytes.toString('base64')}`);
  }
  return markdown.replace(LINK, (whole, file: string) => uris.get(file) ?? whole);
}

/** Image files the Markdown links to (so an export can tell whether it needs an images folder). */
export function linkedImages(markdown: string, images: readonly string[]): string[] {
  const known = new Set(images);
  const out = new Set<string>();
  for (const m of markdown.matchAll(LINK)) if (known.has(m[1]!)) out.add(m[1]!);
  return [...out].sort();
}
