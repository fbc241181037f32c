// How a run's failure and a retry change a task: a failure fails it, or (a protected PDF) makes it wait for
// its password; after a transient failure a retry of an async task polls the remote task it had submitted
// again, any other retry uploads anew, to the backend and URL the settings name now.
import { honours } from '../../../shared/capabilities.ts';
import { CodedError } from '../../../shared/result.ts';
import type { Settings, Task } from '../../../shared/task.ts';

/** Failures that mean "give the password": the task waits for it (needsPassword) instead of failing. */
const PASSWORD_CODES: readonly string[] = ['PASSWORD_REQUIRED', 'PASSWORD_WRONG'];

/** The task after its run threw `e` (not an abort). */
export function failedTask(cur: Task, e: unknown): Task {
  const error =
    e instanceof CodedError ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: String(e) };
  // A protected PDF waits for its password where the backend can take one; elsewhere it fails.
  const waits = PASSWORD_CODES.includes(error.code) && honours(cur.backend, 'password');
  return { ...cur, state: waits ? 'needsPassword' : 'FAILED', error, finishedAt: Date.now(), retry: null };
}

/** Failures after which a retry can poll the same remote task again instead of re-uploading. */
const TRANSIENT = /^(UNREACHABLE|RATE_LIMITED|BAD_RESPONSE|HTTP_5\d\d|ENGINE_FAILED)$/;

/** Throws INVALID_STATE unless the task failed, was cancelled or waits for its password. */
export function assertRetriable(t: Task): void {
  if (t.state !== 'FAILED' && t.state !== 'cancelled' && t.state !== 'needsPassword') {
    throw new CodedError(
      'INVALID_STATE',
      `Only failed, cancelled or password-waiting tasks can be retried (this one is ${t.state})`,
    );
  }
}

/** The task as its retry starts (`size`: the file's size now); `repoll` when it polls its remote task again. */
export function retriedTask(t: Task, size: number, settings: Settings): { next: Task; repoll: boolean } {
  // A task that lost touch with a remote task it had submitted goes back to polling it.
  const repoll = t.state === 'FAILED' && t.mode === 'async' && !!t.remoteTaskId && TRANSIENT.test(t.error?.code ?? '');
  const backendNow = settings.backend;
  const next: Task = {
    ...t,
    size,
    error: null,
    finishedAt: null,
    progress: repoll ? t.progress : null,
    retry: null,
    uploadPercent: repoll ? 100 : null,
    remoteTaskId: repoll ? t.remoteTaskId : null,
    attempts: 0,
    retries: [],
    workedMs: 0,
    state: repoll ? 'PROCESSING' : 'queued',
    mode: repoll ? t.mode : null,
    startedAt: null,
    resultBytes: null,
    // A new upload goes to the backend and URL the settings point at now (the user may have switched
    // backend or fixed the URL); polling must stay with the service that holds the remote task.
    backend: repoll ? t.backend : backendNow,
    baseUrl: repoll ? t.baseUrl : backendNow === 'cloud' ? settings.cloudBaseUrl : '',
  };
  return { next, repoll };
}
