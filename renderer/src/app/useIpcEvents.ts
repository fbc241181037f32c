// The startup handshake and the one place that feeds main's push events into the stores.
// Order: subscribe first (nothing is missed), then 'app:ready', then the initial reads in parallel.
// Events that arrive while 'tasks:list' is in flight are replayed on top of the list.
import { useEffect } from 'react';
import type { EventMap } from '../../../shared/ipc-contract.ts';
import type { Task } from '../../../shared/task.ts';
import { invoke, on } from '../lib/ipc.ts';
import { watchConnection } from '../lib/connection.ts';
import { useTasks } from '../stores/tasks.ts';
import { useSettings } from '../stores/settings.ts';
import { useAppInfo } from '../stores/app.ts';
import { toast } from '../stores/ui.ts';
import { describeError } from '../i18n/errors.ts';

type TaskEvent = { kind: 'updated'; task: Task } | { kind: 'removed'; id: string };

function applyTaskEvent(e: TaskEvent): void {
  const store = useTasks.getState();
  if (e.kind === 'removed') {
    store.removeLocal(e.id);
    return;
  }
  const before = store.tasks[e.task.id];
  store.upsert(e.task);
  // A failure is worth a word even when the user looks elsewhere (another tab, another task).
  if (e.task.state === 'FAILED' && before && before.state !== 'FAILED' && e.task.error) {
    const error = e.task.error;
    toast({ key: 'app.taskFailed', vars: { name: e.task.fileName } }, 'error', (t) => describeError(error, t).title);
  }
  // A protected PDF waits for its password: said once, not as a failure.
  if (e.task.state === 'needsPassword' && before && before.state !== 'needsPassword') {
    toast({ key: 'app.taskNeedsPassword', vars: { name: e.task.fileName } }, 'warning');
  }
}

/** The local engine's process crashed: it was restarted (its tasks carry on), or it crashed too often. */
function engineStatus(e: EventMap['engine:status']): void {
  if (e.state === 'restarted') toast({ key: 'app.engineRestarted' }, 'warning', { key: 'app.engineRestarted.detail' });
  else toast({ key: 'app.engineGaveUp' }, 'error', e.message);
}

/** Runs the handshake once; returns nothing, everything lands in the stores. */
export async function startSession(): Promise<() => void> {
  let pending: TaskEvent[] | null = [];
  const route = (e: TaskEvent) => (pending ? pending.push(e) : applyTaskEvent(e));

  const unsubscribers = [
    on('task:updated', (task: EventMap['task:updated']) => route({ kind: 'updated', task })),
    on('task:removed', ({ id }: EventMap['task:removed']) => route({ kind: 'removed', id })),
    on('settings:changed', (s: EventMap['settings:changed']) => useSettings.getState().setLocal(s)),
    on('engine:status', engineStatus),
  ];
  const stop = () => {
    for (const u of unsubscribers) u();
  };

  const app = useAppInfo.getState();
  const ready = await invoke('app:ready', undefined);
  if (!ready.ok) {
    app.setPhase('failed', ready.error);
    pending = null;
    return stop;
  }
  app.setInfo(ready.value);

  const [tasks, settings, key] = await Promise.all([
    invoke('tasks:list', undefined),
    invoke('settings:get', undefined),
    invoke('key:status', undefined),
  ]);
  if (settings.ok) useSettings.getState().setLocal(settings.value);
  if (key.ok) app.setKeyStatus(key.value);
  if (tasks.ok) useTasks.getState().setAll(tasks.value);
  const replay = pending;
  pending = null;
  replay.forEach(applyTaskEvent);

  const failure = [tasks, settings].find((r) => !r.ok);
  app.setPhase(failure && !failure.ok ? 'failed' : 'ready', failure && !failure.ok ? failure.error : null);
  return stop;
}

/** After a reconnect (browser mode), events may have been missed: read the state again. */
async function resync(): Promise<void> {
  const [tasks, settings, key] = await Promise.all([
    invoke('tasks:list', undefined),
    invoke('settings:get', undefined),
    invoke('key:status', undefined),
  ]);
  if (tasks.ok) useTasks.getState().setAll(tasks.value);
  if (settings.ok) useSettings.getState().setLocal(settings.value);
  if (key.ok) useAppInfo.getState().setKeyStatus(key.value);
}

/** Mount once at the app root. */
export function useIpcEvents(): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let disposed = false;
    const unwatch = watchConnection(() => void resync());
    void startSession().then((s) => {
      if (disposed) s();
      else stop = s;
    });
    return () => {
      disposed = true;
      unwatch();
      stop?.();
    };
  }, []);
}
