// Issue 23, finding 5 (low): the decrypted copy of a password-protected PDF. While the task waits for a
// worker, no file in the engine's data folder is a PDF that opens without the password; an engine stopped
// with the task queued does not parse it at the next start (the password is not kept, so the task fails
// saying so), and no readable copy is left behind.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { corpus, fileForm, KEY, pollUntilDone, postForm, startTestServer } from '../engine/server/helpers.ts';
import { removeTemps, tempDir } from './support.ts';

const LOCKED = corpus('encrypted/password.pdf'); // password "password"
const BIG = corpus('large/irs-manual-400p.pdf');

afterAll(removeTemps);

/** Every PDF under `dir` that opens without a password (outside the folders of the tasks in `skip`). */
async function readablePdfs(dir: string, skip: string[] = []): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    const data = await readFile(path).catch(() => null);
    if (!data || data.subarray(0, 1024).indexOf('%PDF-') < 0 || skip.some((id) => path.includes(id))) continue;
    const doc = mupdf.Document.openDocument(data, 'application/pdf');
    if (!doc.needsPassword()) out.push(path);
    doc.destroy();
  }
  return out;
}

const check = async (url: string, id: string) =>
  (await postForm(`${url}/parse/async_check`, new URLSearchParams({ task_id: id, api_key: KEY, wait: '0' }))).body.data;

describe('the decrypted copy of a protected PDF', () => {
  it('is in no folder while the task waits, and a restart does not parse it', async () => {
    const dataDir = await tempDir('dp-sec-pw-');
    const a = await startTestServer({ dataDir, workers: 1, maxPages: 500 });
    let stopped = false;
    try {
      // One worker, busy with a large PDF: the protected one waits in the queue.
      const big = (await postForm(`${a.url}/parse/async`, await fileForm(BIG))).body.data.task_id as string;
      const sub = await postForm(
        `${a.url}/parse/async`,
        await fileForm(LOCKED, { password: 'password' }, 'locked.pdf'),
      );
      expect(sub.body.code, sub.body.message).toBe(0);
      const id = sub.body.data.task_id as string;
      expect((await check(a.url, id)).status).toBe('QUEUING');
      expect(await readablePdfs(dataDir, [big])).toEqual([]);
      // Stopped with the task queued: it stays resumable on disk.
      await a.close();
      stopped = true;
      expect(await readablePdfs(dataDir, [big])).toEqual([]);

      const b = await startTestServer({ dataDir, workers: 1, maxPages: 500 });
      try {
        const d = await pollUntilDone(b.url, id, undefined, 300_000);
        expect(d.status).toBe('FAILED');
        expect(d.error).toMatch(/password/i);
        await pollUntilDone(b.url, big, undefined, 300_000);
        expect(await readablePdfs(dataDir, [big])).toEqual([]);
      } finally {
        await b.close();
      }
    } finally {
      if (!stopped) await a.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('still parses with the right password', async () => {
    const srv = await startTestServer({ workers: 1 });
    try {
      const r = await postForm(`${srv.url}/parse/sync`, await fileForm(LOCKED, { password: 'password' }));
      expect(r.body.code, r.body.message).toBe(0);
      expect(r.body.data.result.outputs.markdown).toMatch(/File with password/);
      expect(await readablePdfs(srv.dataDir)).toEqual([]);
    } finally {
      await srv.dispose();
    }
  });
});
