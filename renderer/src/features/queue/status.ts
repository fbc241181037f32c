// Pure helpers that turn a Task into what the queue shows: status text, progress fraction, mode,
// elapsed time (worded by formatElapsed in lib/format.ts). Kept free of React so tests can check every state.
import { FINAL_STATES, type Task } from '../../../../shared/task.ts';
import { workMs } from '../../../../shared/task-retry.ts';
import { honours } from '../../../../shared/capabilities.ts';
import { isDefaultFileOptions } from '../../../../shared/file-options.ts';
import type { TFunction } from '../../i18n/index.ts';
import { describeError } from '../../i18n/errors.ts';
import { formatElapsed } from '../../lib/format.ts';
import { etaMs, progressSample } from '../../stores/progress.ts';

export type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'danger' | 'muted' | 'warning';

const TONE: Record<Task['state'], Tone> = {
  queued: 'neutral',
  needsPassword: 'warning',
  uploading: 'progress',
  QUEUING: 'info',
  PROCESSING: 'progress',
  SUCCESS: 'success',
  FAILED: 'danger',
  cancelled: 'muted',
};

/** The task waits to try a failed request again (network error, HTTP 5xx, rate limit). */
export const isRetrying = (task: Task): boolean => !!task.retry && !FINAL_STATES.includes(task.state);

export const toneOf = (task: Task): Tone => (isRetrying(task) ? 'warning' : TONE[task.state]);

/** 0–1 while there is something to show as a bar, otherwise null (none while a retry waits). */
export function progressFraction(task: Task): number | null {
  if (isRetrying(task)) return null;
  if (task.state === 'uploading') return task.uploadPercent === null ? null : clamp(task.uploadPercent / 100);
  if (task.state === 'PROCESSING' && task.progress && task.progress.pages_total > 0) {
    return clamp(task.progress.pages_done / task.progress.pages_total);
  }
  return null;
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));

/** Short badge label: "Uploading 42%", "Processing 3/10", "Retrying", "Failed". */
export function statusLabel(task: Task, t: TFunction): string {
  if (isRetrying(task)) return t('queue.retrying');
  switch (task.state) {
    case 'uploading':
      return task.uploadPercent === null
        ? t('state.uploading')
        : t('queue.uploadingPct', { pct: Math.round(task.uploadPercent) });
    case 'PROCESSING':
      return task.progress && task.progress.pages_total > 0
        ? t('queue.processingPages', { done: task.progress.pages_done, total: task.progress.pages_total })
        : t('state.PROCESSING');
    default:
      return t(`state.${task.state}`);
  }
}

/** "Retrying in 3 s (attempt 2 of 5): Could not reach the service…" while a retry waits; else null. */
export function retryLine(task: Task, t: TFunction, now: number = Date.now()): string | null {
  const r = task.retry;
  if (!r || !isRetrying(task)) return null;
  const s = Math.ceil((r.nextAt - now) / 1000);
  const vars = { s, attempt: r.attempt, max: r.max, reason: describeError(r.reason, t).title };
  return s > 0 ? t('queue.retryingIn', vars) : t('queue.retryingNow', vars);
}

/** "~20 s left" while PROCESSING with a measurable rate; null otherwise. */
export function etaLabel(task: Task, t: TFunction, now: number = Date.now()): string | null {
  if (task.state !== 'PROCESSING' || isRetrying(task)) return null;
  const ms = etaMs(progressSample(task.id), now);
  return ms === null ? null : t('queue.eta', { time: formatElapsed(ms, t) });
}

/** How the service answers, in plain words: "answered directly", "answered in the background". */
export function modeLabel(task: Task, t: TFunction): string {
  const mode = task.mode ?? (task.requestedMode === 'auto' ? null : task.requestedMode);
  return mode ? t(`queue.modePlain.${mode}`) : t('queue.modePlain.auto');
}

/** Work time so far (active) or in total (finished, failed too): earlier runs and the current one, without
 *  the waits between them (a retry's backoff, the time the app was closed); null before it ever started. */
export function elapsedMs(task: Task, now: number = Date.now()): number | null {
  return workMs(
    { workedMs: task.workedMs, startedAt: task.startedAt ?? null, finishedAt: task.finishedAt ?? null },
    now,
  );
}

/** "Attempt 2: the engine restarted" — the latest retry and why it was made; null on a first attempt. */
export function attemptLine(task: Task, t: TFunction): string | null {
  const last = task.retries?.at(-1);
  if (!last) return null;
  return t('queue.attemptWhy', { n: last.attempt, why: t(`queue.cause.${last.cause}`) });
}

/** "OCR: Chinese · pages 2-3" — the per-file options when they are not the defaults, and whether the
 *  task's backend ignores them (shared/capabilities.ts); null for the defaults. */
export function optionsLine(task: Task, t: TFunction): { text: string; ignored: boolean } | null {
  const o = task.fileOptions;
  if (!o || isDefaultFileOptions(o)) return null;
  const parts = [
    !o.ocr ? t('queue.ocrOff') : o.ocrLang !== 'auto' ? t('queue.ocrLang', { lang: t(`ocrLang.${o.ocrLang}`) }) : null,
    o.pageRange ? t('queue.pageRange', { range: o.pageRange }) : null,
  ].filter(Boolean);
  return { text: parts.join(' · '), ignored: !honours(task.backend, 'pageRange') };
}

/** What stands for a missing service task id: "not assigned yet" while the task may still get one, else "none". */
export const noRemoteId = (task: Task, t: TFunction): string =>
  t(FINAL_STATES.includes(task.state) ? 'queue.remoteNever' : 'queue.remoteNone');

/** Tooltip with the ids that let support trace a task end to end. */
export function traceTitle(task: Task, t: TFunction): string {
  const remote = task.remoteTaskId ?? noRemoteId(task, t);
  return `${t('queue.requestId')}: ${task.id}\n${t('queue.remoteId')}: ${remote}\n${t('queue.modeTitle')}: ${modeLabel(task, t)}`;
}
