// The queue's work clock and retry record (queue/clock.ts, persist.ts revive): a retry's wait and the time
// the app was closed are not work; a local task the engine runs again after a restart is attempt n+1.
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/task.ts';
import { workMs } from '../../../shared/task-retry.ts';
import { recordRetry, retryCause, tick } from '../../../electron/services/queue/clock.ts';
import { revive } from '../../../electron/services/queue/persist.ts';

const base = (over: Partial<Task> = {}): Task => ({
  id: 'req_clock0000001',
  remoteTaskId: null,
  fileName: 'a.pdf',
  filePath: '/x/a.pdf',
  size: 1,
  pages: 1,
  fileType: '.pdf',
  backend: 'local',
  baseUrl: '',
  requestedMode: 'auto',
  mode: 'async',
  formats: ['markdown'],
  featureConfig: {},
  state: 'uploading',
  uploadPercent: 0,
  progress: null,
  attempts: 1,
  error: null,
  createdAt: 0,
  startedAt: 1000,
  finishedAt: null,
  resultBytes: null,
  parentId: null,
  retry: null,
  ...over,
});
const wait = { attempt: 2, max: 5, reason: { code: 'UNREACHABLE', message: 'x' }, nextAt: 0 };

describe('work clock', () => {
  it('stops while a retry waits and runs again when work goes on', () => {
    let t = base();
    t = tick(t, { ...t, retry: wait }, 4000); // 3 s of work, then a wait
    expect(t).toMatchObject({ startedAt: null, workedMs: 3000 });
    t = tick(t, { ...t, retry: null, state: 'uploading' }, 10_000); // 6 s later the next attempt starts
    expect(t.startedAt).toBe(10_000);
    t = { ...t, state: 'SUCCESS', finishedAt: 12_000 };
    expect(workMs(t, 99_999)).toBe(5000);
  });

  it('a failed task keeps its work time (not 0, not null)', () => {
    const t = tick(base(), { ...base(), retry: wait }, 2500);
    const failed: Task = { ...t, state: 'FAILED', finishedAt: 9000 };
    expect(workMs(failed, 9000)).toBe(1500);
  });

  it('a restart banks the run up to the last save and says the engine restarted', () => {
    const t = revive(base({ state: 'PROCESSING', remoteTaskId: 'r1', startedAt: 1000 }), 5000);
    expect(t).toMatchObject({
      startedAt: null,
      workedMs: 4000,
      attempts: 2,
      retries: [{ attempt: 2, cause: 'engineRestarted' }],
    });
    const cloud = revive(base({ backend: 'cloud', state: 'PROCESSING', remoteTaskId: 'r1', startedAt: 1000 }), 5000);
    expect(cloud).toMatchObject({ workedMs: 4000, attempts: 1 });
    expect(cloud.retries ?? []).toEqual([]);
  });
});

describe('retry record', () => {
  it('one record per attempt, the cause from the error', () => {
    let t = base();
    t = recordRetry(
      t,
      2,
      retryCause({ code: 'UNREACHABLE', message: 'Cannot reach h (ECONNREFUSED)' }),
      wait.reason,
      1,
    );
    t = recordRetry(t, 2, 'serverError', wait.reason, 2); // the same attempt: the first cause stays
    t = recordRetry(t, 3, retryCause({ code: 'HTTP_503', message: '' }), wait.reason, 3);
    expect(t.retries!.map((r) => [r.attempt, r.cause])).toEqual([
      [2, 'connectionLost'],
      [3, 'serverError'],
    ]);
    expect(retryCause({ code: 'UNREACHABLE', message: 'Cannot reach h (ETIMEDOUT)' })).toBe('timeout');
    expect(retryCause({ code: 'RATE_LIMITED', message: '' })).toBe('rateLimited');
  });
});
