// One task's way through the service: upload (sync or async), poll (poll.ts), resubmit after FAILED (bounded),
// cache the result. The queue owns the Task; this only asks for updates through the handle.
import { CodedError, toAppError } from '../../../shared/result.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { createSomarkClient, type ParseParams, type SomarkClient } from '../../../lib/somark-client/client.ts';
import { isAbortError, RemoteFailedError } from '../../../shared/service-errors.ts';
import { chooseMode } from './new-task.ts';
import { recordRetry, retryCause } from './clock.ts';
import { honours } from '../../../shared/capabilities.ts';
import { finish, poll } from './poll.ts';
import type { OnRetry, Outcome, RunDeps, RunHandle } from './types.ts';

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
      const resume = t.remoteTaskId && t.mode === 'async' ? t.remoteTaskId : null;
      if (resume) h.update({ baseUrl: client.baseUrl });
      const outcome = resume ? await poll(client, resume, h, d, onRetry) : await upload(client, h, d, onRetry);
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
