// Retries made visible: the engine server is stopped under the app while it parses (a real connection
// refusal at the socket), then started again on the same port and data folder; the task resumes, reaches
// SUCCESS, records "attempt 2: connection lost", and its elapsed time leaves out the downtime. A TIFF's
// page count is right from intake.
import { afterAll, describe, expect, it } from 'vitest';
import { workMs } from '../../../shared/task-retry.ts';
import { corpus, makeServices, removeTemps, startEngine, waitFinal, waitTask } from './helpers.ts';

const KEY = 'sk-retry-record-key-0001';
afterAll(removeTemps);

describe('a retry after the engine went away', () => {
  it('records why, resumes, and counts work, not downtime', async () => {
    let engine = await startEngine(KEY);
    const { dataDir, port } = engine;
    // Waits long enough to outlast the engine's restart (real backoff, bounded).
    const h = await makeServices({ timing: { retryBaseMs: 150, retryMaxMs: 600, maxRetries: 8 } });
    try {
      await h.svc.handlers['key:set']({ apiKey: KEY });
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: engine.url });
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-scanned/nemotron_multipage.pdf')],
        options: { mode: 'async' },
      });
      await waitTask(h, t!.id, (x) => x.state === 'PROCESSING', 120_000);
      const down = Date.now();
      await engine.close(); // the task stays resumable in the engine's folder
      await new Promise((r) => setTimeout(r, 1500));
      engine = await startEngine(KEY, { dataDir, port });
      const downtime = Date.now() - down;
      const done = await waitFinal(h, t!.id, 300_000);
      expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      expect(done.retries?.[0]).toMatchObject({ attempt: 2, cause: 'connectionLost', reason: { code: 'UNREACHABLE' } });
      const wall = done.finishedAt! - done.createdAt;
      expect(workMs(done, done.finishedAt!)!).toBeLessThan(wall - downtime * 0.5);
    } finally {
      await h.close();
      await engine.close();
    }
  });
});

describe('page count at intake', () => {
  it('a two-page TIFF says 2 pages before it is sent, a presentation its slides', async () => {
    const h = await makeServices();
    try {
      await h.svc.handlers['settings:set']({ concurrency: 1 });
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({ paths: [corpus('images/2206.01062.tif')] });
      expect(t!.pages).toBe(2);
      await h.svc.handlers['tasks:cancel']({ id: t!.id });
      // A presentation: its slides (three pages once converted: the corpus's expected output has 3).
      const {
        tasks: [p],
      } = await h.svc.handlers['tasks:submit']({ paths: [corpus('office/powerpoint_sample.pptx')] });
      expect(p!.pages).toBe(3);
      await h.svc.handlers['tasks:cancel']({ id: p!.id });
    } finally {
      await h.close();
    }
  });
});
