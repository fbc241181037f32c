// A task's work clock and retry record: elapsed time counts work, not downtime (a retry's wait, the time the
// app was closed or crashed), and every attempt after the first says why it was made ("attempt 2: connection
// lost"). Pure functions over Task, applied by the queue to every update (task-queue.ts) and at restart (persist.ts).
import type { AppError } from '../../../shared/result.ts';
import type { Task } from '../../../shared/task.ts';
import type { RetryCause, RetryRecord } from '../../../shared/task-retry.ts';

/** The most retry records a task keeps (the newest). */
const MAX_RECORDS = 20;

const working = (t: Task): boolean => t.state === 'uploading' || t.state === 'QUEUING' || t.state === 'PROCESSING';

/** Moves the time since startedAt into workedMs and stops the clock (startedAt null). */
export function bank(t: Task, until: number): Task {
  if (t.startedAt === null) return t;
  return { ...t, workedMs: (t.workedMs ?? 0) + Math.max(0, until - t.startedAt), startedAt: null };
}

/**
 * The clock after an update from `prev` to `next`: it stops while a retry waits (banking the work so far)
 * and runs again when work goes on; a final state's finishedAt ends the current run.
 */
export function tick(prev: Task, next: Task, now: number): Task {
  if (next.retry && !prev.retry) return bank(next, now);
  if (working(next) && !next.retry && next.startedAt === null) return { ...next, startedAt: now };
  return next;
}

/** Why a failed attempt is tried again, from its error. */
export function retryCause(e: AppError): RetryCause {
  if (e.code === 'UNREACHABLE') return /ETIMEDOUT|no answer/i.test(e.message) ? 'timeout' : 'connectionLost';
  if (e.code === 'RATE_LIMITED') return 'rateLimited';
  if (e.code === 'ENGINE_RESTARTED') return 'engineRestarted';
  if (/^HTTP_5\d\d$/.test(e.code) || e.code === 'BAD_RESPONSE') return 'serverError';
  if (e.code === 'PARSE_FAILED' || e.code.startsWith('SERVICE_')) return 'remoteFailed';
  return 'other';
}

/** The task with one more retry record (attempt = the attempt it begins). */
export function recordRetry(t: Task, attempt: number, cause: RetryCause, reason: AppError, now: number): Task {
  const last = t.retries?.at(-1);
  // One record per attempt: a request retried inside one attempt keeps the first cause.
  if (last && last.attempt === attempt) return t;
  const rec: RetryRecord = { attempt, cause, reason, at: now };
  return { ...t, retries: [...(t.retries ?? []), rec].slice(-MAX_RECORDS) };
}
