// The parse CLI's single-file path (main thread + workers, engine/cli/direct.ts) must write exactly
// what the engine core's pool writes for the same file (the path taken when several files are given).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, REPO } from '../server/helpers.ts';

const run = promisify(execFile);
const BIG = corpus('large/freeculture.pdf'); // 352 pages: split between the main thread and a worker
const SMALL = corpus('pdf-digital/two_paragraphs.pdf');
const cli = (files: string[], out: string) =>
  run(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      join(REPO, 'engine/cli/parse.ts'),
      ...files,
      '--out',
      out,
      '--formats',
      'markdown,json,zip',
      '--max-pages',
      '5000',
      '--workers',
      '2',
    ],
    { cwd: REPO, maxBuffer: 1 << 24 },
  );

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'docparse-direct-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('parse CLI, one file', () => {
  it('runs through the compile-cache entry (as npm run parse does) with its arguments', async () => {
    const out = join(base, 'cached');
    const r = await run(
      process.execPath,
      [join(REPO, 'engine/cli/run-cached.mjs'), 'engine/cli/parse.ts', SMALL, '--out', out],
      { cwd: REPO },
    );
    expect(r.stderr).toMatch(/two_paragraphs\.pdf: done, 1 pages/);
    expect((await readdir(out)).sort()).toEqual(['two_paragraphs.json', 'two_paragraphs.md']);
  });

  it('writes the same Markdown, JSON, crops and bundle as the engine core', { timeout: 180_000 }, async () => {
    const direct = join(base, 'direct'),
      core = join(base, 'core');
    await cli([BIG], direct);
    await cli([BIG, SMALL], core);
    for (const name of ['freeculture.md', 'freeculture.json']) {
      expect(await readFile(join(direct, name), 'utf8')).toBe(await readFile(join(core, name), 'utf8'));
    }
    const crops = (await readdir(join(direct, 'freeculture_images'))).sort();
    expect(crops.length).toBeGreaterThan(5);
    expect(crops).toEqual((await readdir(join(core, 'freeculture_images'))).sort());
    for (const c of crops)
      expect(
        (await readFile(join(direct, 'freeculture_images', c))).equals(
          await readFile(join(core, 'freeculture_images', c)),
        ),
      ).toBe(true);
    const zd = unzipSync(await readFile(join(direct, 'freeculture.zip'))),
      zc = unzipSync(await readFile(join(core, 'freeculture.zip')));
    expect(Object.keys(zd).sort()).toEqual(Object.keys(zc).sort());
    expect(strFromU8(zd['main.md']!)).toBe(strFromU8(zc['main.md']!));
  });
});
