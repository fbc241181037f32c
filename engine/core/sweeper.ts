// Periodic removal of expired results (TaskStore.open sweeps once at start as well).
import type { TaskStore } from './store/task-store.ts';

export function startSweeper(store: TaskStore, log: (line: string) => void): { stop(): void } {
  const every = Math.min(Math.max(store.ttlMs / 2, 1_000), 10 * 60_000);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    store
      .sweep()
      .then((n) => n > 0 && log(`removed ${n} expired task(s)`))
      .catch((e) => log(`sweep failed: ${e instanceof Error ? e.message : e}`))
      .finally(() => (busy = false));
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
