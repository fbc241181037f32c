// Retries and re-submissions: HTTP 5xx and codes 1101/1124 are retried with backoff (bounded), a FAILED
// remote task is submitted again (bounded), answers that are not a valid envelope are refused.
// Successes come from the real engine behind a loopback proxy that injects the faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { corpus, makeServices, removeTemps, startEngine, waitFinal, type Harness } from './helpers.ts';
import { startFlakyProxy, type FlakyProxy, type Plan } from './flaky-proxy.ts';
import type { EngineServer } from '../../../engine/server/index.ts';

const KEY = 'sk-retry-test-key-0001';
let engine: EngineServer;
let h: Harness;
let proxy: FlakyProxy | null = null;

beforeAll(async () => {
  engine = await startEngine(KEY);
  h = await makeServices();
  await h.svc.handlers['key:set']({ apiKey: KEY });
});
afterEach(async () => {
  await proxy?.close();
  proxy = null;
});
afterAll(async () => {
  await h.close();
  await engine.close();
  await removeTemps();
});

async function run(plan: Plan, mode: 'sync' | 'async', file = 'pdf-digital/two_paragraphs.pdf') {
  proxy = await startFlakyProxy(engine.url, plan);
  await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: proxy.url });
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({ paths: [corpus(file)], options: { mode } });
  return waitFinal(h, t!.id);
}

describe('retries with backoff', () => {
  it('HTTP 503 twice on /parse/sync, then success', async () => {
    const t = await run(
      (p, n) => (p === '/parse/sync' && n <= 2 ? { kind: 'status', status: 503 } : undefined),
      'sync',
    );
    expect(t.state, JSON.stringify(t.error)).toBe('SUCCESS');
    expect(t.attempts).toBe(3);
    expect(proxy!.counts.get('/parse/sync')).toBe(3);
  });

  it('1124 and 1101 on submit, 502 on a poll: all retried, then success', async () => {
    const t = await run((p, n) => {
      if (p === '/parse/async' && n === 1) return { kind: 'code', code: 1124, message: 'QPS limit exceeded' };
      if (p === '/parse/async' && n === 2) return { kind: 'code', code: 1101, message: 'too frequent' };
      if (p === '/parse/async_check' && n === 1) return { kind: 'status', status: 502 };
      return undefined;
    }, 'async');
    expect(t.state, JSON.stringify(t.error)).toBe('SUCCESS');
    expect(t.attempts).toBe(4);
  });

  it('a rate limit that never ends: bounded, then RATE_LIMITED', async () => {
    const t = await run(
      (p) => (p === '/parse/sync' ? { kind: 'code', code: 1124, message: 'QPS limit exceeded' } : undefined),
      'sync',
    );
    expect(t.state).toBe('FAILED');
    expect(t.error?.code).toBe('RATE_LIMITED');
    expect(t.error?.message).toMatch(/1124.*QPS limit exceeded/);
    expect(proxy!.counts.get('/parse/sync')).toBe(4); // 1 + FAST.maxRetries
  });

  it('HTTP 404 is not retried', async () => {
    const t = await run((p) => (p === '/parse/sync' ? { kind: 'status', status: 404 } : undefined), 'sync');
    expect(t.error?.code).toBe('HTTP_404');
    expect(proxy!.counts.get('/parse/sync')).toBe(1);
  });
});

describe('FAILED remote tasks', () => {
  it('are submitted again, and the second submission succeeds', async () => {
    const t = await run((p, n) => {
      if (p === '/parse/async_check' && n === 1) return { kind: 'remote-failed', error: 'simulated worker crash' };
      return undefined;
    }, 'async');
    expect(t.state, JSON.stringify(t.error)).toBe('SUCCESS');
    expect(proxy!.counts.get('/parse/async')).toBe(2);
    expect(t.attempts).toBe(2);
    expect(t.remoteTaskId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('that fail every time are shown FAILED with the service reason after a bounded number of submissions', async () => {
    const t = await run(
      (p) =>
        p === '/parse/async_check' ? { kind: 'remote-failed', error: 'page 3 could not be rendered' } : undefined,
      'async',
    );
    expect(t.state).toBe('FAILED');
    expect(t.error).toEqual({
      code: 'PARSE_FAILED',
      message: 'The service failed to parse the document: page 3 could not be rendered',
    });
    expect(proxy!.counts.get('/parse/async')).toBe(3); // 1 + FAST.failedResubmits
  });
});

describe('answers that are not trusted', () => {
  it('non-JSON, a missing code, or a malformed result are refused as BAD_RESPONSE', async () => {
    for (const body of [
      '<html>oops</html>',
      '{"message":"ok","data":{}}',
      '{"code":0,"message":"","data":{"task_id":"x","result":{"outputs":{"json":{"pages":5}}}}}',
    ]) {
      const t = await run((p) => (p === '/parse/sync' ? { kind: 'raw', body } : undefined), 'sync');
      expect(t.state).toBe('FAILED');
      expect(t.error?.code).toBe('BAD_RESPONSE');
    }
  });
});
