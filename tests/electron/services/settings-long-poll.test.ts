// The local engine's long-poll setting: whole seconds from 0 to 600 (default 25, below the 30 s read
// timeouts of Python clients), refused otherwise, and sent to the running engine process whenever settings change, so
// a change applies without a restart. Real engine, started as the app starts it.
import { afterAll, describe, expect, it } from 'vitest';
import { openAsBlob } from 'node:fs';
import { createEngineManager } from '../../../electron/services/backend/engine-manager.ts';
import { createLogger } from '../../../electron/services/log.ts';
import {
  applyUpdate,
  DEFAULT_SETTINGS,
  fromStored,
  MAX_LONG_POLL_SECONDS,
} from '../../../electron/services/settings/validate.ts';
import type { CheckData, SubmitData } from '../../../shared/somark-answers.ts';
import { corpus, postFields, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

describe('long-poll setting', () => {
  it('is whole seconds from 0 to 600, default 25; anything else is refused (and falls back when stored)', () => {
    expect(DEFAULT_SETTINGS.engineLongPollSeconds).toBe(25);
    expect(MAX_LONG_POLL_SECONDS).toBe(600);
    expect(applyUpdate(DEFAULT_SETTINGS, { engineLongPollSeconds: 0 }).engineLongPollSeconds).toBe(0);
    expect(applyUpdate(DEFAULT_SETTINGS, { engineLongPollSeconds: 600 }).engineLongPollSeconds).toBe(600);
    for (const bad of [-1, 601, 2.5, '30', null]) {
      expect(() => applyUpdate(DEFAULT_SETTINGS, { engineLongPollSeconds: bad })).toThrow(
        /engineLongPollSeconds must be an integer from 0 to 600/,
      );
    }
    expect(fromStored({ engineLongPollSeconds: 9999 }).engineLongPollSeconds).toBe(25);
  });

  it('the running engine reads it at each check: 0 answers at once, a longer hold waits for the end', async () => {
    const dataDir = await tempDir();
    let seconds = 0;
    const manager = createEngineManager({
      dataDir,
      log: createLogger(dataDir, () => []),
      longPollSetting: () => seconds,
    });
    try {
      const { baseUrl, apiKey } = await manager.ensure();
      const sub = await postFields<SubmitData>(`${baseUrl}/parse/async`, {
        api_key: apiKey,
        file: await openAsBlob(corpus('large/irs-manual-400p.pdf')),
      });
      expect(sub.code, sub.message).toBe(0);
      const taskId = sub.data!.task_id;
      const check = () => postFields<CheckData>(`${baseUrl}/parse/async_check`, { api_key: apiKey, task_id: taskId });
      expect((await check()).data!.status).toMatch(/QUEUING|PROCESSING/); // not held
      seconds = 600;
      manager.settingsChanged(); // as the app does when settings are saved
      expect((await check()).data!.status).toBe('SUCCESS'); // held until the parse ended
    } finally {
      await manager.close();
    }
  });
});
