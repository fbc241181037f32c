// Assembles a zip on disk, streaming: files are read in 1 MB chunks and the archive is written
// through an atomic temp file, so neither a large bundle nor a failure leaves a partial zip.
import { open } from 'node:fs/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { atomicWrite, writeAll, type WriteOptions } from '../fs-safe/atomic.ts';

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

export async function writeZipAtomic(dest: string, sources: readonly ZipSource[], opts: WriteOptions = {}): Promise<void> {
  await atomicWrite(dest, async (fh) => {
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
        const data = typeof src.data === 'string' ? new TextEncoder().encode(src.data) : (src.data ?? new Uint8Array(0));
        entry.push(data, true);
      }
      await flush();
    }
    zip.end();
    await flush();
  }, opts);
}
