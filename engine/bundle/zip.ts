// The zip bundle of one result: main.md (images linked as ./images/image_NNN.png), main.json (the
// outputs.json object, img_url rewritten the same way) and images/. Streamed to disk with fflate:
// text deflated, images (already compressed) stored.
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface BundleInput {
  markdown: string;
  json: unknown;
  /** Folder holding the crops. */
  imagesDir: string;
  /** Crop file names, in order of appearance. */
  images: string[];
  /** URL prefix the crops are linked with in markdown/json (replaced by `./images/`). */
  imageUrlPrefix: string;
}

export const BUNDLE_MARKDOWN = 'main.md';
export const BUNDLE_JSON = 'main.json';

/** Rewrites absolute crop links to bundle-relative ones. */
export const relinkImages = (text: string, prefix: string): string => (prefix ? text.split(prefix).join('./images/') : text);

export async function writeBundle(path: string, input: BundleInput): Promise<void> {
  const tmp = `${path}.tmp`;
  const out = createWriteStream(tmp);
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  let zipError: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      zipError = err;
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  try {
    addText(zip, BUNDLE_MARKDOWN, relinkImages(input.markdown, input.imageUrlPrefix));
    addText(zip, BUNDLE_JSON, relinkImages(JSON.stringify(input.json), input.imageUrlPrefix));
    for (const name of input.images) await addFile(zip, `images/${basename(name)}`, join(input.imagesDir, basename(name)));
    zip.end();
    await finished;
    if (zipError) throw zipError;
    await rename(tmp, path);
  } catch (e) {
    zip.terminate();
    out.destroy();
    await rm(tmp, { force: true });
    throw e;
  }
}

function addText(zip: Zip, name: string, text: string): void {
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  entry.push(new TextEncoder().encode(text), true);
}

async function addFile(zip: Zip, name: string, path: string): Promise<void> {
  const data = await readFile(path);
  const entry = new ZipPassThrough(name);
  zip.add(entry);
  entry.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), true);
}
