// Upload folders no task refers to are removed at start; folders in use or fresh are kept.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pruneUploads } from '../../../electron/services/files/prune-uploads.ts';
import { makeServices, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

async function folder(uploads: string, name: string, ageMs: number): Promise<string> {
  const dir = join(uploads, name);
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'doc.pdf');
  await writeFile(file, '%PDF-1.4\n');
  const t = (Date.now() - ageMs) / 1000;
  await utimes(dir, t, t);
  return file;
}

describe('pruneUploads', () => {
  it('removes old folders no task needs, keeps the ones in use and fresh ones', async () => {
    const uploads = await tempDir();
    const used = await folder(uploads, 'used', 48 * 3600_000);
    await folder(uploads, 'orphan', 48 * 3600_000);
    await folder(uploads, 'fresh', 60_000);
    expect(await pruneUploads(uploads, [used])).toBe(1);
    expect((await readdir(uploads)).sort()).toEqual(['fresh', 'used']);
  });

  it('runs when the services start: an orphaned upload is gone, the data folder otherwise intact', async () => {
    const dataDir = await tempDir();
    await folder(join(dataDir, 'uploads'), 'orphan', 48 * 3600_000);
    const h = await makeServices({ dataDir });
    try {
      expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
