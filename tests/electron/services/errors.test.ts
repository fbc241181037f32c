// Failures a user meets, each with a clear error and nothing lost: a wrong key, an engine that went
// away (bounded retries, UNREACHABLE, then a retry succeeds), a corrupted file. Real engine throughout.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, makeServices, removeTemps, startEngine, updates, waitFinal, type Harness } from './helpers.ts';
import type { EngineServer } from '../../../engine/server/index.ts';

const GOOD_KEY = 'sk-engine-good-key-123456';
let engine: EngineServer & { dataDir: string };
let h: Harness;

beforeAll(async () => {
  engine = await startEngine(GOOD_KEY);
  h = await makeServices();
  await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: engine.url });
});
afterAll(async () => {
  await h.close();
  await engine.close();
  await removeTemps();
});

describe('invalid key', () => {
  it('a wrong key fails the task with INVALID_KEY and a clear message; connection:test says the same', async () => {
    await h.svc.handlers['key:set']({ apiKey: 'sk-wrong-key-000000' });
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    const done = await waitFinal(h, t!.id);
    expect(done.state).toBe('FAILED');
    expect(done.error?.code).toBe('INVALID_KEY');
    expect(done.error?.message).toMatch(/rejected the API key.*1107/);
    expect(done.attempts).toBe(1); // not a retryable error
    await expect(h.svc.handlers['connection:test']({ backend: 'cloud' })).rejects.toMatchObject({
      code: 'INVALID_KEY',
    });
  });

  it('no key at all: INVALID_KEY telling the user to add one', async () => {
    await h.svc.handlers['key:clear']();
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    const done = await waitFinal(h, t!.id);
    expect(done.error).toMatchObject({ code: 'INVALID_KEY', message: expect.stringMatching(/No API key is set/) });
  });

  it('the right key: connection:test reports usage and latency; the task succeeds', async () => {
    await h.svc.handlers['key:set']({ apiKey: GOOD_KEY });
    const report = await h.svc.handlers['connection:test']({});
    expect(report).toMatchObject({ backend: 'cloud', baseUrl: engine.url });
    expect(report.usage?.paid).toBeGreaterThan(0);
    expect(report.latencyMs).toBeGreaterThanOrEqual(0);
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
  });

  it('connection:test on the local backend starts the engine and reports it', async () => {
    const report = await h.svc.handlers['connection:test']({ backend: 'local' });
    expect(report.backend).toBe('local');
    expect(report.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  });

  it('connection:test refuses a URL that is not http(s)', async () => {
    await expect(
      h.svc.handlers['connection:test']({ backend: 'cloud', baseUrl: 'file:///etc/passwd' }),
    ).rejects.toMatchObject({ code: 'INVALID_URL' });
  });
});

describe('engine stopped', () => {
  it('network errors are retried a bounded number of times, then UNREACHABLE; the task and file stay; retry succeeds once it is back', async () => {
    const other = await startEngine(GOOD_KEY);
    const { port, dataDir } = other;
    await h.svc.handlers['settings:set']({ cloudBaseUrl: other.url });
    await other.close();

    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    const failed = await waitFinal(h, t!.id);
    expect(failed.state).toBe('FAILED');
    expect(failed.error?.code).toBe('UNREACHABLE');
    expect(failed.error?.message).toMatch(/Cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    expect(failed.attempts).toBe(1 + 3); // first try + FAST.maxRetries
    expect(failed.retry).toBeNull();
    // Each retry says why it was made; the failed row shows the work time, not nothing.
    expect(failed.retries?.map((r) => [r.attempt, r.cause])).toEqual([
      [2, 'connectionLost'],
      [3, 'connectionLost'],
      [4, 'connectionLost'],
    ]);
    expect(failed.startedAt !== null || (failed.workedMs ?? 0) > 0).toBe(true);
    // "Test connection" names the whole address it tried and the errno (the renderer words the cause).
    await expect(h.svc.handlers['connection:test']({ backend: 'cloud' })).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining(`Cannot reach ${other.url} (ECONNREFUSED)`),
    });
    // Before giving up, each backoff wait was announced: which attempt comes next, why, and when.
    const seen = updates(h, t!.id);
    const waits = seen.filter((u) => u.retry);
    expect(waits.map((u) => [u.retry!.attempt, u.retry!.max])).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    for (const u of waits) {
      expect(u.state).toBe('uploading');
      expect(u.uploadPercent).toBe(0); // the refused connection sent nothing
      expect(u.retry!.reason).toMatchObject({ code: 'UNREACHABLE', message: expect.stringMatching(/ECONNREFUSED/) });
      expect(u.retry!.nextAt).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(seen.findIndex((u) => u.retry)).toBeLessThan(seen.findIndex((u) => u.state === 'FAILED'));
    expect(seen.every((u) => !u.uploadPercent)).toBe(true); // never "Uploading 3%" without a connection
    await expect(h.svc.handlers['connection:test']({})).rejects.toMatchObject({ code: 'UNREACHABLE' });

    const back = await startEngine(GOOD_KEY, { port, dataDir });
    try {
      const again = await h.svc.handlers['tasks:retry']({ id: t!.id });
      expect(again).toMatchObject({ id: t!.id, state: 'queued', error: null });
      expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
    } finally {
      await back.close();
      await h.svc.handlers['settings:set']({ cloudBaseUrl: engine.url });
    }
  });
});

describe('corrupted and refused files', () => {
  it('a corrupted PDF fails with the service reason (code 1106), the good file next to it succeeds', async () => {
    const { tasks } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('bad-input/REDHAT-1531897-0.pdf'), corpus('pdf-digital/two_paragraphs.pdf')],
    });
    const [bad, good] = await Promise.all(tasks.map((t) => waitFinal(h, t.id)));
    expect(bad!.state).toBe('FAILED');
    expect(bad!.error?.code).toBe('SERVICE_1106');
    expect(bad!.error?.message).toMatch(/invalid or corrupted.*REDHAT-1531897-0\.pdf/);
    expect(good!.state).toBe('SUCCESS');
  });

  it('tasks:submit refuses bad files with a clear error and keeps the good ones', async () => {
    const { tasks, rejected } = await h.svc.handlers['tasks:submit']({
      paths: [
        corpus('bad-input/empty.pdf'),
        corpus('bad-input/jpeg_with_pdf_extension.pdf'),
        corpus('pdf-digital/two_paragraphs.pdf'),
        join(tmpdir(), 'dp-nonexistent', 'x.pdf'),
      ],
    });
    expect(rejected.map((c) => [c.name, c.ok, c.error?.code ?? null])).toEqual([
      ['empty.pdf', false, 'EMPTY'],
      ['jpeg_with_pdf_extension.pdf', false, 'MISMATCH'],
      ['x.pdf', false, 'UNREADABLE'],
    ]);
    expect(tasks.map((t) => [t.fileName, t.state, t.error?.code ?? null])).toEqual([
      ['two_paragraphs.pdf', 'queued', null],
    ]);
    expect((await waitFinal(h, tasks[0]!.id)).state).toBe('SUCCESS');
    await expect(h.svc.handlers['tasks:submit']({ paths: [] })).rejects.toMatchObject({ code: 'NO_FILES' });
  });

  it('tasks:remove forgets a task (and says NOT_FOUND the second time)', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    expect(await h.svc.handlers['tasks:remove']({ id: t!.id })).toEqual({ id: t!.id });
    expect(h.events.some((e) => e.channel === 'task:removed' && (e.payload as { id: string }).id === t!.id)).toBe(true);
    await expect(h.svc.handlers['tasks:remove']({ id: t!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
