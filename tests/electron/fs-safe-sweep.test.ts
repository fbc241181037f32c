// sweepOlderThan: entries older than the age go, younger ones and kept ones stay, nothing throws.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOlderThan } from '../../electron/services/fs-safe/sweep.ts';

const HOUR = 3600_000;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-safe-sweep-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A file or a folder (with a file inside) in `root`, last modified `ageMs` ago. */
async function entry(root: string, name: string, ageMs: number, folder = true): Promise<string> {
  const path = join(root, name);
  await mkdir(folder ? path : root, { recursive: true });
  await writeFile(folder ? join(path, 'inside.txt') : path, 'x');
  await utimes(path, (Date.now() - ageMs) / 1000, (Date.now() - ageMs) / 1000);
  return path;
}

describe('sweepOlderThan', () => {
  it('removes old files and folders, keeps young ones', async () => {
    const root = join(dir, 'ages');
    await entry(root, 'old-folder', 3 * HOUR);
    await entry(root, 'old-file', 3 * HOUR, false);
    await entry(root, 'young', HOUR / 2);
    expect(await sweepOlderThan(root, HOUR)).toBe(2);
    expect(await readdir(root)).toEqual(['young']);
  });

  it('foldersOnly leaves files alone; keep spares what is still needed', async () => {
    const root = join(dir, 'opts');
    await entry(root, 'file', 3 * HOUR, false);
    const needed = await entry(root, 'needed', 3 * HOUR);
    await entry(root, 'orphan', 3 * HOUR);
    expect(await sweepOlderThan(root, HOUR, { foldersOnly: true, keep: (p) => p === needed })).toBe(1);
    expect((await readdir(root)).sort()).toEqual(['file', 'needed']);
  });

  it('a missing folder sweeps nothing and does not throw', async () => {
    expect(await sweepOlderThan(join(dir, 'absent'), HOUR)).toBe(0);
  });

  it('measures age against the given clock', async () => {
    const root = join(dir, 'clock');
    await entry(root, 'a', 0);
    expect(await sweepOlderThan(root, HOUR, { now: Date.now() })).toBe(0);
    expect(await sweepOlderThan(root, HOUR, { now: Date.now() + 2 * HOUR })).toBe(1);
  });
});
