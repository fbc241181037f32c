// A task's attempts: why one was made again (the retry record), the wait before the next one, and the
// task's work time over all its runs. Pure types and arithmetic, shared by main and renderer.
import type { AppError } from './result.ts';
import type { Task } from './task.ts';

/** Why an attempt was made again: the engine restarted (it lost or resumed the task), the connection
 *  dropped, the service answered an error or took too long, or the service reported the task FAILED. */
export type RetryCause =
  | 'engineRestarted'
  | 'connectionLost'
  | 'timeout'
  | 'serverError'
  | 'rateLimited'
  | 'remoteFailed'
  | 'other';

export interface RetryRecord {
  /** The attempt this retry began (2 = the first retry). */
  attempt: number;
  cause: RetryCause;
  /** The error behind it, for "Details". */
  reason: AppError;
  at: number;
}

/** Work time of a task (banked runs plus the current one), or null before it ever started. */
export function workMs(t: Pick<Task, 'workedMs' | 'startedAt' | 'finishedAt'>, now: number): number | null {
  if (t.startedAt === null && t.workedMs === undefined) return null;
  return (t.workedMs ?? 0) + (t.startedAt === null ? 0 : Math.max(0, (t.finishedAt ?? now) - t.startedAt));
}

export interface RetryInfo {
  /** The attempt that comes after the wait (2 = the first retry). */
  attempt: number;
  /** Attempts this request gets in all (1 + the retries). */
  max: number;
  /** Why the last attempt failed. */
  reason: AppError;
  /** When the next attempt starts (epoch ms). */
  nextAt: number;
}
