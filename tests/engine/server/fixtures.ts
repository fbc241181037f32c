// Inputs made at test time, in a temp folder: a PNG cut short after its header, which passes the
// upload checks (type and size are readable) and then fails in the parser, so its task ends FAILED.
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpus } from './helpers.ts';

/** A document big enough that no check can find it finished right after its submit. */
export const SLOW_PDF = corpus('large/irs-manual-400p.pdf');
export const SLOW_MAX_PAGES = 500;

export interface Fixtures {
  /** old_newspaper.png cut to its first 200 bytes. */
  damagedPng: string;
  dispose(): Promise<void>;
}

export async function makeFixtures(): Promise<Fixtures> {
  const dir = await mkdtemp(join(tmpdir(), 'docparse-fixtures-'));
  const damagedPng = join(dir, 'damaged.png');
  await writeFile(damagedPng, (await readFile(corpus('images/old_newspaper.png'))).subarray(0, 200));
  return { damagedPng, dispose: () => rm(dir, { recursive: true, force: true }) };
}
