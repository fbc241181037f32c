import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { canRetry, useTasks } from '../../renderer/src/stores/tasks.ts';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { toast, toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import { etaMs, progressSample, recordProgress } from '../../renderer/src/stores/progress.ts';
import { fakeApi, makeSettings, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(() => {
  resetRenderer();
  vi.useRealTimers();
});

describe('tasks store', () => {
  it('orders oldest first (as the queue runs them) and keeps arrival order for equal times', () => {
    const a = makeTask({ createdAt: 100 });
    const b = makeTask({ createdAt: 300 });
    const c = makeTask({ createdAt: 200 });
    useTasks.getState().setAll([a, b, c]);
    expect(useTasks.getState().order).toEqual([a.id, c.id, b.id]);

    const d = makeTask({ createdAt: 400 });
    const e = makeTask({ createdAt: 400 });
    useTasks.getState().upsert(d);
    useTasks.getState().upsert(e);
    expect(useTasks.getState().order).toEqual([a.id, c.id, b.id, d.id, e.id]);
    const early = makeTask({ createdAt: 150 });
    useTasks.getState().upsert(early);
    expect(useTasks.getState().order).toEqual([a.id, early.id, c.id, b.id, d.id, e.id]);
    expect(useTasks.getState().loaded).toBe(true);
  });

  it('updates a known task in place without reordering', () => {
    const a = makeTask({ createdAt: 100 });
    const b = makeTask({ createdAt: 200 });
    useTasks.getState().setAll([a, b]);
    useTasks.getState().upsert({ ...a, state: 'SUCCESS' });
    expect(useTasks.getState().order).toEqual([a.id, b.id]);
    expect(useTasks.getState().tasks[a.id]!.state).toBe('SUCCESS');
  });

  it('moves the selection to a neighbour when the selected task is removed', () => {
    const [a, b, c] = [makeTask({ createdAt: 1 }), makeTask({ createdAt: 2 }), makeTask({ createdAt: 3 })];
    useTasks.getState().setAll([a, b, c]);
    useTasks.getState().select(b.id);
    useTasks.getState().setChecked([b.id, c.id]);
    useTasks.getState().removeLocal(b.id);
    expect(useTasks.getState().selectedId).toBe(c.id);
    expect(useTasks.getState().checked).toEqual([c.id]);
    useTasks.getState().removeLocal(c.id);
    expect(useTasks.getState().selectedId).toBe(a.id);
  });

  it('keeps the multi-selection in queue order and can check all', () => {
    const [a, b, c] = [makeTask({ createdAt: 1 }), makeTask({ createdAt: 2 }), makeTask({ createdAt: 3 })];
    useTasks.getState().setAll([a, b, c]);
    useTasks.getState().toggleChecked(c.id);
    useTasks.getState().toggleChecked(a.id);
    expect(useTasks.getState().checked).toEqual([a.id, c.id]);
    useTasks.getState().toggleChecked(a.id);
    expect(useTasks.getState().checked).toEqual([c.id]);
    useTasks.getState().checkAll();
    expect(useTasks.getState().checked).toEqual([a.id, b.id, c.id]);
    useTasks.getState().clearChecked();
    expect(useTasks.getState().checked).toEqual([]);
  });

  it('keeps a selection that points outside the queue (a history item)', () => {
    useTasks.getState().select('req_fromhistory');
    useTasks.getState().setAll([makeTask()]);
    expect(useTasks.getState().selectedId).toBe('req_fromhistory');
  });
});

describe('canRetry', () => {
  const failed = (code: string) => makeTask({ state: 'FAILED', error: { code, message: code } });
  it('offers Retry for network, service-side, key and unknown failures, and for cancelled tasks', () => {
    for (const code of [
      'UNREACHABLE',
      'RATE_LIMITED',
      'HTTP_503',
      'BAD_RESPONSE',
      'PARSE_FAILED',
      'INVALID_KEY',
      'NO_QUOTA',
      'UNREADABLE',
      'ENGINE_FAILED',
      'SERVICE_1137',
      'SERVICE_1111',
      'INTERNAL',
      'SOMETHING_NEW',
      'NEEDS_LIBREOFFICE',
      'PASSWORD_REQUIRED',
      'PASSWORD_WRONG',
    ]) {
      expect(canRetry(failed(code)), code).toBe(true);
    }
    expect(canRetry(makeTask({ state: 'cancelled' }))).toBe(true);
  });
  it('not for problems in the file that another try cannot change', () => {
    for (const code of [
      'EMPTY',
      'TOO_LARGE',
      'UNSUPPORTED',
      'MISMATCH',
      'SERVICE_1104',
      'SERVICE_1106',
      'SERVICE_1118',
      'SERVICE_1132',
    ]) {
      expect(canRetry(failed(code)), code).toBe(false);
    }
  });
  it('not while a task is queued, running or done', () => {
    for (const state of ['queued', 'uploading', 'QUEUING', 'PROCESSING', 'SUCCESS'] as const)
      expect(canRetry(makeTask({ state }))).toBe(false);
  });
});

describe('settings store', () => {
  it('applies a change optimistically and takes main’s answer', async () => {
    const api = fakeApi({ 'settings:set': (patch) => makeSettings({ ...patch, concurrency: 3 }) });
    setApi(api);
    useSettings.getState().setLocal(makeSettings());
    const pending = useSettings.getState().update({ theme: 'dark' });
    expect(useSettings.getState().settings!.theme).toBe('dark');
    expect(useSettings.getState().saving).toBe(true);
    expect(await pending).toBeNull();
    expect(api.callsTo('settings:set')).toEqual([{ theme: 'dark' }]);
    expect(useSettings.getState().settings!.concurrency).toBe(3);
  });

  it('rolls back and reports when main refuses', async () => {
    setApi(fakeApi({ 'settings:set': () => ({ code: 'INVALID_URL', message: 'bad url' }) }));
    useSettings.getState().setLocal(makeSettings());
    const error = await useSettings.getState().update({ cloudBaseUrl: 'ftp://x' });
    expect(error?.code).toBe('INVALID_URL');
    expect(useSettings.getState().settings!.cloudBaseUrl).toBe('https://somark.cn/api/v1');
    const [t] = useUi.getState().toasts;
    expect(t?.kind).toBe('error');
    expect(toastLines(t!).detail).toContain('bad url');
  });
});

describe('toasts', () => {
  it('stacks at most five and expires them', () => {
    vi.useFakeTimers();
    for (let i = 0; i < 7; i++) toast({ key: 'toast.summary', vars: { n: i } }, 'info');
    expect(useUi.getState().toasts.map((t) => toastLines(t).message)).toEqual([
      '2 notifications',
      '3 notifications',
      '4 notifications',
      '5 notifications',
      '6 notifications',
    ]);
    vi.advanceTimersByTime(4001);
    expect(useUi.getState().toasts).toEqual([]);
  });
});

describe('progress and ETA', () => {
  it('estimates from the observed page rate and counts down within a page', () => {
    const task = makeTask({ state: 'PROCESSING', progress: { pages_done: 2, pages_total: 10 } });
    recordProgress(task, 0);
    expect(etaMs(progressSample(task.id), 0)).toBeNull(); // no rate yet
    recordProgress({ ...task, progress: { pages_done: 6, pages_total: 10 } }, 8000); // 2 s per page
    expect(etaMs(progressSample(task.id), 8000)).toBe(8000);
    expect(etaMs(progressSample(task.id), 9000)).toBe(7000);
  });

  it('grows when the task stalls and never claims zero with pages left', () => {
    const task = makeTask({ state: 'PROCESSING', progress: { pages_done: 0, pages_total: 5 } });
    recordProgress(task, 0);
    recordProgress({ ...task, progress: { pages_done: 2, pages_total: 5 } }, 2000); // 1 s per page
    expect(etaMs(progressSample(task.id), 2500)).toBe(2500);
    const stalled = etaMs(progressSample(task.id), 20_000)!;
    expect(stalled).toBeGreaterThan(2500);
    expect(etaMs(progressSample(task.id), 60_000)!).toBeGreaterThan(stalled);

    recordProgress({ ...task, progress: { pages_done: 4, pages_total: 5 } }, 61_000);
    expect(etaMs(progressSample(task.id), 500_000)).toBeGreaterThanOrEqual(1000);
    recordProgress({ ...task, state: 'SUCCESS' }, 600_000);
    expect(progressSample(task.id)).toBeUndefined();
  });
});
