// Which cached results hold the same file: the SHA-256 of each result's cached original (the upload as
// it was parsed), read once per result version and kept in memory. A result without its original has no
// hash and matches nothing.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { ResultsStore } from '../context.ts';

export interface ContentHashes {
  /** Hex SHA-256 of the result's cached original, or null when it has none (or it cannot be read). */
  of(id: string): Promise<string | null>;
}

function sha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

export function createContentHashes(results: Pick<ResultsStore, 'dir' | 'readMeta' | 'version'>): ContentHashes {
  const cache = new Map<string, { version: number; hash: Promise<string | null> }>();
  return {
    async of(id) {
      const version = await results.version(id);
      if (version < 0) return null;
      const hit = cache.get(id);
      if (hit && hit.version === version) return hit.hash;
      const hash = results
        .readMeta(id)
        .then((meta) => (meta.original ? sha256(join(results.dir(id), meta.original)) : null))
        .catch(() => null);
      cache.set(id, { version, hash });
      return hash;
    },
  };
}
