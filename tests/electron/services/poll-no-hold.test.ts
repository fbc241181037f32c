// How the app polls: its SoMark client asks for no hold by default (field wait=0, the engine's local
// extension to its long poll); the queue lets the local engine hold each check for one poll interval, so a
// task ends the moment the engine finishes it and page progress stays live.
import { afterAll, describe, expect, it } from 'vitest';
import { copyFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createSomarkClient } from '../../../lib/somark-client/client.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { startEngineServer } from '../../../engine/server/index.ts';
import { corpus, FAST, makeServices, removeTemps, tempDir, waitFinal, waitTask } from './helpers.ts';

const SLOW = corpus('large/irs-manual-400p.pdf');
const KEY = 'sk-no-hold-test-0001';
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
  await removeTemps();
});

describe('async_check without a hold', () => {
  it('the client answers at once with the live status of an unfinished task, even where the engine holds checks for 10 min', async () => {
    const engine = await startEngineServer({
      port: 0,
      dataDir: await tempDir('dp-engine-'),
      apiKeys: [KEY],
      workers: 1,
      maxPages: 500,
      longPollMs: 10 * 60_000,
    });
    cleanup.push(() => engine.close());
    const client = createSomarkClient({
      baseUrl: engine.url,
      apiKey: KEY,
      timing: { retryBaseMs: 20, retryMaxMs: 80, maxRetries: 1, idleTimeoutMs: 30_000 },
    });
    const upload = join(await tempDir(), 'slow.pdf');
    await copyFile(SLOW, upload);
    const file = { path: upload, fileName: 'slow.pdf', size: (await stat(upload)).size, fileType: '.pdf' };
    const sub = await client.submitAsync({ file, formats: ['json'], featureConfig: DEFAULT_FEATURE_CONFIG });
    const data = await client.check(sub.task_id);
    expect(['QUEUING', 'PROCESSING']).toContain(data.status);
  });

  it('the queue shows page progress of a running local task (the engine holds other clients 25 s)', async () => {
    const h = await makeServices({ timing: { ...FAST, pollIntervalMs: 200 } });
    cleanup.push(() => h.close());
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [SLOW], options: { mode: 'async', formats: ['json'] } });
    const live = await waitTask(
      h,
      t!.id,
      (x) =>
        x.state === 'PROCESSING' &&
        !!x.progress &&
        x.progress.pages_done > 0 &&
        x.progress.pages_done < x.progress.pages_total,
      20_000,
    );
    expect(live.progress!.pages_total).toBe(400);
    await h.svc.handlers['tasks:cancel']({ id: t!.id });
  });

  it('on the local engine a held check ends an async task as soon as it is parsed, long before one poll interval', async () => {
    const h = await makeServices({ timing: { ...FAST, pollIntervalMs: 120_000 } });
    cleanup.push(() => h.close());
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/two_paragraphs.pdf')],
      options: { mode: 'async' },
    });
    // Without the hold the first check would come 90–150 s after the submit.
    const done = await waitFinal(h, t!.id, 30_000);
    expect([done.state, done.mode, done.backend]).toEqual(['SUCCESS', 'async', 'local']);
  });
});
