// Cancel at every stage and quit/restart mid-task, against the real local engine. Only the "slow
// network" during an upload is a loopback socket that stops reading (an OS boundary, not a service).
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { corpus, makeServices, removeTemps, tempDir, updates, waitFinal, waitTask } from './helpers.ts';

afterAll(removeTemps);

/** A "PDF" of `mb` megabytes: a real header, then zeros (sparse on disk). */
async function bigPdf(mb: number): Promise<string> {
  const p = join(await tempDir(), 'big.pdf');
  const fh = await open(p, 'w');
  await fh.write('%PDF-1.4\n');
  await fh.truncate(mb * 1024 * 1024);
  await fh.close();
  return p;
}

describe('cancel', () => {
  it('during the upload: the request is aborted and the task is cancelled', async () => {
    let sockets = 0;
    let closed = 0;
    const paused: import('node:http').IncomingMessage[] = [];
    const stall: Server = createServer((req) => {
      // Read a little, then stop reading: the client's upload stalls on back-pressure.
      req.once('data', () => {
        req.pause();
        paused.push(req);
      });
    });
    stall.on('connection', (s) => {
      sockets++;
      s.once('close', () => closed++);
    });
    stall.listen(0, '127.0.0.1');
    await once(stall, 'listening');
    const url = `http://127.0.0.1:${(stall.address() as AddressInfo).port}/api/v1`;
    const h = await makeServices();
    try {
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: url });
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({ paths: [await bigPdf(64)], options: { mode: 'async' } });
      const up = await waitTask(h, t!.id, (x) => x.state === 'uploading' && (x.uploadPercent ?? 0) > 0);
      expect(up.uploadPercent).toBeLessThan(100);
      const c = await h.svc.handlers['tasks:cancel']({ id: t!.id });
      expect(c.state).toBe('cancelled');
      for (const r of paused) r.resume(); // drain what was sent: the socket then sees the client hang up
      for (let i = 0; i < 100 && closed < sockets; i++) await new Promise((r) => setTimeout(r, 20));
      expect(closed).toBe(sockets);
      await new Promise((r) => setTimeout(r, 200));
      const after = (await h.svc.handlers['tasks:list']()).find((x) => x.id === t!.id)!;
      expect(after.state).toBe('cancelled');
      expect(after.error).toBeNull();
    } finally {
      await h.close();
      stall.closeAllConnections();
      stall.close();
    }
  });

  it('while polling: stops polling, keeps the remote id, caches nothing; retry then succeeds', async () => {
    const h = await makeServices({ timing: { pollIntervalMs: 1500 } });
    try {
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/two_paragraphs.pdf')],
        options: { mode: 'async' },
      });
      const q = await waitTask(h, t!.id, (x) => x.state === 'QUEUING');
      expect(q.remoteTaskId).toBeTruthy();
      const c = await h.svc.handlers['tasks:cancel']({ id: t!.id });
      expect(c).toMatchObject({ state: 'cancelled', remoteTaskId: q.remoteTaskId });
      await new Promise((r) => setTimeout(r, 2200));
      expect((await h.svc.handlers['tasks:list']()).find((x) => x.id === t!.id)!.state).toBe('cancelled');
      expect(existsSync(join(h.dataDir, 'results', t!.id))).toBe(false);
      // Cancelling a final task changes nothing; retry starts it again.
      expect((await h.svc.handlers['tasks:cancel']({ id: t!.id })).state).toBe('cancelled');
      await h.svc.handlers['tasks:retry']({ id: t!.id });
      expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
    } finally {
      await h.close();
    }
  });

  it('a queued task (waiting for a slot) cancels at once', async () => {
    const h = await makeServices();
    try {
      await h.svc.handlers['settings:set']({ concurrency: 1 });
      const { tasks } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/multi_page.pdf'), corpus('pdf-digital/two_paragraphs.pdf')],
        options: { mode: 'async' },
      });
      const second = tasks[1]!;
      expect((await h.svc.handlers['tasks:list']()).find((x) => x.id === second.id)!.state).toBe('queued');
      expect((await h.svc.handlers['tasks:cancel']({ id: second.id })).state).toBe('cancelled');
      expect((await waitFinal(h, tasks[0]!.id)).state).toBe('SUCCESS');
      expect(updates(h, second.id).some((u) => u.state === 'uploading')).toBe(false);
    } finally {
      await h.close();
    }
  });
});

describe('restart', () => {
  it('quit while the engine works on an async task; on the next start polling resumes by remoteTaskId and reaches SUCCESS without a new upload', async () => {
    const dataDir = await tempDir();
    const a = await makeServices({ dataDir });
    const {
      tasks: [t],
    } = await a.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/redp5110_sampled.pdf')],
      options: { mode: 'async' },
    });
    const live = await waitTask(
      a,
      t!.id,
      (x) => (x.state === 'QUEUING' || x.state === 'PROCESSING') && !!x.remoteTaskId,
    );
    await a.close();
    const stored = JSON.parse(await readFile(join(dataDir, 'tasks.json'), 'utf8'));
    const saved = stored.tasks.find((x: { id: string }) => x.id === t!.id);
    expect(saved.remoteTaskId).toBe(live.remoteTaskId);
    expect(['QUEUING', 'PROCESSING']).toContain(saved.state);

    const b = await makeServices({ dataDir });
    try {
      const restored = (await b.svc.handlers['tasks:list']()).find((x) => x.id === t!.id)!;
      expect(restored.remoteTaskId).toBe(live.remoteTaskId);
      const done = await waitFinal(b, t!.id);
      expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
      // The engine ran its interrupted task again: same remote task, no re-submission.
      expect(done.remoteTaskId).toBe(live.remoteTaskId);
      // …which is the task's next attempt, and it says why (issue 28: retries are visible).
      expect(done.attempts).toBe(live.attempts + 1);
      expect(done.retries?.at(-1)).toMatchObject({ attempt: live.attempts + 1, cause: 'engineRestarted' });
      const log = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8');
      const afterRestart = log.slice(log.lastIndexOf('restored'));
      expect(afterRestart).toContain(`${t!.id} polling remote task ${live.remoteTaskId}`);
      expect(afterRestart).not.toContain(`${t!.id} upload `);
      expect(afterRestart).not.toContain('submitting again');
      expect((await b.svc.handlers['results:get']({ id: t!.id })).markdown.length).toBeGreaterThan(100);
    } finally {
      await b.close();
    }
  });

  it('finished tasks and settings survive a restart', async () => {
    const dataDir = await tempDir();
    const a = await makeServices({ dataDir });
    await a.svc.handlers['settings:set']({ concurrency: 3, theme: 'dark' });
    const {
      tasks: [t],
    } = await a.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    await waitFinal(a, t!.id);
    await a.close();
    const b = await makeServices({ dataDir });
    try {
      expect(await b.svc.handlers['settings:get']()).toMatchObject({ concurrency: 3, theme: 'dark' });
      expect((await b.svc.handlers['tasks:list']()).find((x) => x.id === t!.id)?.state).toBe('SUCCESS');
      expect((await b.svc.handlers['results:get']({ id: t!.id })).markdown).toContain('first paragraph');
    } finally {
      await b.close();
    }
  });
});
