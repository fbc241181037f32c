// Zip archives streamed to disk with fflate through one atomic write (files read in 1 MB chunks, so
// neither a large archive nor a failure leaves a partial zip): the engine's result bundle (main.md with
// images linked as ./images/image_NNN.png, main.json, images/) and the app's exports.
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { atomicWrite, writeAll, type WriteOptions } from './atomic.ts';

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

const BUNDLE_MARKDOWN = 'main.md';
const BUNDLE_JSON = 'main.json';

/** Rewrites absolute crop links to bundle-relative ones. */
const relinkImages = (text: string, prefix: string): string => (prefix ? text.split(prefix).join('./images/') : text);

export async function writeBundle(path: string, input: BundleInput): Promise<void> {
  await writeZipAtomic(
    path,
    [
      { name: BUNDLE_MARKDOWN, data: relinkImages(input.markdown, input.imageUrlPrefix) },
      { name: BUNDLE_JSON, data: relinkImages(JSON.stringify(input.json), input.imageUrlPrefix) },
      // Images are compressed already: stored.
      ...input.images.map((name) => ({
        name: `images/${basename(name)}`,
        file: join(input.imagesDir, basename(name)),
        store: true,
      })),
    ],
    { overwrite: true },
  );
}

export interface ZipSource {
  /** Path inside the archive, '/' separated. */
  name: string;
  /** Content in memory … */
  data?: Uint8Array | string;
  /** … or a file read in chunks. */
  file?: string;
  /** Store without compressing (images are compressed already). */
  store?: boolean;
}

const CHUNK = 1024 * 1024;

export async function writeZipAtomic(
  dest: string,
  sources: readonly ZipSource[],
  opts: WriteOptions = {},
): Promise<void> {
  await atomicWrite(
    dest,
    async (fh) => {
      const pending: Uint8Array[] = [];
      let failure: Error | null = null;
      const zip = new Zip((err, chunk) => {
        if (err) failure = err;
        else pending.push(chunk);
      });
      const flush = async (): Promise<void> => {
        while (pending.length > 0) await writeAll(fh, pending.shift()!);
        if (failure) throw failure;
      };
      for (const src of sources) {
        const entry = src.store ? new ZipPassThrough(src.name) : new ZipDeflate(src.name, { level: 6 });
        zip.add(entry);
        if (src.file !== undefined) {
          const input = await open(src.file, 'r');
          try {
            for (;;) {
              const buf = new Uint8Array(CHUNK);
              const { bytesRead } = await input.read(buf, 0, CHUNK, null);
              if (bytesRead === 0) break;
              entry.push(buf.subarray(0, bytesRead), false);
              await flush();
            }
          } finally {
            await input.close();
          }
          entry.push(new Uint8Array(0), true);
        } else {
          const data =
            typeof src.data === 'string' ? new TextEncoder().encode(src.data) : (src.data ?? new Uint8Array(0));
          entry.push(data, true);
        }
        await flush();
      }
      zip.end();
      await flush();
    },
    opts,
  );
}
