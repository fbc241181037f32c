// Persistence: finished results survive a restart (served with the new server's address), tasks cut
// off by a kill or a shutdown run again at the next start (same task_id) while their upload is on disk
// — FAILED with the reason when it is gone or resumeInterrupted is false. Expiry: expiry.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkNow, corpus, fileForm, KEY, pollUntilDone, postForm, REPO, startTestServer } from './helpers.ts';

const PICTURES = corpus('pdf-digital/picture_classification.pdf');
const BIG = corpus('large/irs-manual-400p.pdf');
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'docparse-restart-'));
  cleanup.push(() => rm(d, { recursive: true, force: true }));
  return d;
}

/** A result as JSON text with the per-task file keys of its URLs blanked out. */
const keyless = (x: unknown): string => JSON.stringify(x).replace(/\/files\/[0-9a-f]{32}\//g, '/files/KEY/');

const check = (srv: { url: string }, id: string) => checkNow(srv.url, id);

/** Submits n large PDFs to an engine on dataDir (one worker), stops it once the first is parsing. */
async function interrupt(dataDir: string, n: number): Promise<string[]> {
  const a = await startTestServer({ dataDir, workers: 1, maxPages: 500 });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await postForm(`${a.url}/parse/async`, await fileForm(BIG))).body.data.task_id);
  await waitProcessing(a, ids[0]!);
  await a.close();
  return ids;
}

async function waitProcessing(srv: { url: string }, id: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const b = await check(srv, id);
    if (b.data?.status === 'PROCESSING' && b.data.progress?.pages_done > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('task never reached PROCESSING');
}

describe('restart', () => {
  it('serves finished results again, with URLs of the new address', async () => {
    const dataDir = await tempDir();
    const a = await startTestServer({ dataDir });
    const sync = (
      await postForm(`${a.url}/parse/sync`, await fileForm(PICTURES, { output_formats: ['markdown', 'json', 'zip'] }))
    ).body;
    expect(sync.code, sync.message).toBe(0);
    await a.close();

    const b = await startTestServer({ dataDir });
    cleanup.push(() => b.close());
    const again = await check(b, sync.data.task_id);
    expect(again.code).toBe(0);
    expect(again.data.status).toBe('SUCCESS');
    const swap = (s: string) => s.split(a.url).join(b.url);
    expect(again.data.result).toEqual(JSON.parse(swap(JSON.stringify(sync.data.result))));
    expect(again.data.result.imgs[0]).toContain(b.url);
    expect((await fetch(again.data.result.imgs[0])).status).toBe(200);
    expect((await fetch(again.data.result.outputs.zip)).status).toBe(200);
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('a task cut off by a kill runs again after the restart: same task_id, SUCCESS, the same result as an uninterrupted parse', async () => {
    const dataDir = await tempDir();
    const server = join(REPO, 'engine/cli/server.ts');
    const flags = ['--port', '0', '--api-key', KEY, '--data-dir', dataDir, '--max-pages', '500', '--quiet'];
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', server, ...flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanup.push(async () => void child.kill('SIGKILL'));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        const m = /(http:\/\/\S+\/api\/v1)/.exec(c.toString());
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`engine exited with ${code}`)));
    });
    const id = (await postForm(`${url}/parse/async`, await fileForm(BIG, { output_formats: ['markdown', 'json'] })))
      .body.data.task_id;
    await waitProcessing({ url }, id);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(join(dataDir, 'tasks', id, 'input'))).toBe(true);

    const b = await startTestServer({ dataDir, maxPages: 500 });
    cleanup.push(() => b.close());
    expect(['QUEUING', 'PROCESSING']).toContain((await check(b, id)).data.status);
    const d = await pollUntilDone(b.url, id);
    expect(d.status, d.error).toBe('SUCCESS');
    expect(d.metadata).toEqual({ page_num: 400, file_type: '.pdf' });
    expect(existsSync(join(dataDir, 'tasks', id, 'input'))).toBe(false);
    const fresh = (await postForm(`${b.url}/parse/sync`, await fileForm(BIG, { output_formats: ['markdown', 'json'] })))
      .body;
    expect(fresh.code, fresh.message).toBe(0);
    expect(d.result.outputs.markdown.length).toBeGreaterThan(100_000);
    expect(keyless(d.result)).toBe(keyless(fresh.data.result));
  }, 180_000);

  it('a shutdown keeps running and queued tasks resumable; the next start runs them oldest first to SUCCESS', async () => {
    const dataDir = await tempDir();
    const [running, queued] = await interrupt(dataDir, 2);
    for (const [id, status] of [
      [running, 'PROCESSING'],
      [queued, 'QUEUING'],
    ] as const) {
      expect(JSON.parse(await readFile(join(dataDir, 'tasks', id, 'task.json'), 'utf8')).status).toBe(status);
      expect(existsSync(join(dataDir, 'tasks', id, 'input'))).toBe(true);
    }
    const b = await startTestServer({ dataDir, workers: 2, maxPages: 500 });
    cleanup.push(() => b.close());
    const [first, second] = await Promise.all([pollUntilDone(b.url, running), pollUntilDone(b.url, queued)]);
    for (const d of [first, second]) {
      expect(d.status, d.error).toBe('SUCCESS');
      expect(d.metadata.page_num).toBe(400);
    }
    expect(keyless(first.result)).toBe(keyless(second.result));
    // Oldest first is the order they start in: with two workers both run at once and either may end
    // first, and a poll can see SUCCESS just before its log line is written.
    const startedAt = async (id: string) =>
      JSON.parse(await readFile(join(dataDir, 'tasks', id, 'task.json'), 'utf8')).started_at as number;
    const [t1, t2] = [await startedAt(running), await startedAt(queued)];
    expect(t1).toBeGreaterThan(0);
    expect(t1).toBeLessThanOrEqual(t2);
  }, 180_000);

  it('with resumeInterrupted: false, a shutdown marks running and queued tasks FAILED and keeps them', async () => {
    const dataDir = await tempDir();
    const a = await startTestServer({ dataDir, workers: 1, maxPages: 500, resumeInterrupted: false });
    const running = (await postForm(`${a.url}/parse/async`, await fileForm(BIG))).body.data.task_id;
    const queued = (await postForm(`${a.url}/parse/async`, await fileForm(BIG))).body.data.task_id;
    await waitProcessing(a, running);
    await a.close();
    const b = await startTestServer({ dataDir, resumeInterrupted: false });
    cleanup.push(() => b.close());
    for (const id of [running, queued]) {
      const d = (await check(b, id)).data;
      expect(d.status).toBe('FAILED');
      expect(d.error).toMatch(/engine stopped/);
      expect(existsSync(join(dataDir, 'tasks', id, 'input'))).toBe(false);
    }
  });

  it('with resumeInterrupted: false, tasks cut off by a stop come back FAILED "interrupted by a restart"', async () => {
    const dataDir = await tempDir();
    const ids = await interrupt(dataDir, 2);
    const b = await startTestServer({ dataDir, workers: 1, resumeInterrupted: false });
    cleanup.push(() => b.close());
    for (const id of ids) {
      const d = (await check(b, id)).data;
      expect(d).toMatchObject({ status: 'FAILED', result: null });
      expect(d.error).toMatch(/interrupted by a restart/);
      expect(existsSync(join(dataDir, 'tasks', id, 'input'))).toBe(false);
    }
  });

  it('an interrupted task whose upload is gone is FAILED with the reason; the others still resume', async () => {
    const dataDir = await tempDir();
    const [gone, kept] = await interrupt(dataDir, 2);
    await rm(join(dataDir, 'tasks', gone!, 'input'));
    const b = await startTestServer({ dataDir, workers: 1, maxPages: 500 });
    cleanup.push(() => b.close());
    const d = (await check(b, gone!)).data;
    expect(d).toMatchObject({ status: 'FAILED', result: null });
    expect(d.error).toMatch(
      /interrupted by a restart of the engine and its uploaded file is gone; submit the file again/,
    );
    expect(['QUEUING', 'PROCESSING']).toContain((await check(b, kept!)).data.status);
  });

  it('a sync request cut off by a shutdown is not resumed (nobody could collect it)', async () => {
    const dataDir = await tempDir();
    const a = await startTestServer({ dataDir, workers: 1, maxPages: 500 });
    const pending = postForm(`${a.url}/parse/sync`, await fileForm(BIG)).catch(() => null);
    let id = '';
    for (let i = 0; i < 500 && !id; i++) {
      await new Promise((r) => setTimeout(r, 20));
      id = (await readdir(join(dataDir, 'tasks'))).find((n) => /^[0-9a-f]{32}$/.test(n)) ?? '';
    }
    await waitProcessing(a, id);
    await a.close();
    await pending;
    const b = await startTestServer({ dataDir });
    cleanup.push(() => b.close());
    const d = (await check(b, id)).data;
    expect(d.status).toBe('FAILED');
    expect(d.error).toMatch(/engine stopped/);
  });
});
