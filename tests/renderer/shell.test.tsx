import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { App } from '../../renderer/src/App.tsx';
import { useUi } from '../../renderer/src/stores/ui.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import type { KeyStatus, Settings, Task } from '../../shared/task.ts';
import { fakeApi, makeSettings, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(() => {
  localStorage.clear();
  resetRenderer();
});

const noKey: KeyStatus = { set: false, last4: null, storage: 'none', keychainAvailable: true, keychainError: null };

function boot(tasks: Task[], settings: Partial<Settings> = {}) {
  const api = fakeApi({
    'app:ready': () => ({ version: '0.1.0', transport: 'web', platform: 'linux', locale: 'en-US', dataDir: '/data' }),
    'tasks:list': () => tasks,
    'settings:get': () => makeSettings(settings),
    'key:status': () => noKey,
    'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/data' }),
  });
  setApi(api);
  render(<App />);
  return api;
}

describe('app shell', () => {
  it('shows the backend and where files go, and opens settings from the indicator', async () => {
    boot([]);
    const indicator = await screen.findByTestId('backend-indicator');
    expect(indicator.textContent).toContain('Local engine');
    expect(indicator.textContent).toContain('Files stay on this computer');
    expect(screen.queryByTestId('no-key-chip')).toBeNull();
    fireEvent.click(indicator);
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('settings-view')).toBeTruthy();
  });

  it('warns when the cloud backend has no key', async () => {
    boot([], { backend: 'cloud', cloudBaseUrl: 'https://somark.ai/api/v1' });
    expect((await screen.findByTestId('backend-indicator')).textContent).toContain('Files are uploaded to somark.ai');
    expect(screen.getByTestId('no-key-chip').textContent).toBe('No API key');
  });

  it('counts active tasks on the Queue tab and moves between tabs with the arrow keys', async () => {
    boot([makeTask({ state: 'PROCESSING' }), makeTask({ state: 'queued' }), makeTask({ state: 'SUCCESS' })]);
    const queueTab = screen.getByRole('tab', { name: /Queue/ });
    await waitFor(() => expect(queueTab.textContent).toContain('2'));
    queueTab.focus();
    fireEvent.keyDown(queueTab, { key: 'ArrowDown' });
    expect(useUi.getState().tab).toBe('history');
    expect(document.activeElement?.id).toBe('tab-history');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(useUi.getState().tab).toBe('queue');
  });

  it('shows the status panel of a failed task with its reason and ids', async () => {
    const failed = makeTask({
      state: 'FAILED',
      fileName: 'broken.pdf',
      remoteTaskId: 'rt-42',
      attempts: 3,
      error: { code: 'SERVICE_1137', message: 'worker crashed on page 7' },
    });
    boot([failed]);
    fireEvent.click(await screen.findByText('broken.pdf'));
    const error = await screen.findByTestId('task-error');
    expect(error.textContent).toContain('The service could not process the document');
    expect(error.textContent).toContain('worker crashed on page 7');
    expect(error.textContent).toContain('3 attempts');
    expect(screen.getByTestId('detail-ids').textContent).toContain(failed.id);
    expect(screen.getByTestId('detail-ids').textContent).toContain('rt-42');
  });

  it('shows a banner when the app cannot start', async () => {
    setApi(fakeApi({ 'app:ready': () => ({ code: 'DISCONNECTED', message: 'no socket' }) }));
    render(<App />);
    const banner = await screen.findByTestId('startup-error');
    expect(banner.textContent).toContain('Lost the connection');
    // The error box's shape: the way out under the sentence, the raw message folded under its code.
    expect(screen.getByTestId('startup-fix').textContent).toBe('Reload; if it fails again, quit and restart the app.');
    expect(banner.textContent).not.toContain('—');
    const trace = banner.querySelector('details.error-trace') as HTMLDetailsElement;
    expect(trace.open).toBe(false);
    expect(trace.querySelector('summary')!.textContent).toBe('Details · Code DISCONNECTED');
    expect(trace.textContent).toContain('no socket');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Loading…'), 'the queue never loads: no endless "Loading…" under the banner').toBeNull();
  });

  it('resizes the queue pane from the keyboard and remembers the width', async () => {
    boot([makeTask()]);
    const sep = await screen.findByRole('separator', { name: 'Resize the queue' });
    expect(sep.getAttribute('aria-valuenow')).toBe('400');
    fireEvent.keyDown(sep, { key: 'ArrowLeft' });
    expect(sep.getAttribute('aria-valuenow')).toBe('384');
    fireEvent.keyDown(sep, { key: 'Home' });
    expect(sep.getAttribute('aria-valuenow')).toBe('280');
    expect(localStorage.getItem('docparse.queueWidth')).toBe('280');
  });

  it('offers no "Show the queue" button while the queue is empty (it cannot be hidden then)', async () => {
    useUi.setState({ queueCollapsed: true });
    boot([]);
    await waitFor(() => expect(useTasks.getState().loaded).toBe(true));
    expect(screen.getByTestId('queue-empty')).toBeTruthy();
    expect(screen.getByTestId('detail-empty')).toBeTruthy();
    expect(screen.queryByTestId('queue-expand')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide the queue' })).toBeNull();
  });

  it('hides the queue and brings it back with one control each, the focus following', async () => {
    boot([makeTask({ state: 'FAILED', error: { code: 'EMPTY', message: '' } })]);
    await waitFor(() => expect(useTasks.getState().loaded).toBe(true));
    fireEvent.click(screen.getAllByTestId('queue-row')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the queue' }));
    expect(screen.queryByTestId('queue-list')).toBeNull();
    // Collapsed: the rail's button is the one way back (the detail header had a second one beside it).
    expect(screen.getAllByRole('button', { name: /queue/i })).toHaveLength(1);
    const rail = screen.getByRole('button', { name: 'Queue' });
    expect(rail.getAttribute('title')).toBe('Show the queue (1 document)');
    expect(rail.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(rail));
    fireEvent.click(rail);
    expect(screen.getByTestId('queue-list')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide the queue' })));
  });

  it('a hidden queue with nothing selected shows only the rail to bring it back', async () => {
    useUi.setState({ queueCollapsed: true });
    boot([makeTask()]);
    await waitFor(() => expect(useTasks.getState().loaded).toBe(true));
    expect(screen.getByTestId('detail-empty')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /queue/i })).toHaveLength(1);
  });
});
