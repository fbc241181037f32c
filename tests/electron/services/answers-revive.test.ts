// What the app accepts from a service (answer validation) and the queue's rules for tasks it finds again:
// revived after a restart, and the parse mode chosen per task.
import { afterAll, describe, expect, it } from 'vitest';
import { parseCheckData, parseEnvelope, parseSyncData } from '../../../lib/somark-client/validate.ts';
import { revive } from '../../../electron/services/queue/persist.ts';
import { chooseMode } from '../../../electron/services/queue/new-task.ts';
import { removeTemps } from './helpers.ts';
import { sampleTask } from './helpers.ts';

afterAll(removeTemps);

describe('answer validation', () => {
  it('envelopes', () => {
    expect(parseEnvelope({ code: 0, message: 'ok', data: { a: 1 } })).toEqual({
      code: 0,
      message: 'ok',
      data: { a: 1 },
    });
    expect(parseEnvelope({ code: 1107, message: 'bad key' })).toEqual({ code: 1107, message: 'bad key', data: null });
    for (const bad of [null, [], 'x', { message: 'x' }, { code: '0' }, { code: 1.5 }, { code: 0, data: [1] }]) {
      expect(() => parseEnvelope(bad)).toThrow(/unexpected answer/);
    }
  });
  it('sync and check data: statuses upper-cased, result only on SUCCESS, defaults filled', () => {
    const check = parseCheckData({ task_id: 't', status: 'processing', progress: { pages_done: 1, pages_total: 3 } });
    expect(check).toMatchObject({ status: 'PROCESSING', result: null, progress: { pages_done: 1, pages_total: 3 } });
    expect(() => parseCheckData({ task_id: 't', status: 'DONE' })).toThrow(/unknown status/);
    expect(() => parseCheckData({ task_id: 't', status: 'SUCCESS', result: null })).toThrow(/result/);
    const sync = parseSyncData({ task_id: 't', result: { outputs: { markdown: '# x' } } });
    expect(sync).toMatchObject({
      error: null,
      metadata: { page_num: 0 },
      result: { imgs: [], catalog: [], outputs: { markdown: '# x' } },
    });
    expect(() => parseSyncData({ task_id: 't', result: { outputs: { markdown: 5 } } })).toThrow(/markdown/);
  });
});

describe('queue rules', () => {
  it('revive: uploads restart, polled async tasks resume, waiting sync requests are queued again', () => {
    expect(
      revive(sampleTask({ state: 'uploading', mode: 'async', remoteTaskId: null, uploadPercent: 40 })),
    ).toMatchObject({
      state: 'queued',
      uploadPercent: null,
    });
    expect(revive(sampleTask({ state: 'PROCESSING', mode: 'async', remoteTaskId: 'r9' }))).toMatchObject({
      state: 'PROCESSING',
      remoteTaskId: 'r9',
    });
    expect(revive(sampleTask({ state: 'PROCESSING', mode: 'sync', remoteTaskId: null }))).toMatchObject({
      state: 'queued',
    });
    expect(revive(sampleTask({ state: 'SUCCESS' }))).toMatchObject({ state: 'SUCCESS' });
  });
  it('auto: sync only for small files with a known, small page count', () => {
    const lim = { syncMaxBytes: 1000, syncMaxPages: 5 };
    expect(chooseMode(sampleTask({ requestedMode: 'auto', size: 999, pages: 5 }), lim)).toBe('sync');
    expect(chooseMode(sampleTask({ requestedMode: 'auto', size: 1001, pages: 1 }), lim)).toBe('async');
    expect(chooseMode(sampleTask({ requestedMode: 'auto', size: 10, pages: 6 }), lim)).toBe('async');
    expect(chooseMode(sampleTask({ requestedMode: 'auto', size: 10, pages: null }), lim)).toBe('async');
    expect(chooseMode(sampleTask({ requestedMode: 'sync', size: 10_000, pages: 99 }), lim)).toBe('sync');
    // The local engine holds async_check until the task ends: async costs nothing there and shows progress.
    expect(chooseMode(sampleTask({ requestedMode: 'auto', size: 999, pages: 5, backend: 'local' }), lim)).toBe('async');
    expect(chooseMode(sampleTask({ requestedMode: 'sync', size: 999, pages: 5, backend: 'local' }), lim)).toBe('sync');
  });
});
