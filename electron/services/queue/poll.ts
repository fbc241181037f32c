// Polling a submitted remote task until it ends (held checks on the local engine, every 3–5 s elsewhere),
// and caching a finished parse: the task's SUCCESS with its pages and result size.
import type { CheckData } from '../../../shared/somark-answers.ts';
import { ErrorCodes } from '../../../shared/somark.ts';
import { ServiceError } from '../../../shared/service-errors.ts';
import type { SomarkClient } from '../../../lib/somark-client/client.ts';
import { jitter, sleep } from '../../../lib/somark-client/sleep.ts';
import type { FinishedParse } from '../results/writer.ts';
import type { OnRetry, Outcome, RunDeps, RunHandle } from './types.ts';

export async function poll(
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

export async function finish(h: RunHandle, d: RunDeps, done: FinishedParse): Promise<void> {
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
