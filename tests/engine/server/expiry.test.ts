// Results expire: after the TTL an answer, its crops and bundle are gone and the sweep deletes the task's
// folder; expired results are dropped when the engine starts; one data dir serves one engine at a time.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkNow, corpus, fileForm, postForm, startTestServer, type TestServer } from './helpers.ts';

const PICTURES = corpus('pdf-digital/picture_classification.pdf');
const check = (srv: { url: string }, id: string) => checkNow(srv.url, id);

describe('data dir lock', () => {
  it('a second engine on a data dir in use refuses to start; it starts once the first has closed', async () => {
    const a = await startTestServer();
    const dataDir = a.dataDir;
    await expect(startTestServer({ dataDir })).rejects.toThrow(/in use by another engine/);
    await a.close();
    const b = await startTestServer({ dataDir });
    await b.close();
    await a.dispose();
  });
});

describe('expiry', () => {
  let srv: TestServer | null = null;
  afterEach(async () => {
    await srv?.dispose();
    srv = null;
  });

  it('results, crops and bundles are gone after the TTL; the sweep deletes the folder', async () => {
    srv = await startTestServer({ resultTtlMs: 1500 });
    const r = (await postForm(`${srv.url}/parse/sync`, await fileForm(PICTURES, { output_formats: ['json', 'zip'] })))
      .body;
    expect(r.code).toBe(0);
    const id = r.data.task_id;
    expect((await check(srv, id)).data.status).toBe('SUCCESS');
    expect((await fetch(r.data.result.imgs[0])).status).toBe(200);
    await new Promise((res) => setTimeout(res, 1600));
    expect(await check(srv, id)).toMatchObject({ code: 1133, data: { error: expect.any(String) } });
    expect((await fetch(r.data.result.imgs[0])).status).toBe(404);
    expect((await fetch(r.data.result.outputs.zip)).status).toBe(404);
    for (let i = 0; i < 40 && existsSync(join(srv.dataDir, 'tasks', id)); i++)
      await new Promise((res) => setTimeout(res, 100));
    expect(existsSync(join(srv.dataDir, 'tasks', id))).toBe(false);
  });

  it('expired results are dropped when the engine starts', async () => {
    const a = await startTestServer();
    const dataDir = a.dataDir;
    const id = (await postForm(`${a.url}/parse/sync`, await fileForm(PICTURES))).body.data.task_id;
    await a.close();
    await new Promise((res) => setTimeout(res, 20));
    srv = await startTestServer({ dataDir, resultTtlMs: 10 });
    expect(existsSync(join(dataDir, 'tasks', id))).toBe(false);
    expect((await check(srv, id)).code).toBe(1133);
  });
});
