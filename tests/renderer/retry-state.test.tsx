// While main waits to try a request again (task.retry set), the queue row and the task panel say so:
// "Retrying" in the badge, a live countdown with the attempt and the translated reason, no stale
// upload percent (failures a retry cannot fix: failed-task.test.tsx).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Task } from '../../shared/task.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { StatusPanel } from '../../renderer/src/features/task/StatusPanel.tsx';
import '../../renderer/src/features/task/messages.ts';
import { makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';
import { row, UNREACHABLE } from './retry-support.tsx';

afterEach(() => {
  resetRenderer();
  vi.useRealTimers();
});

const T0 = 1_750_000_000_000;

function retrying(over: Partial<Task> = {}): Task {
  return makeTask({
    state: 'uploading',
    uploadPercent: 0,
    startedAt: T0 - 2000,
    attempts: 1,
    backend: 'cloud',
    retry: { attempt: 2, max: 5, reason: UNREACHABLE, nextAt: T0 + 3000 },
    ...over,
  });
}

describe('a task waiting to retry', () => {
  it('the row says Retrying with a live countdown, the attempt and the reason; no progress bar', () => {
    vi.useFakeTimers({ now: T0 });
    row(retrying());
    expect(screen.getByTestId('status-badge').textContent).toBe('Retrying');
    expect(screen.queryByRole('progressbar')).toBeNull(); // not "Uploading 3%"
    const line = screen.getByTestId('row-retry');
    expect(line.textContent).toBe(
      'Retrying in 3 s (attempt 2 of 5): Could not reach 127.0.0.1:4010: the connection was refused (nothing listens at that address, or a firewall blocks it)',
    );
    expect(line.getAttribute('title')).toContain('ECONNREFUSED');
    act(() => void vi.advanceTimersByTime(1000));
    expect(line.textContent).toMatch(/^Retrying in 2 s \(attempt 2 of 5\)/);
    act(() => void vi.advanceTimersByTime(2000));
    expect(line.textContent).toMatch(
      /^Retrying now \(attempt 2 of 5\): Could not reach 127\.0\.0\.1:4010: the connection was refused/,
    );
    expect(screen.getByRole('button', { name: /^Cancel / })).toBeTruthy();
  });

  it('progress clears it: the row shows the upload percent again', () => {
    vi.useFakeTimers({ now: T0 });
    row(retrying({ retry: null, uploadPercent: 40 }));
    expect(screen.getByTestId('status-badge').textContent).toContain('Uploading 40%');
    expect(screen.queryByTestId('row-retry')).toBeNull();
  });

  it('a rate limit while polling, in Chinese', () => {
    vi.useFakeTimers({ now: T0 });
    setLocale('zh-CN');
    const reason = { code: 'RATE_LIMITED', message: 'The service is rate-limiting requests (code 1124)' };
    row(retrying({ state: 'PROCESSING', retry: { attempt: 3, max: 5, reason, nextAt: T0 + 8000 } }));
    expect(screen.getByTestId('status-badge').textContent).toBe('重试中');
    expect(screen.getByTestId('row-retry').textContent).toMatch(/^8 秒后重试（第 3 次，共 5 次）：/);
  });

  it('the task panel shows the countdown and the reason, the raw message folded under its code', () => {
    vi.useFakeTimers({ now: T0 });
    render(<StatusPanel task={retrying()} />);
    const card = screen.getByTestId('progress-card');
    expect(card.textContent).toContain('Retrying');
    const note = screen.getByTestId('retry-note');
    expect(note.textContent).toContain(
      'Retrying in 3 s (attempt 2 of 5): Could not reach 127.0.0.1:4010: the connection was refused',
    );
    // The raw message says the reason again in other words: it folds under its code, for support.
    expect(screen.getByText(/127\.0\.0\.1:4010 \(ECONNREFUSED\)/).closest('details')?.open).toBe(false);
    expect(note.querySelector('summary')?.textContent).toBe('Details · Code UNREACHABLE');
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => void vi.advanceTimersByTime(1000));
    expect(note.textContent).toContain('Retrying in 2 s');
  });

  it('a final state shows no retry even if one was left on the task', () => {
    row(retrying({ state: 'FAILED', error: UNREACHABLE, finishedAt: T0 }));
    expect(screen.queryByTestId('row-retry')).toBeNull();
    expect(screen.getByTestId('status-badge').textContent).toBe('Failed');
  });
});
