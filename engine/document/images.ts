// The document's figure files: the pages' temporary crops renamed image_NNN in reading order, each block's
// img_url filled (a URL, or the file inline as base64), or the crops removed when images are not wanted.
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '../../shared/somark.ts';
import type { ParsedDocument, ParseOptions } from '../types.ts';

/** Renames the temporary crops (`crops[page][block]`) to image_NNN.png in reading order and fills img_url. */
export async function finishImages(
  pages: Page[],
  crops: (string | undefined)[][],
  opts: ParseOptions,
): Promise<ParsedDocument['images']> {
  const images: ParsedDocument['images'] = [];
  const mode = opts.elementFormats.image;
  const moves: Promise<void>[] = [];
  // Names in reading order first; the files are renamed (or removed) all at once, not one round trip each
  // (the IRS manual's 117 crops: ~15 ms of waiting, all of it on the assembly's critical path).
  for (const [pi, p] of pages.entries()) {
    for (const [bi, b] of p.blocks.entries()) {
      const tmp = crops[pi][bi];
      if (!tmp) continue;
      if (mode === 'none') {
        moves.push(rm(join(opts.imageDir, tmp), { force: true }));
        continue;
      }
      const fileName = `image_${String(images.length + 1).padStart(3, '0')}${tmp.slice(tmp.lastIndexOf('.'))}`;
      const moved = rename(join(opts.imageDir, tmp), join(opts.imageDir, fileName));
      const url = opts.imageUrl(fileName);
      images.push({ fileName, url });
      if (mode === 'base64') {
        const mime = fileName.endsWith('.webp') ? 'image/webp' : 'image/png';
        moves.push(
          moved.then(async () => {
            b.img_url = `data:${mime};base64,${(await readFile(join(opts.imageDir, fileName))).toString('base64')}`;
          }),
        );
      } else {
        b.img_url = url;
        moves.push(moved);
      }
    }
  }
  await Promise.all(moves);
  return images;
}
