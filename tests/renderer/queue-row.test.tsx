import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Task } from '../../shared/task.ts';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { QueueRow } from '../../renderer/src/features/queue/QueueRow.tsx';
import { recordProgress } from '../../renderer/src/stores/progress.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { fakeApi, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

function renderRow(task: Task, extra: { selected?: boolean; checked?: boolean } = {}) {
  const selected: string[] = [];
  const toggled: [string, boolean][] = [];
  const view = render(
    <QueueRow
      task={task}
      index={0}
      total={1}
      selected={extra.selected ?? false}
      checked={extra.checked ?? false}
      onSelect={(id) => selected.push(id)}
      onToggleChecked={(id, on) => toggled.push([id, on])}
    />,
  );
  return { ...view, row: screen.getByTestId('queue-row'), selected, toggled };
}

describe('QueueRow', () => {
  it('shows name, human size, pages, backend and mode for a queued task', () => {
    const { row } = renderRow(makeTask({ fileName: 'report.pdf', size: 5 * 1024 * 1024, pages: 12 }));
    expect(row.textContent).toContain('report.pdf');
    expect(row.textContent).toContain('Queued');
    expect(row.textContent).toContain('5.0 MB · 12 p. · Local engine');
    expect(row.getAttribute('title')).toContain('Answer: chosen by size when sent');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(row.getAttribute('data-state')).toBe('queued');
  });

  it('shows upload percent with a progress bar', () => {
    renderRow(makeTask({ state: 'uploading', uploadPercent: 42.4, startedAt: Date.now() - 5000 }));
    expect(screen.getByTestId('status-badge').textContent).toContain('Uploading 42%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
  });

  it('shows service queueing and then pages while processing, with an ETA once a rate is known', () => {
    const base = makeTask({ state: 'QUEUING', mode: 'async', remoteTaskId: 'task_9', startedAt: Date.now() });
    const { rerender } = renderRow(base);
    expect(screen.getByTestId('status-badge').textContent).toContain('In service queue');
    expect(screen.getByTestId('queue-row').getAttribute('title')).toContain('answered in the background');
    expect(screen.getByTestId('queue-row').textContent).not.toContain('Async');

    const now = Date.now();
    const processing = { ...base, state: 'PROCESSING' as const, progress: { pages_done: 1, pages_total: 10 } };
    recordProgress(processing, now - 4000);
    const later = { ...processing, progress: { pages_done: 3, pages_total: 10 } };
    recordProgress(later, now);
    rerender(
      <QueueRow
        task={later}
        index={0}
        total={1}
        selected={false}
        checked={false}
        onSelect={() => {}}
        onToggleChecked={() => {}}
      />,
    );
    const badge = screen.getByTestId('status-badge').textContent!;
    expect(badge).toContain('Processing 3/10');
    expect(badge).toMatch(/~1\d s left/); // 2 s per page × 7 pages
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
  });

  it('shows a finished task with its elapsed time, frozen', () => {
    const { row } = renderRow(makeTask({ state: 'SUCCESS', startedAt: 1000, finishedAt: 1000 + 83_000, mode: 'sync' }));
    expect(row.textContent).toContain('Done');
    expect(row.textContent).toContain('1 min 23 s');
    expect(row.getAttribute('title')).toContain('Answer: answered directly');
  });

  it('words the elapsed time in the UI language, as the detail header does', () => {
    setLocale('zh-CN');
    const { row } = renderRow(makeTask({ state: 'SUCCESS', startedAt: 1000, finishedAt: 1000 + 9_800 }));
    expect(row.querySelector('.row-elapsed')?.textContent).toBe('9.8 秒');
  });

  it('shows the translated failure reason and offers retry, not cancel', () => {
    const task = makeTask({ state: 'FAILED', error: { code: 'SERVICE_1137', message: 'worker crashed' } });
    const { row } = renderRow(task);
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('The service could not process the document');
    expect(screen.getByRole('button', { name: `Retry ${task.fileName}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Cancel ${task.fileName}` })).toBeNull();
  });

  it('offers cancel while active and retry when cancelled', () => {
    const active = makeTask({ state: 'PROCESSING' });
    const { unmount } = renderRow(active);
    expect(screen.getByRole('button', { name: `Cancel ${active.fileName}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Retry ${active.fileName}` })).toBeNull();
    unmount();
    const cancelled = makeTask({ state: 'cancelled' });
    renderRow(cancelled);
    expect(screen.getByTestId('status-badge').textContent).toContain('Cancelled');
    expect(screen.getByRole('button', { name: `Retry ${cancelled.fileName}` })).toBeTruthy();
  });

  it('puts both ids in the tooltip for traceability', () => {
    const { row } = renderRow(makeTask({ id: 'req_abc123', remoteTaskId: 'remote-77' }));
    expect(row.getAttribute('title')).toContain('req_abc123');
    expect(row.getAttribute('title')).toContain('remote-77');
  });

  it('selects on click and toggles its checkbox without selecting', () => {
    const task = makeTask();
    const { row, selected, toggled } = renderRow(task);
    fireEvent.click(row);
    expect(selected).toEqual([task.id]);
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${task.fileName}` }));
    expect(toggled).toEqual([[task.id, true]]);
    expect(selected).toHaveLength(1);
  });

  it('retry and cancel go to main and the answer updates the store', async () => {
    const failed = makeTask({ state: 'FAILED', error: { code: 'UNREACHABLE', message: 'ECONNREFUSED' } });
    const api = fakeApi({ 'tasks:retry': ({ id }) => ({ ...failed, id, state: 'queued', error: null }) });
    setApi(api);
    useTasks.getState().setAll([failed]);
    renderRow(failed);
    fireEvent.click(screen.getByRole('button', { name: `Retry ${failed.fileName}` }));
    await waitFor(() => expect(useTasks.getState().tasks[failed.id]!.state).toBe('queued'));
    expect(api.callsTo('tasks:retry')).toEqual([{ id: failed.id }]);
  });

  it('renders in Chinese', () => {
    setLocale('zh-CN');
    const { row } = renderRow(makeTask({ state: 'FAILED', pages: 2, error: { code: 'EMPTY', message: '' } }));
    expect(row.textContent).toContain('失败');
    expect(row.textContent).toContain('文件为空');
  });
});
