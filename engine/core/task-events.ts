// Notifications of a task reaching its end (SUCCESS, FAILED, or cut off by a stop), so a sync request
// or a long-polled async_check wakes up at once instead of polling. A hold (long poll) is also released
// by its time bound, the caller's abort signal (client gone) or the engine closing; every wait removes
// its listener when it ends.
import type { TaskRecord } from './store/task-record.ts';

type Listener = (rec: TaskRecord) => void;

export class TaskEvents {
  #listeners = new Map<string, Set<Listener>>();
  #closing = new AbortController();

  /** Calls back once when the task settles; the answer unsubscribes. */
  subscribe(id: string, cb: Listener): () => void {
    let set = this.#listeners.get(id);
    if (!set) this.#listeners.set(id, (set = new Set()));
    set.add(cb);
    return () => {
      set.delete(cb);
      if (set.size === 0 && this.#listeners.get(id) === set) this.#listeners.delete(id);
    };
  }

  /** The task ended (or stopped with the engine): wakes everyone waiting for it. */
  settle(rec: TaskRecord): void {
    const set = this.#listeners.get(rec.task_id);
    this.#listeners.delete(rec.task_id);
    for (const cb of set ?? []) cb(rec);
  }

  /** Resolves with the record once the task settles (the engine settles every task it runs, also on stop). */
  next(id: string): Promise<TaskRecord> {
    return new Promise((resolve) => this.subscribe(id, resolve));
  }

  /**
   * Waits until the task settles, `ms` pass, `signal` aborts or the engine closes, whichever comes
   * first. Never rejects.
   */
  hold(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    const closing = this.#closing.signal;
    if (ms <= 0 || signal?.aborted || closing.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', done);
        closing.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      const unsubscribe = this.subscribe(id, done);
      signal?.addEventListener('abort', done, { once: true });
      closing.addEventListener('abort', done, { once: true });
    });
  }

  /** Waits of every kind still pending (all tasks). */
  get pending(): number {
    let n = 0;
    for (const s of this.#listeners.values()) n += s.size;
    return n;
  }

  /** Releases every hold now and makes later holds answer at once (sync waits still get their task's end). */
  releaseHolds(): void {
    this.#closing.abort();
  }
}
