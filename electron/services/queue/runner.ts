// One task's way through the service: upload (sync or async), poll, resubmit after FAILED (bounded),
// cache the result. The queue owns the Task; this only asks for updates through the handle.
import { CodedError, toAppError } from '../../../shared/result.ts';
import { DEFAULT_FEATURE_CONFIG, ErrorCodes } from '../../../shared/somark.ts';
import type { CheckData } from '../../../shared/somark-answers.ts';
import type { Settings, Task } from '../../../shared/task.ts';
import type { Timing } from '../consts.ts';
import type { Logger } from '../log.ts';
import type { Targets } from '../backend/targets.ts';
import { createSomarkClient, type ParseParams, type SomarkClient } from '../../../lib/somark-client/client.ts';
import { isAbortError, RemoteFailedError, ServiceError } from '../../../shared/service-errors.ts';
import type { FinishedParse } from '../results/writer.ts';
import { jitter, sleep } from '../../../lib/somark-client/sleep.ts';
import { chooseMode } from './new-task.ts';
import { recordRetry, retryCause } from './clock.ts';
import { honours } from '../../../shared/capabilities.ts';

export interface RunHandle {
  get(): Task;
  /** `flush`: write tasks.json now (the remote task id must survive a crash). */
  update(patch: Partial<Task>, flush?: boolean): void;
  signal: AbortSignal;
  /** The password the user gave for this run of a protected PDF (memory only; local engine only). */
  password?: string;
}

export interface RunDeps {
  timing: Timing;
  settings: () => Settings;
  targets: Targets;
  saveResult(task: Task, done: FinishedParse, signal: AbortSignal): Promise<number>;
  log: Logger;
}

/** `lost`: the service no longer knows the task (our engine restarted without it). */
type Outcome = { kind: 'done' } | { kind: 'failed'; reason: string; lost?: boolean };
type RetryEvent = { attempt: number; error: unknown; delayMs: number };
/** Hears about a retry before its backoff sleep; `patch` resets what the failed attempt showed. */
type OnRetry = (i: RetryEvent, patch?: Partial<Task>) => void;

export async function runTask(h: RunHandle, d: RunDeps): Promise<void> {
  const id = h.get().id;
  let resubmits = 0;
  let client: SomarkClient | null = null;
  const ctx = () => (client ? { keySent: client.keySent, host: new URL(client.baseUrl).host } : {});
  const onRetry: OnRetry = (i, patch = {}) => {
    // The task says why it waits and when it tries again (the renderer counts down to nextAt).
    const reason = toAppError(i.error, ctx());
    const retry = { attempt: i.attempt + 1, max: d.timing.maxRetries + 1, reason, nextAt: Date.now() + i.delayMs };
    const attempts = h.get().attempts + 1;
    const { retries } = recordRetry(h.get(), attempts, retryCause(reason), reason, Date.now());
    h.update({ ...patch, attempts, retry, retries });
    d.log.warn(`${id} retry ${i.attempt} in ${i.delayMs} ms after: ${(i.error as Error).message}`);
  };
  try {
    for (;;) {
      const t = h.get();
      const target = await d.targets.resolve(t.backend, t.backend === 'cloud' ? t.baseUrl : undefined);
      client = createSomarkClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, timing: d.timing });
      const outcome =
        t.remoteTaskId && t.mode === 'async'
          ? (h.update({ baseUrl: client.baseUrl }), await poll(client, t.remoteTaskId, h, d, onRetry))
          : await upload(client, h, d, onRetry);
      if (outcome.kind === 'done') return;
      if (resubmits >= d.timing.failedResubmits) throw new RemoteFailedError(outcome.reason);
      resubmits++;
      d.log.warn(
        `${id} remote task ${h.get().remoteTaskId ?? '-'} failed (${outcome.reason}); submitting again (${resubmits}/${d.timing.failedResubmits})`,
      );
      // The next upload is the next attempt: it says why it was made.
      const reason = {
        code: outcome.lost && t.backend === 'local' ? 'ENGINE_RESTARTED' : 'PARSE_FAILED',
        message: outcome.reason,
      };
      const { retries } = recordRetry(h.get(), h.get().attempts + 1, retryCause(reason), reason, Date.now());
      h.update({ remoteTaskId: null, progress: null, retries }, true);
    }
  } catch (e) {
    if (isAbortError(e) || h.signal.aborted) throw e;
    const err = toAppError(e, ctx());
    d.log.error(`${id} FAILED ${err.code}: ${err.message}`);
    throw new CodedError(err.code, err.message);
  }
}

async function upload(client: SomarkClient, h: RunHandle, d: RunDeps, onRetry: OnRetry): Promise<Outcome> {
  const t = h.get();
  const mode = t.mode ?? chooseMode(t, d.settings());
  h.update({
    state: 'uploading',
    mode,
    baseUrl: client.baseUrl,
    uploadPercent: 0,
    progress: null,
    error: null,
    startedAt: t.startedAt ?? Date.now(),
    attempts: t.attempts + 1,
    retry: null,
  });
  d.log.info(`${t.id} upload ${t.fileName} (${t.size} bytes, ${t.pages ?? '?'} pages) ${mode} to ${client.baseUrl}`);
  let lastPct = -1;
  const params: ParseParams = {
    file: { path: t.filePath, fileName: t.fileName, size: t.size, fileType: t.fileType },
    formats: t.formats,
    featureConfig: { ...DEFAULT_FEATURE_CONFIG, ...t.featureConfig },
    // Only our engine takes a password (a local extension); it never goes to a cloud service.
    ...(h.password && honours(t.backend, 'password') ? { password: h.password } : {}),
    // OCR and page range: local extensions, sent only where they are honoured (the row notes them elsewhere).
    ...(t.fileOptions && honours(t.backend, 'pageRange') ? { fileOptions: t.fileOptions } : {}),
    signal: h.signal,
    // A failed attempt sent nothing that counts: the next one starts again from 0 %.
    onRetry: (i) => {
      lastPct = -1;
      onRetry(i, { state: 'uploading', uploadPercent: 0 });
    },
    onUpload: (sent, total) => {
      const pct = total > 0 ? Math.floor((sent * 100) / total) : 100;
      if (pct === lastPct) return;
      lastPct = pct;
      h.update({ uploadPercent: pct, state: pct === 100 && mode === 'sync' ? 'PROCESSING' : 'uploading', retry: null });
    },
  };
  if (mode === 'sync') {
    const data = await client.parseSync(params);
    if (data.error) return { kind: 'failed', reason: data.error };
    h.update({
      state: 'PROCESSING',
      uploadPercent: 100,
      remoteTaskId: data.task_id || null,
      pages: data.metadata.page_num || t.pages,
      retry: null,
    });
    d.log.info(`${t.id} sync answer for remote task ${data.task_id || '-'}`);
    await finish(h, d, {
      result: data.result,
      metadata: data.metadata,
      remoteTaskId: data.task_id || null,
      warnings: data.warnings ?? [],
    });
    return { kind: 'done' };
  }
  const sub = await client.submitAsync(params);
  h.update({ state: 'QUEUING', uploadPercent: 100, remoteTaskId: sub.task_id, retry: null }, true);
  d.log.info(`${t.id} submitted as remote task ${sub.task_id}`);
  return poll(client, sub.task_id, h, d, onRetry);
}

async function poll(
  client: SomarkClient,
  remoteId: string,
  h: RunHandle,
  d: RunDeps,
  onRetry: OnRetry,
): Promise<Outcome> {
  const t0 = h.get();
  if (t0.startedAt === null) h.update({ startedAt: Date.now() });
  d.log.info(`${t0.id} polling remote task ${remoteId}`);
  // The local engine holds each check for up to one poll interval and answers the moment the task ends, so
  // it is asked at once and again right after each answer; other services are asked every 3–5 s.
  const held = t0.backend === 'local';
  for (;;) {
    const interval = jitter(d.timing.pollIntervalMs);
    if (!held) await sleep(interval, h.signal);
    const asked = Date.now();
    let data: CheckData;
    try {
      data = await client.check(remoteId, {
        signal: h.signal,
        onRetry: (i) => onRetry(i),
        holdMs: held ? interval : 0,
      });
    } catch (e) {
      // The service no longer knows the task (e.g. it restarted and lost it): submit it again.
      if (e instanceof ServiceError && e.code === ErrorCodes.PARAM_ERROR)
        return { kind: 'failed', reason: e.serviceMessage || 'task not found', lost: true };
      throw e;
    }
    const pages = data.metadata?.page_num || h.get().pages;
    if (data.status === 'QUEUING' || data.status === 'PROCESSING') {
      h.update({ state: data.status, pages, progress: data.progress ?? h.get().progress, retry: null });
      if (held) await sleep(Math.max(0, interval - (Date.now() - asked)), h.signal);
      continue;
    }
    if (data.status === 'FAILED')
      return { kind: 'failed', reason: data.error || 'the service reported FAILED without a reason' };
    h.update({ state: 'PROCESSING', pages, progress: data.progress ?? h.get().progress, retry: null });
    await finish(h, d, {
      result: data.result!,
      metadata: data.metadata,
      remoteTaskId: remoteId,
      warnings: data.warnings ?? [],
    });
    return { kind: 'done' };
  }
}

async function finish(h: RunHandle, d: RunDeps, done: FinishedParse): Promise<void> {
  const bytes = await d.saveResult(h.get(), done, h.signal);
  const t = h.get();
  const pages = done.metadata?.page_num || t.pages;
  h.update(
    {
      state: 'SUCCESS',
      resultBytes: bytes,
      finishedAt: Date.now(),
      error: null,
      pages,
      retry: null,
      progress: pages ? { pages_done: pages, pages_total: pages } : t.progress,
    },
    true,
  );
  d.log.info(
    `${t.id} SUCCESS (remote ${done.remoteTaskId ?? '-'}) in ${((Date.now() - (t.startedAt ?? t.createdAt)) / 1000).toFixed(1)} s`,
  );
}
