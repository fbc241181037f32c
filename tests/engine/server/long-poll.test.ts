// The long poll of async_check over real HTTP against the real engine: a check of an unfinished task is
// held until the task ends (RAGFlow's Go parser checks exactly once), at most the engine's bound or the
// request's shorter `wait` (local extension; `wait=0` answers at once with the live status); a client
// that leaves or an engine that closes releases the hold.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { createEngineCore } from '../../../engine/core/engine.ts';
import { readForm } from '../../../engine/server/form.ts';
import { holdCheck } from '../../../engine/server/long-poll.ts';
import { SLOW_MAX_PAGES, SLOW_PDF } from './fixtures.ts';
import { corpus, fileForm, KEY, postForm, REPO, startTestServer, type TestServer } from './helpers.ts';

const TWO = corpus('pdf-digital/two_paragraphs.pdf');
const UNFINISHED = ['QUEUING', 'PROCESSING'];
const TEN_MIN = 10 * 60_000;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const check = (url: string, id: string, extra: Record<string, string> = {}) =>
  postForm(`${url}/parse/async_check`, new URLSearchParams({ task_id: id, api_key: KEY, ...extra }));

async function submitSlow(srv: { url: string }): Promise<string> {
  const r = await postForm(`${srv.url}/parse/async`, await fileForm(SLOW_PDF));
  expect(r.body.code, r.body.message).toBe(0);
  return r.body.data.task_id;
}

async function timed<T>(p: Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await p;
  return [v, performance.now() - t];
}

describe('default bound (25 s)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it.each(['/parse/async_check', '/extract/async_check'])(
    'one %s right after the submit answers SUCCESS with the result (url-encoded and multipart)',
    async (path) => {
      for (const multipart of [false, true]) {
        const sub = await postForm(`${srv.url}/parse/async`, await fileForm(TWO));
        const id = sub.body.data.task_id;
        const body = multipart
          ? await fileForm(null, { task_id: id })
          : new URLSearchParams({ task_id: id, api_key: KEY });
        const r = await postForm(srv.url + path, body);
        expect(r.body, r.body.message).toMatchObject({
          code: 0,
          message: '查询成功',
          data: { task_id: id, status: 'SUCCESS', error: null },
        });
        expect(r.body.data.result.outputs.markdown).toContain('The second paragraph.');
      }
    },
  );

  it('an invalid wait is a 1133 parameter error', async () => {
    const sub = await postForm(`${srv.url}/parse/async`, await fileForm(TWO));
    for (const wait of ['soon', '-1']) {
      const r = await check(srv.url, sub.body.data.task_id, { wait });
      expect(r.body.code).toBe(1133);
      expect(r.body.message).toMatch(/wait must be a number of seconds/);
    }
  });
});

describe('unfinished tasks', () => {
  it('a check without wait is held while the task runs, wait=0 answers the live status at once, and closing the engine answers the held check', async () => {
    const srv = await startTestServer({ workers: 1, maxPages: SLOW_MAX_PAGES, longPollMs: TEN_MIN });
    cleanup.push(() => srv.dispose());
    const id = await submitSlow(srv);
    let heldAnswered = false;
    const held = check(srv.url, id).then((r) => {
      heldAnswered = true;
      return r;
    });
    for (let i = 0; i < 3; i++) {
      const live = await check(srv.url, id, { wait: '0' });
      expect(live.body.code).toBe(0);
      expect(UNFINISHED).toContain(live.body.data.status);
    }
    expect(heldAnswered, 'the check without wait must still be held').toBe(false);
    await srv.close();
    const r = await held;
    expect(r.body.code).toBe(0);
    expect(UNFINISHED).toContain(r.body.data.status);
  });

  it("the hold ends at the engine's bound, or at the request's shorter wait, with the live status", async () => {
    const short = await startTestServer({ workers: 1, maxPages: SLOW_MAX_PAGES, longPollMs: 300 });
    cleanup.push(() => short.dispose());
    const [byBound, ms1] = await timed(check(short.url, await submitSlow(short)));
    expect(UNFINISHED).toContain(byBound.body.data.status);
    expect(ms1).toBeGreaterThanOrEqual(280);
    await short.dispose();

    const long = await startTestServer({ workers: 1, maxPages: SLOW_MAX_PAGES, longPollMs: TEN_MIN });
    cleanup.push(() => long.dispose());
    const [byWait, ms2] = await timed(check(long.url, await submitSlow(long), { wait: '0.3' }));
    expect(UNFINISHED).toContain(byWait.body.data.status);
    expect(ms2).toBeGreaterThanOrEqual(280);
  });

  it('a client that leaves, the bound, or the engine closing releases a hold (no waiter left behind)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docparse-hold-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const core = await createEngineCore({ dataDir, workers: 1, maxPages: SLOW_MAX_PAGES, longPollMs: TEN_MIN });
    let closed = false;
    cleanup.push(async () => closed || (await core.close()));
    const upload = join(dataDir, 'upload.pdf');
    await copyFile(SLOW_PDF, upload);
    const task = await core.submit({
      uploadPath: upload,
      fileName: 'slow.pdf',
      formats: ['json'],
      elementFormats: DEFAULT_ELEMENT_FORMATS,
      featureConfig: DEFAULT_FEATURE_CONFIG,
    });
    let answered: boolean | null = null;
    const server = createServer(async (req, res) => {
      const form = await readForm(req, { uploadsDir: core.store.uploadsDir, maxBytes: 1024 });
      answered = await holdCheck(core, task.task_id, form, res);
      if (answered) res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => server.close(r)));
    const ac = new AbortController();
    const req = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      method: 'POST',
      body: new URLSearchParams({ task_id: task.task_id }),
      signal: ac.signal,
    });
    for (let i = 0; i < 200 && core.waiting === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(core.waiting, 'the check is held').toBe(1);
    ac.abort();
    await expect(req).rejects.toThrow();
    for (let i = 0; i < 200 && answered === null; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answered, 'nothing is sent to a client that left').toBe(false);
    expect(core.waiting).toBe(0);
    expect(core.view(task.task_id)!.task.status).not.toBe('FAILED');
    await core.hold(task.task_id, 50); // a hold that reaches its bound leaves nothing behind either
    expect(core.waiting).toBe(0);
    const last = core.hold(task.task_id, TEN_MIN);
    expect(core.waiting).toBe(1);
    await core.close(); // closing the engine releases it
    closed = true;
    await last;
    expect(core.waiting).toBe(0);
  });

  it('the CLI takes --long-poll-seconds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docparse-cli-hold-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const flags = ['--port', '0', '--api-key', KEY, '--workers', '1', '--quiet', '--long-poll-seconds', '0.3'];
    const args = ['engine/cli/server.ts', ...flags, '--data-dir', dataDir, '--max-pages', String(SLOW_MAX_PAGES)];
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    cleanup.push(async () => {
      child.kill('SIGTERM');
      await exited;
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        const m = /(http:\/\/\S+\/api\/v1)/.exec((out += c.toString()));
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`engine exited (${code}): ${stderr}`)));
    });
    const [r, ms] = await timed(check(url, await submitSlow({ url })));
    expect(UNFINISHED).toContain(r.body.data.status);
    expect(ms).toBeGreaterThanOrEqual(280);
  });
});
