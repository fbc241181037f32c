// Queue rules against the real local engine: the concurrency limit holds, a higher limit starts
// waiting tasks at once, a retry goes where the settings point now (URL and backend), and a failed task
// re-runs on another backend as a new linked task.
import { afterAll, describe, expect, it } from 'vitest';
import type { Task, TaskState } from '../../../shared/task.ts';
import { corpus, makeServices, removeTemps, startEngine, waitFinal, waitTask } from './helpers.ts';

afterAll(removeTemps);
const ACTIVE: TaskState[] = ['uploading', 'QUEUING', 'PROCESSING'];

describe('task queue', () => {
  it('never runs more tasks than the concurrency limit', async () => {
    const h = await makeServices({ timing: { pollIntervalMs: 100 } });
    try {
      await h.svc.handlers['settings:set']({ concurrency: 2 });
      const files = [
        'two_paragraphs.pdf',
        'multi_page.pdf',
        'normal_4pages.pdf',
        'code_and_formula.pdf',
        'list-item-example.pdf',
      ];
      const { tasks } = await h.svc.handlers['tasks:submit']({
        paths: files.map((f) => corpus(`pdf-digital/${f}`)),
        options: { mode: 'async' },
      });
      const done = await Promise.all(tasks.map((t) => waitFinal(h, t.id)));
      expect(done.map((t) => t.state)).toEqual(files.map(() => 'SUCCESS'));
      const state = new Map<string, TaskState>();
      let max = 0;
      for (const e of h.events) {
        if (e.channel !== 'task:updated') continue;
        const t = e.payload as Task;
        state.set(t.id, t.state);
        max = Math.max(max, [...state.values()].filter((s) => ACTIVE.includes(s)).length);
      }
      expect(max).toBe(2);
      // Started in submission order.
      const firstActive = tasks.map((t) =>
        h.events.findIndex(
          (e) =>
            e.channel === 'task:updated' &&
            (e.payload as Task).id === t.id &&
            (e.payload as Task).state === 'uploading',
        ),
      );
      expect(firstActive).toEqual([...firstActive].sort((a, b) => a - b));
    } finally {
      await h.close();
    }
  });

  it('raising the limit starts a waiting task immediately', async () => {
    const h = await makeServices({ timing: { pollIntervalMs: 3000 } });
    try {
      await h.svc.handlers['settings:set']({ concurrency: 1 });
      const {
        tasks: [a, b],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/two_paragraphs.pdf'), corpus('pdf-digital/multi_page.pdf')],
        options: { mode: 'async' },
      });
      await waitTask(h, a!.id, (t) => t.state === 'QUEUING');
      expect((await h.svc.handlers['tasks:list']()).find((t) => t.id === b!.id)!.state).toBe('queued');
      await h.svc.handlers['settings:set']({ concurrency: 2 });
      await waitTask(h, b!.id, (t) => t.state !== 'queued', 2000);
    } finally {
      await h.close();
    }
  });

  it('a retry uploads to the URL the settings name now', async () => {
    const KEY = 'sk-queue-retry-key-55';
    const engine = await startEngine(KEY);
    const h = await makeServices();
    try {
      await h.svc.handlers['key:set']({ apiKey: KEY });
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: 'http://127.0.0.1:9/api/v1' });
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/two_paragraphs.pdf')],
        options: { mode: 'sync' },
      });
      expect((await waitFinal(h, t!.id)).error?.code).toBe('UNREACHABLE');
      await h.svc.handlers['settings:set']({ cloudBaseUrl: engine.url });
      expect((await h.svc.handlers['tasks:retry']({ id: t!.id })).baseUrl).toBe(engine.url);
      const done = await waitFinal(h, t!.id);
      expect([done.state, done.baseUrl]).toEqual(['SUCCESS', engine.url]);
      await expect(h.svc.handlers['tasks:retry']({ id: t!.id })).rejects.toMatchObject({ code: 'INVALID_STATE' });
    } finally {
      await h.close();
      await engine.close();
    }
  });

  it('a retry goes to the backend chosen now; a failed task can be re-run on another backend (tasks:rerun)', async () => {
    const KEY = 'sk-queue-backend-key-77';
    const engine = await startEngine(KEY);
    const h = await makeServices();
    try {
      await h.svc.handlers['key:set']({ apiKey: KEY });
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: 'http://127.0.0.1:9/api/v1' });
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/two_paragraphs.pdf')],
        options: { mode: 'sync' },
      });
      expect((await waitFinal(h, t!.id)).error?.code).toBe('UNREACHABLE');
      // Switched to the local engine: Retry goes there.
      await h.svc.handlers['settings:set']({ backend: 'local' });
      const retried = await h.svc.handlers['tasks:retry']({ id: t!.id });
      expect([retried.backend, retried.baseUrl]).toEqual(['local', '']);
      expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');

      // A failed task (no result) re-runs on another backend as a new task linked to it.
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: 'http://127.0.0.1:9/api/v1' });
      const {
        tasks: [f],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/two_paragraphs.pdf')],
        options: { mode: 'sync' },
      });
      expect((await waitFinal(h, f!.id)).state).toBe('FAILED');
      const again = await h.svc.handlers['tasks:rerun']({ id: f!.id, options: { backend: 'local' } });
      expect([again.backend, again.parentId]).toEqual(['local', f!.id]);
      expect((await waitFinal(h, again.id)).state).toBe('SUCCESS');
    } finally {
      await h.close();
      await engine.close();
    }
  });
});
