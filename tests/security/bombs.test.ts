// Finding 3 of issue 23 (bombs): files that declare far more pixels than they carry. The engine runs as a
// user starts it (the CLI server in its own process, one worker) so its memory is measured on its own:
// each bomb is answered within the bar's time with a clear error naming the limit (or, for a huge page, a
// result read at a lower resolution with a warning), the process grows by less than 500 MB, and the
// engine answers the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/somark.ts';
import type { SyncData } from '../../shared/somark-answers.ts';
import { hugePagePdf, jpegBomb, pngBomb } from './bomb-files.ts';
import { ENGINE_KEY, PNG_1X1, removeTemps, startEngineProcess, type EngineProcess } from './support.ts';

const MB = 1024 * 1024;
let engine: EngineProcess;
beforeAll(async () => {
  engine = await startEngineProcess();
});
afterAll(async () => {
  await engine.stop();
  await removeTemps();
});

interface Answer {
  body: Envelope<SyncData>;
  ms: number;
  growth: number;
}

/** Posts `data` to /parse/sync and answers the envelope, the time taken and the engine's peak RSS growth. */
async function parse(data: Buffer, name: string): Promise<Answer> {
  const base = engine.rss();
  let peak = base;
  const sampler = setInterval(() => {
    if (engine.alive()) peak = Math.max(peak, engine.rss());
  }, 25);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  form.append('api_key', ENGINE_KEY);
  form.append('output_formats', 'markdown');
  const t0 = Date.now();
  try {
    const res = await fetch(`${engine.url}/parse/sync`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(110_000),
    });
    return { body: (await res.json()) as Envelope<SyncData>, ms: Date.now() - t0, growth: peak - base };
  } finally {
    clearInterval(sampler);
  }
}

/** The engine is up and parses an ordinary file. */
async function answersNext(): Promise<void> {
  expect(engine.alive(), engine.stderr()).toBe(true);
  const ok = await parse(PNG_1X1, 'dot.png');
  expect(ok.body.code, ok.body.message).toBe(0);
}

describe('image bombs are refused from their header', () => {
  it('a 20000 × 20000 PNG of 400 bytes: a clear error within 15 s, < 500 MB, and the next request works', async () => {
    const a = await parse(pngBomb(20000), 'bomb.png');
    expect(a.body.code).toBe(1118);
    expect(a.body.message).toMatch(/20000 × 20000 pixels \(400 MP\); the engine decodes images of at most 100 MP/);
    expect(a.ms).toBeLessThan(15_000);
    expect(a.growth / MB).toBeLessThan(500);
    await answersNext();
  });

  it('a JPEG header of 65000 × 65000: the same clear error, not a failed allocation', async () => {
    const a = await parse(jpegBomb(65000), 'bomb.jpg');
    expect(a.body.code).toBe(1118);
    expect(a.body.message).toMatch(/65000 × 65000 pixels .*at most 100 MP/);
    expect(a.ms).toBeLessThan(15_000);
    expect(a.growth / MB).toBeLessThan(500);
    await answersNext();
  });
});

describe('a huge page is read at a lower resolution', () => {
  it('one 14400 × 14400 pt page: answered within 20 s, < 500 MB, with a warning naming the page', async () => {
    const a = await parse(hugePagePdf(14400), 'huge.pdf');
    expect(a.body.code, a.body.message).toBe(0);
    expect(a.body.warnings).toEqual([
      expect.stringMatching(
        /^PAGE_RESOLUTION_REDUCED: Page 1 is too large to read at 144 dpi within 40 MP per page; read at 32 dpi/,
      ),
    ]);
    expect(a.ms).toBeLessThan(20_000);
    expect(a.growth / MB).toBeLessThan(500);
    await answersNext();
  });

  it('an A0 poster (841 × 1189 mm) is read as usual, without the warning', async () => {
    const a = await parse(hugePagePdf(2384, 3370), 'poster.pdf');
    expect(a.body.code, a.body.message).toBe(0);
    expect(a.body.warnings ?? []).toEqual([]);
  });
});
