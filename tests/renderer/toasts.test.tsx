// Toasts follow the language: a burst of failures folded into one summary, then the language switched
// in settings while it is up — the summary, its latest line and every expanded toast read in the new
// language (the toast keeps message keys and the error, not the words of the moment it was raised).
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { App } from '../../renderer/src/App.tsx';
import { toast, toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import type { KeyStatus } from '../../shared/task.ts';
import { fakeApi, makeSettings, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(() => {
  localStorage.clear();
  resetRenderer();
});

const noKey: KeyStatus = { set: false, last4: null, storage: 'none', keychainAvailable: true, keychainError: null };

describe('toasts', () => {
  it('a grouped toast and its expanded toasts switch language with the app', async () => {
    const names = ['a.pdf', 'b.pdf', 'c.pdf'];
    const tasks = names.map((fileName, i) =>
      makeTask({ id: `req_${i}`, fileName, state: 'PROCESSING', createdAt: 1000 + i }),
    );
    const api = fakeApi({
      'app:ready': () => ({ version: '0.1.0', transport: 'web', platform: 'linux', locale: 'en-US', dataDir: '/data' }),
      'tasks:list': () => tasks,
      'settings:get': () => makeSettings({ language: 'en' }),
      'key:status': () => noKey,
    });
    setApi(api);
    render(<App />);
    await waitFor(() => expect(useTasks.getState().order).toHaveLength(3));
    const codes = ['SERVICE_1123', 'UNREACHABLE', 'SOMETHING_NEW'];
    act(() => {
      for (const [i, task] of tasks.entries())
        api.emit('task:updated', { ...task, state: 'FAILED', error: { code: codes[i]!, message: '' } });
    });

    const summary = await screen.findByTestId('toast-summary');
    expect(summary.textContent).toContain('3 notifications · 3 failed');
    expect(summary.textContent).toContain('Latest: c.pdf failed');

    act(() => api.emit('settings:changed', makeSettings({ language: 'zh-CN' })));
    await waitFor(() => expect(screen.getByTestId('toast-summary').textContent).toContain('3 条通知 · 3 条失败'));
    expect(screen.getByTestId('toast-summary').textContent).toContain('最新：c.pdf 解析失败');

    fireEvent.click(screen.getByRole('button', { name: '全部显示' }));
    const lines = () => screen.getAllByTestId('toast').map((el) => el.textContent);
    expect(lines()).toEqual([
      'a.pdf 解析失败套餐剩余页数已用完',
      'b.pdf 解析失败无法连接到服务，请检查地址和网络',
      'c.pdf 解析失败出现问题（错误码 SOMETHING_NEW）',
    ]);
    expect(screen.getAllByRole('button', { name: '忽略' })).toHaveLength(3);

    act(() => api.emit('settings:changed', makeSettings({ language: 'en' })));
    await waitFor(() => expect(lines()[0]).toBe('a.pdf failedNo pages left on your plan'));
    expect(lines()[2]).toBe('c.pdf failedSomething went wrong (code SOMETHING_NEW)');
  });

  it('keeps language-neutral detail (a path) as it is', () => {
    toast({ key: 'export.exported', vars: { name: 'out.md' } }, 'success', '/tmp/out.md');
    const [t] = useUi.getState().toasts;
    expect(toastLines(t!)).toEqual({ message: 'Exported out.md', detail: '/tmp/out.md' });
  });

  it('says when the local engine restarted, or gave up, in English and Chinese', async () => {
    const api = fakeApi({
      'app:ready': () => ({ version: '0.1.0', transport: 'web', platform: 'linux', locale: 'en-US', dataDir: '/data' }),
      'tasks:list': () => [],
      'settings:get': () => makeSettings({ language: 'en' }),
      'key:status': () => noKey,
    });
    setApi(api);
    render(<App />);
    await waitFor(() => expect(api.callsTo('settings:get')).toHaveLength(1)); // subscribed before app:ready
    act(() => api.emit('engine:status', { state: 'restarted', crashes: 1, message: null }));
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toBe(
        'The local engine stopped unexpectedly and was restartedYour tasks carry on where they were.',
      ),
    );
    act(() => api.emit('settings:changed', makeSettings({ language: 'zh-CN' })));
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toBe('本地引擎意外停止，已重新启动您的任务将从中断处继续。'),
    );
    act(() => api.emit('engine:status', { state: 'failed', crashes: 0, message: 'it stopped 5 times in 5 min' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').map((el) => el.textContent)).toContain(
        '本地引擎反复停止，已不再重新启动it stopped 5 times in 5 min',
      ),
    );
  });
});
