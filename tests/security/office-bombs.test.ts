// Issue 23, finding 3 (medium), its Office part: a package is never inflated whole. A .docx with a 300 MB
// part of zeros that nothing references (a few hundred KB compressed) is answered within 20 s without the
// engine's memory growing by the part's size; the same zeros as the document's main part are refused at
// upload with an error naming the limit; a part inflating past its declared size is refused before
// LibreOffice sees it; and checking an upload reads its head and zip directory only.
import { readFileSync } from 'node:fs';
import { stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectInput } from '../../engine/core/inspect.ts';
import { findSoffice } from '../../engine/source/office/soffice.ts';
import { fileForm, postForm } from '../engine/server/helpers.ts';
import { docxWithLyingPicture, writeDocxWithZeros } from './office-fixtures.ts';
import { ENGINE_KEY, removeTemps, startEngineProcess, tempDir, type EngineProcess } from './support.ts';

const hasSoffice = findSoffice() !== null;
const linux = process.platform === 'linux';
const MB = 1048576;

let engine: EngineProcess;
let dir: string;
beforeAll(async () => {
  dir = await tempDir();
  if (hasSoffice && linux) engine = await startEngineProcess();
});
afterAll(async () => {
  await engine?.stop();
  await removeTemps();
});

/** Posts `path` to parse/sync while sampling the engine's resident memory; answers the peak growth too. */
async function parseWatched(path: string): Promise<{ code: number; message: string; ms: number; growth: number }> {
  const base = engine.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, engine.rss())), 50);
  const t0 = Date.now();
  try {
    const { body } = await postForm(
      `${engine.url}/parse/sync`,
      await fileForm(path, { api_key: ENGINE_KEY, output_formats: 'markdown' }),
    );
    return { code: body.code, message: body.message, ms: Date.now() - t0, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(!hasSoffice || !linux)('Office packages are read part by part, with caps', () => {
  it('warm-up: an ordinary .docx converts (so the worker and LibreOffice are loaded before measuring)', async () => {
    const path = join(dir, 'small.docx');
    await writeDocxWithZeros(path, 'word/empty.xml', 1);
    expect((await parseWatched(path)).code).toBe(0);
  });

  it('a 300 MB part nothing references is answered within 20 s and never inflated', async () => {
    const path = join(dir, 'hidden-zeros.docx');
    await writeDocxWithZeros(path, 'word/junk.xml', 300 * MB);
    expect((await stat(path)).size).toBeLessThan(2 * MB);
    const got = await parseWatched(path);
    expect(got.code, got.message).toBe(0);
    expect(got.ms).toBeLessThan(20_000);
    expect(got.growth).toBeLessThan(200 * MB);
    expect(engine.alive()).toBe(true);
  });

  it('the same zeros as the main document part are refused at upload, naming the limit', async () => {
    const path = join(dir, 'main-zeros.docx');
    await writeDocxWithZeros(path, 'word/document.xml', 300 * MB);
    const got = await parseWatched(path);
    expect(got.code).toBe(1118);
    expect(got.message).toMatch(/word\/document\.xml.*300 MB.*limit of 128 MB/);
    expect(got.ms).toBeLessThan(20_000);
    expect(got.growth).toBeLessThan(200 * MB);
  });

  it('a picture part that inflates past the size its zip directory declares is refused, never handed to LibreOffice', async () => {
    const path = join(dir, 'lying.docx');
    await writeFile(path, docxWithLyingPicture(200 * MB));
    const got = await parseWatched(path);
    expect(got.code).not.toBe(0);
    expect(got.message).toMatch(/word\/media\/pic\.png is larger than it declares/);
    expect(got.ms).toBeLessThan(20_000);
    expect(got.growth).toBeLessThan(200 * MB);
  });
});

describe.skipIf(!hasSoffice || !linux)('checking an Office upload', () => {
  it('reads its head and zip directory, not the whole file', async () => {
    // A 200 MB upload: a small .docx padded with zeros (a hole on disk), so the check's reads can be counted.
    const path = join(dir, 'large.docx');
    await writeDocxWithZeros(path, 'word/empty.xml', 1);
    await truncate(path, 200 * MB);
    const rchar = (): number => Number(/rchar:\s+(\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))![1]);
    const before = rchar();
    await inspectInput(path, 'large.docx').catch(() => undefined);
    expect(rchar() - before).toBeLessThan(16 * MB);
  });
});
