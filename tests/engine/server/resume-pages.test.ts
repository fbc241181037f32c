// A task cut off by a stop resumes from the pages it had already read by OCR (engine/core/page-cache.ts):
// the next start takes them as they are, reads only the rest, answers the same result as a run that was
// never cut off, and leaves no page cache behind.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpus, fileForm, KEY, pollUntilDone, postForm, startTestServer } from './helpers.ts';

const SCAN = corpus('pdf-scanned/nemotron_multipage.pdf'); // 4 image-only pages: OCR on each
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const keyless = (x: unknown): string =>
  JSON.stringify(x)
    .replace(/\/files\/[0-9a-f]{32}\//g, '/files/KEY/')
    .replace(/127\.0\.0\.1:\d+/g, 'HOST');

async function cachedPages(dataDir: string, id: string): Promise<number> {
  for (const rel of await readdir(dataDir, { recursive: true })) {
    if (rel.endsWith(join(id, 'pages')))
      return (await readdir(join(dataDir, rel))).filter((n) => n.endsWith('.json')).length;
  }
  return 0;
}

describe('resume from pages already read', () => {
  it('a stop after two OCR pages: the next run reads only the rest and answers the same result', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docparse-resume-pages-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const a = await startTestServer({ dataDir, workers: 1 });
    const id = (await postForm(`${a.url}/parse/async`, await fileForm(SCAN))).body.data.task_id as string;
    for (let i = 0; ; i++) {
      const b = (
        await postForm(`${a.url}/parse/async_check`, new URLSearchParams({ task_id: id, api_key: KEY, wait: '0' }))
      ).body;
      if ((b.data?.progress?.pages_done ?? 0) >= 2) break;
      if (b.data?.status === 'SUCCESS' || i > 6000) throw new Error(`never stopped mid-task (${b.data?.status})`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await a.close();
    const kept = await cachedPages(dataDir, id);
    expect(kept).toBeGreaterThanOrEqual(2);

    const b = await startTestServer({ dataDir, workers: 1 });
    cleanup.push(() => b.close());
    const t0 = Date.now();
    const resumed = await pollUntilDone(b.url, id, undefined, 300_000);
    const resumedMs = Date.now() - t0;
    expect(resumed.status, resumed.error).toBe('SUCCESS');
    expect(b.logs.join('\n')).toContain(`task ${id} resumes with ${kept} pages already read by OCR`);
    expect(await cachedPages(dataDir, id)).toBe(0);

    // The same file parsed whole, never cut off: the same result.
    const t1 = Date.now();
    const whole = (await postForm(`${b.url}/parse/sync`, await fileForm(SCAN))).body;
    const wholeMs = Date.now() - t1;
    expect(whole.code, whole.message).toBe(0);
    expect(keyless(resumed.result.outputs.markdown)).toBe(keyless(whole.data.result.outputs.markdown));
    expect(resumed.result.outputs.json.pages).toHaveLength(4);
    console.log(`resume-pages: ${kept} of 4 pages kept; resumed run ${resumedMs} ms, whole run ${wholeMs} ms`);
  }, 600_000);
});
