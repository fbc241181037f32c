// The task queue owns the truth about tasks: states, concurrency, persistence, events.
// queued → uploading → QUEUING → PROCESSING → SUCCESS | FAILED | cancelled
import { CodedError } from '../../../shared/result.ts';
import { FINAL_STATES, type Task } from '../../../shared/task.ts';
import { checkFile } from '../files/check.ts';
import { debouncedWriter } from '../util/atomic.ts';
import { isAbortError } from '../../../shared/service-errors.ts';
import { loadTasks, saveTasks } from './persist.ts';
import { newTask, resolveOptions } from './new-task.ts';
import { runTask } from './runner.ts';
import { assertRetriable, failedTask, retriedTask } from './retry.ts';
import type { QueueDeps, TaskQueue } from './types.ts';
import { tick } from './clock.ts';

const isFinal = (t: Task): boolean => FINAL_STATES.includes(t.state);
const isRemoteLive = (t: Task): boolean =>
  (t.state === 'QUEUING' || t.state === 'PROCESSING') && t.mode === 'async' && !!t.remoteTaskId;

export function createTaskQueue(d: QueueDeps): TaskQueue {
  const tasks = new Map<string, Task>();
  const running = new Map<string, AbortController>();
  /** Passwords given with a retry, until that run starts (memory only: never in tasks.json or a log). */
  const passwords = new Map<string, string>();
  const jobs = new Set<Promise<void>>();
  let closing = false;
  const persist = debouncedWriter(
    () => saveTasks(d.dataDir, tasks.values()),
    d.timing.persistDelayMs,
    (e) => d.log.error(`tasks.json not saved: ${(e as Error).message}`),
  );

  const snapshot = (t: Task): Task => structuredClone(t);
  const need = (id: string): Task => {
    const t = typeof id === 'string' ? tasks.get(id) : undefined;
    if (!t) throw new CodedError('NOT_FOUND', `No task ${JSON.stringify(id)}`);
    return t;
  };
  const put = (next: Task, flush = false): void => {
    const prev = tasks.get(next.id);
    const t = prev ? tick(prev, next, Date.now()) : next;
    tasks.set(t.id, t);
    d.emit('task:updated', snapshot(t));
    persist.schedule();
    if (flush) void persist.flush();
  };

  function start(t: Task): void {
    const ac = new AbortController();
    running.set(t.id, ac);
    let settled = false; // late callbacks (e.g. upload progress after an early answer) change nothing
    const live = (): boolean => !settled && !closing && !ac.signal.aborted && tasks.get(t.id) !== undefined;
    const password = passwords.get(t.id);
    passwords.delete(t.id); // used by this run only, never written anywhere
    if (password) d.sessionPassword?.(t.id, password);
    const handle = {
      get: () => tasks.get(t.id) ?? t,
      password,
      update(patch: Partial<Task>, flush?: boolean) {
        if (live()) put({ ...tasks.get(t.id)!, ...patch }, flush);
      },
      signal: ac.signal,
    };
    const job = runTask(handle, d)
      .catch((e: unknown) => {
        if (!live() || isAbortError(e)) return;
        put(failedTask(tasks.get(t.id)!, e), true);
      })
      .then(() => {
        settled = true;
      })
      .finally(() => {
        if (running.get(t.id) === ac) running.delete(t.id);
        jobs.delete(job);
        pump();
      });
    jobs.add(job);
  }

  function pump(): void {
    if (closing) return;
    const limit = Math.max(1, d.settings().concurrency);
    const waiting = [...tasks.values()].filter((t) => !running.has(t.id) && (t.state === 'queued' || isRemoteLive(t)));
    // Remote tasks already paid for their upload: poll them before starting new uploads.
    waiting.sort((a, b) => Number(isRemoteLive(b)) - Number(isRemoteLive(a)) || a.createdAt - b.createdAt);
    for (const t of waiting) {
      if (running.size >= limit) break;
      start(t);
    }
  }

  function stop(id: string): void {
    running.get(id)?.abort();
    running.delete(id);
  }

  return {
    list: () => [...tasks.values()].map(snapshot),
    get: (id) => {
      const t = tasks.get(id);
      return t && snapshot(t);
    },
    async add(files, options, parentId) {
      const opts = resolveOptions(d.settings(), options);
      const created: Task[] = [];
      for (const c of files) {
        const t = await newTask(c, opts, parentId ?? null);
        put(t);
        created.push(snapshot(t));
        d.log.info(`${t.id} queued ${t.fileName} backend=${t.backend} mode=${t.requestedMode}`);
      }
      if (created.length === 0) return created;
      void persist.flush();
      pump();
      return created;
    },
    async remove(id) {
      if (typeof id !== 'string' || !tasks.has(id)) return; // idempotent: history deletes ids the queue forgot
      stop(id);
      tasks.delete(id);
      passwords.delete(id);
      d.emit('task:removed', { id });
      persist.schedule();
      await persist.flush();
      d.log.info(`${id} removed from the queue`);
      pump();
    },
    async cancel(id) {
      const t = need(id);
      if (isFinal(t)) return snapshot(t);
      stop(id);
      put(
        {
          ...t,
          state: 'cancelled',
          finishedAt: Date.now(),
          uploadPercent: t.state === 'uploading' ? null : t.uploadPercent,
          retry: null,
        },
        true,
      );
      d.log.info(`${id} cancelled (was ${t.state})`);
      pump();
      return snapshot(tasks.get(id)!);
    },
    async retry(id, password) {
      const t = need(id);
      assertRetriable(t);
      const check = await checkFile(t.filePath);
      if (!check.ok) throw new CodedError(check.error!.code, check.error!.message);
      const { next, repoll } = retriedTask(t, check.size, d.settings());
      if (password) passwords.set(id, password);
      else passwords.delete(id);
      put(next, true);
      d.log.info(
        `${id} retry (${password ? 'with a password, ' : ''}${repoll ? `polling ${t.remoteTaskId} again` : `uploading again to the ${next.backend} backend`})`,
      );
      pump();
      return snapshot(next);
    },
    async restore() {
      for (const t of await loadTasks(d.dataDir, (m) => d.log.warn(m))) tasks.set(t.id, t);
      const live = [...tasks.values()].filter(isRemoteLive).length;
      d.log.info(`restored ${tasks.size} tasks (${live} to poll again)`);
      await persist.flush();
      pump();
    },
    kick: () => pump(),
    engineLost() {
      // A submitted task polls its remote task again (the engine resumes it from its data folder); one cut
      // off while uploading is uploaded again. Both ask for the engine first, which waits for the restart.
      for (const [id, ac] of [...running]) {
        const t = tasks.get(id);
        if (t?.backend !== 'local') continue;
        ac.abort();
        running.delete(id);
        if (!isRemoteLive(t))
          put({ ...t, state: 'queued', mode: null, uploadPercent: null, remoteTaskId: null, retry: null });
        d.log.warn(
          `${id} the local engine stopped: ${isRemoteLive(t) ? `polling ${t.remoteTaskId} again` : 'uploading again'} once it is back`,
        );
      }
      pump();
    },
    async close() {
      closing = true;
      for (const ac of running.values()) ac.abort();
      running.clear();
      // Let aborted jobs unwind (temp folders removed, sockets closed) before the engine stops.
      await Promise.race([Promise.allSettled([...jobs]), new Promise((r) => setTimeout(r, 5000).unref())]);
      persist.schedule();
      await persist.flush();
    },
  };
}
