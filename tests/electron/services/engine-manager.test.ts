// The local engine as the app starts it (createEngineManager with the real engine): a desktop page
// limit, so a 400-page PDF the cloud (300 pages) would refuse is accepted on this machine.
import { afterAll, describe, expect, it } from 'vitest';
import { openAsBlob } from 'node:fs';
import { createEngineManager, LOCAL_MAX_PAGES } from '../../../electron/services/backend/engine-manager.ts';
import { createLogger } from '../../../electron/services/log.ts';
import type { CheckData, SubmitData } from '../../../shared/somark-answers.ts';
import { corpus, postFields, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

describe('local engine manager', () => {
  it('accepts a 400-page PDF (page limit LOCAL_MAX_PAGES, not the cloud 300)', async () => {
    expect(LOCAL_MAX_PAGES).toBe(5000);
    const dataDir = await tempDir();
    const manager = createEngineManager({ dataDir, log: createLogger(dataDir, () => []) });
    try {
      const target = await manager.ensure();
      const submitted = await postFields<SubmitData>(`${target.baseUrl}/parse/async`, {
        file: await openAsBlob(corpus('large/irs-manual-400p.pdf')),
        api_key: target.apiKey,
      });
      expect(submitted.code, submitted.message).toBe(0);
      const status = await postFields<CheckData>(`${target.baseUrl}/parse/async_check`, {
        task_id: submitted.data!.task_id,
        api_key: target.apiKey,
        wait: '0', // the status now, not after the engine's long-poll hold
      });
      expect(status.code, status.message).toBe(0);
      expect(status.data!.metadata).toEqual({ page_num: 400, file_type: '.pdf' });
    } finally {
      await manager.close();
    }
  });
});
