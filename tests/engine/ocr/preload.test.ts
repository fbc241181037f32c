// The engine started with preloadOcr: its workers start with it and load the OCR models in the background,
// before any task (the first scanned page does not wait for them); a scan parsed then reads as usual, and
// an engine started without it starts no worker until a task comes.
import { describe, expect, it } from 'vitest';
import { corpus, fileForm, postForm, startTestServer } from '../server/helpers.ts';

const warmed = (logs: string[]) =>
  logs.filter((l) => /worker ready for OCR \(models loaded in \d+ ms\)/.test(l)).length;

async function until(ok: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
}

describe('OCR models preloaded with the engine', () => {
  it('each worker loads them before any task, and a scan then reads', async () => {
    const srv = await startTestServer({ workers: 2, preloadOcr: true });
    try {
      await until(() => warmed(srv.logs) === 2, 90_000);
      expect(warmed(srv.logs), srv.logs.join('\n')).toBe(2);
      const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(corpus('pdf-scanned/ocr_test.pdf')));
      expect(body.code, body.message).toBe(0);
      expect(body.data.result.outputs.markdown).toContain(
        'Docling bundles PDF document conversion to JSON and Markdown',
      );
    } finally {
      await srv.dispose();
    }
  }, 180_000);

  it('not asked: no worker loads them before a task', async () => {
    const srv = await startTestServer({ workers: 1 });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      expect(warmed(srv.logs)).toBe(0);
    } finally {
      await srv.dispose();
    }
  });

  it('closing while the models load ends cleanly', async () => {
    const srv = await startTestServer({ workers: 2, preloadOcr: true });
    await srv.dispose();
    expect(srv.logs.join('\n')).not.toContain('Napi::Error');
  }, 60_000);
});
