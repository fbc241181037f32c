// Budgets that follow progress, not the clock (engine/core/budget.ts): a scan parsed while two busy
// loops hold both cores completes, however slow; a page that never progresses (the test hook at the
// native-inference boundary, DOCPARSE_TEST_OCR_HANG) or that runs away is stopped with a clear error
// that names the page and the reason, the process stays up and the next task runs on a new worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bodyText, paragraph, scannedPdf } from '../ocr/synthetic-scan.ts';
import { corpus, fileForm, postForm, startTestServer, type TestServer } from './helpers.ts';

const servers: TestServer[] = [];
const spinners: ChildProcess[] = [];
afterEach(async () => {
  delete process.env.DOCPARSE_TEST_OCR_HANG;
  for (const c of spinners.splice(0)) c.kill('SIGKILL');
  for (const s of servers.splice(0)) await s.dispose();
});
afterAll(() => {
  delete process.env.DOCPARSE_TEST_OCR_HANG;
});

async function server(opts: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const s = await startTestServer(opts);
  servers.push(s);
  return s;
}

/** A child process spinning one core until killed. */
function busyLoop(): ChildProcess {
  const c = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  spinners.push(c);
  return c;
}

/** A 4-page image-only PDF of body text (synthetic scans, as the OCR tests make them). */
async function fourPageScan(dir: string): Promise<string> {
  const pages = [0, 1, 2, 3].map((p) => paragraph(bodyText(14, 60, p * 40), 11, 72, 110));
  const path = join(dir, 'four-page-scan.pdf');
  await writeFile(path, scannedPdf(pages));
  return path;
}

const sync = async (srv: TestServer, path: string) =>
  (await postForm(`${srv.url}/parse/sync`, await fileForm(path, { output_formats: 'markdown' }))).body;

describe('budgets that follow progress', () => {
  it('a 4-page scan parsed while two busy loops hold both cores completes', async () => {
    // A short stall window on purpose: a thread that gets less CPU is slow, not stalled.
    const srv = await server({ workers: 2, budget: { stallMs: 5_000 } });
    const scan = await fourPageScan(srv.dataDir);
    busyLoop();
    busyLoop();
    const body = await sync(srv, scan);
    expect(body.code, body.message).toBe(0);
    expect(body.data.metadata.page_num).toBe(4);
    expect(body.data.result.outputs.markdown).toMatch(/retrieval/i);
  }, 600_000);

  it('a page that never returns from inference is stopped, named, and the next task runs', async () => {
    process.env.DOCPARSE_TEST_OCR_HANG = 'wait'; // copied into the worker's environment when it starts
    const srv = await server({ workers: 1, budget: { stallMs: 3_000 } });
    const body = await sync(srv, corpus('pdf-scanned/ocr_test.pdf'));
    expect(body.code).toBe(1137);
    expect(body.message).toMatch(/^Page 1 made no progress for 3000 ms and was stopped$/);
    delete process.env.DOCPARSE_TEST_OCR_HANG; // the replacement worker reads normally
    const next = await sync(srv, corpus('pdf-digital/two_paragraphs.pdf'));
    expect(next.code, next.message).toBe(0);
    // The stuck worker is never terminated inside native code: once its grace is over it is left to come out.
    for (let i = 0; i < 600 && !srv.logs.some((l) => /inside native inference: it is replaced/.test(l)); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(srv.logs.join('\n')).toMatch(/inside native inference: it is replaced/);
  }, 120_000);

  it('a page that runs away is stopped at its CPU budget', async () => {
    process.env.DOCPARSE_TEST_OCR_HANG = 'spin';
    const srv = await server({ workers: 1, budget: { pageCpuMs: 3_000 } });
    const body = await sync(srv, corpus('pdf-scanned/ocr_test.pdf'));
    expect(body.code).toBe(1137);
    expect(body.message).toMatch(/^Page 1 used more than 3000 ms of processor time and was stopped$/);
    delete process.env.DOCPARSE_TEST_OCR_HANG;
    const next = await sync(srv, corpus('pdf-digital/two_paragraphs.pdf'));
    expect(next.code, next.message).toBe(0);
  });
});
