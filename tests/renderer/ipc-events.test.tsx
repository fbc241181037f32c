// The renderer's IPC wiring (useIpcEvents) against a fake RendererApi: the startup handshake, events from
// main into the stores, and the reload after a lost connection.
import { afterEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { startSession, useIpcEvents } from '../../renderer/src/app/useIpcEvents.ts';
import { setConnectionSource, type ConnectionStatus } from '../../renderer/src/lib/connection.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import type { Task } from '../../shared/task.ts';
import { fakeApi, makeSettings, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(() => {
  setConnectionSource(null);
  resetRenderer();
});

const info = { version: '0.1.0', transport: 'web' as const, platform: 'linux', locale: 'en-US', dataDir: '/data' };
const keyStatus = {
  set: true,
  last4: '1234',
  storage: 'keychain' as const,
  keychainAvailable: true,
  keychainError: null,
};

/** Mounts the app's IPC event wiring alone. */
function Probe() {
  useIpcEvents();
  return null;
}

describe('startup handshake', () => {
  it('says ready, then loads tasks, settings and key status into the stores', async () => {
    const task = makeTask();
    const api = fakeApi({
      'app:ready': () => info,
      'tasks:list': () => [task],
      'settings:get': () => makeSettings({ theme: 'dark' }),
      'key:status': () => keyStatus,
    });
    setApi(api);
    await startSession();
    expect(api.calls.map((c) => c.channel)).toEqual(['app:ready', 'tasks:list', 'settings:get', 'key:status']);
    expect(useAppInfo.getState().info).toEqual(info);
    expect(useAppInfo.getState().keyStatus?.last4).toBe('1234');
    expect(useAppInfo.getState().phase).toBe('ready');
    expect(useSettings.getState().settings?.theme).toBe('dark');
    expect(useTasks.getState().order).toEqual([task.id]);
  });

  it('replays events that arrive while the list is loading on top of it', async () => {
    const a = makeTask({ state: 'PROCESSING' });
    const b = makeTask();
    let releaseList: (tasks: Task[]) => void = () => {};
    const api = fakeApi({
      'app:ready': () => info,
      'tasks:list': () => new Promise<Task[]>((r) => (releaseList = r)),
      'settings:get': () => makeSettings(),
      'key:status': () => keyStatus,
    });
    setApi(api);
    const session = startSession();
    await waitFor(() => expect(api.callsTo('tasks:list')).toHaveLength(1));
    api.emit('task:updated', { ...a, state: 'SUCCESS' });
    api.emit('task:removed', { id: b.id });
    releaseList([a, b]); // the list was read before those events
    await session;
    expect(useTasks.getState().tasks[a.id]?.state).toBe('SUCCESS');
    expect(useTasks.getState().tasks[b.id]).toBeUndefined();

    api.emit('task:updated', makeTask({ id: 'req_new', createdAt: a.createdAt + 10 }));
    expect(useTasks.getState().order.at(-1)).toBe('req_new');
    api.emit('settings:changed', makeSettings({ language: 'zh-CN' }));
    expect(useSettings.getState().settings?.language).toBe('zh-CN');
  });

  it('announces a task that fails while the app runs, once', async () => {
    const task = makeTask({ fileName: 'scan.pdf', state: 'PROCESSING' });
    const api = fakeApi({
      'app:ready': () => info,
      'tasks:list': () => [task],
      'settings:get': () => makeSettings(),
      'key:status': () => keyStatus,
    });
    setApi(api);
    await startSession();
    const failed = { ...task, state: 'FAILED' as const, error: { code: 'SERVICE_1123', message: 'quota' } };
    api.emit('task:updated', failed);
    api.emit('task:updated', { ...failed, attempts: 2 });
    const toasts = useUi.getState().toasts;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.kind).toBe('error');
    expect(toastLines(toasts[0]!)).toEqual({ message: 'scan.pdf failed', detail: 'No pages left on your plan' });
  });

  it('reports a failed start', async () => {
    setApi(fakeApi({ 'app:ready': () => ({ code: 'DISCONNECTED', message: 'socket closed' }) }));
    await startSession();
    expect(useAppInfo.getState().phase).toBe('failed');
    expect(useAppInfo.getState().startupError?.code).toBe('DISCONNECTED');
  });

  it('reads the state again after the transport reconnects, and unsubscribes on unmount', async () => {
    let push: (s: ConnectionStatus) => void = () => {};
    let watching = 0;
    setConnectionSource((listener) => {
      push = listener;
      watching++;
      return () => watching--;
    });
    const api = fakeApi({
      'app:ready': () => info,
      'tasks:list': () => [],
      'settings:get': () => makeSettings(),
      'key:status': () => keyStatus,
    });
    setApi(api);
    const view = render(<Probe />);
    await waitFor(() => expect(useAppInfo.getState().phase).toBe('ready'));
    const later = makeTask();
    api.handle('tasks:list', () => [later]);
    push('closed');
    push('open');
    await waitFor(() => expect(useTasks.getState().order).toEqual([later.id]));
    expect(api.callsTo('tasks:list')).toHaveLength(2);
    view.unmount();
    expect(watching).toBe(0);
    api.emit('task:updated', makeTask({ id: 'req_after_unmount' }));
    expect(useTasks.getState().tasks.req_after_unmount).toBeUndefined();
  });
});
