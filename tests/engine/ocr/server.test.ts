// The real engine server recognises a scan in its worker pool: async_check keeps answering while the
// pages are read, with page progress, and the result holds the recognised text (of a WebP too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, fileForm, pollUntilDone, postForm, startTestServer, type TestServer } from '../server/helpers.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ workers: 1 });
});
afterAll(async () => {
  await srv?.dispose();
});

describe('OCR on the server', () => {
  it('answers async_check with page progress while a 4-page scan is recognised', async () => {
    const sub = await postForm(`${srv.url}/parse/async`, await fileForm(corpus('pdf-scanned/nemotron_multipage.pdf')));
    expect(sub.body.code, sub.body.message).toBe(0);
    const progress: { pages_done: number; pages_total: number }[] = [];
    const done = await pollUntilDone(srv.url, sub.body.data.task_id, (d) => {
      if (d.status === 'PROCESSING' && d.progress) progress.push(d.progress);
    });
    expect(done.status).toBe('SUCCESS');
    // Answers came while the worker was recognising pages, and they counted them.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((p) => p.pages_total === 4 && p.pages_done < 4)).toBe(true);
    const md: string = done.result.outputs.markdown;
    expect(md.match(/Docling bundles PDF document conversion to/g)?.length).toBe(4);
  });

  it('reads a WebP image in its worker pool (decoder loaded there)', async () => {
    const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(corpus('images/webp-test.webp')));
    expect(body.code, body.message).toBe(0);
    expect(body.data.result.outputs.markdown).toContain('Docling bundles PDF document conversion to JSON and Markdown');
  });

  it('leaves scans as figures when the engine runs with OCR off', async () => {
    const off = await startTestServer({ workers: 1, ocr: { enabled: false, lang: 'auto' } });
    try {
      const { body } = await postForm(`${off.url}/parse/sync`, await fileForm(corpus('pdf-scanned/ocr_test.pdf')));
      expect(body.code, body.message).toBe(0);
      expect(body.data.result.outputs.markdown).not.toContain('Docling');
    } finally {
      await off.dispose();
    }
  });
});
