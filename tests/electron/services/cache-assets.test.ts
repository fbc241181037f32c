// Results cache internals: the writer (base64 zip from a cloud-style answer, refused junk), asset
// resolution that never escapes the data folder, download tokens, answer validation, task revival.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { writeResult } from '../../../electron/services/results/writer.ts';
import { createResultsStore } from '../../../electron/services/results/store.ts';
import { createAssetResolver, createDownloads } from '../../../electron/services/results/assets.ts';
import { collectImageUrls, rewriteMarkdown } from '../../../electron/services/results/images.ts';
import { parseCheckData, parseEnvelope, parseSyncData } from '../../../lib/somark-client/validate.ts';
import { revive } from '../../../electron/services/queue/persist.ts';
import { chooseMode } from '../../../electron/services/queue/new-task.ts';
import { DEFAULT_TIMING } from '../../../electron/services/consts.ts';
import { nullLogger } from '../../../electron/services/log.ts';
import type { Task } from '../../../shared/task.ts';
import { corpus, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

const task = (over: Partial<Task> = {}): Task => ({
  id: 'req_test0000001',
  remoteTaskId: 'r1',
  fileName: 'two_paragraphs.pdf',
  filePath: corpus('pdf-digital/two_paragraphs.pdf'),
  size: 25142,
  pages: 1,
  fileType: '.pdf',
  backend: 'cloud',
  baseUrl: 'https://x.example/api/v1',
  requestedMode: 'auto',
  mode: 'async',
  formats: ['markdown', 'zip'],
  featureConfig: {},
  state: 'PROCESSING',
  uploadPercent: 100,
  progress: null,
  attempts: 1,
  error: null,
  createdAt: 1,
  startedAt: 2,
  finishedAt: null,
  resultBytes: null,
  parentId: null,
  ...over,
});

describe('writer', () => {
  it('decodes a base64 zip (cloud style), verifies it and writes the documented layout', async () => {
    const data = await tempDir();
    const root = join(data, 'results');
    const zip = Buffer.from(zipSync({ 'main.md': strToU8('# hi') })).toString('base64');
    const bytes = await writeResult(
      root,
      task(),
      {
        result: {
          file_name: 'two_paragraphs.pdf',
          outputs: { markdown: '# hi\n\n![x](data:image/png;base64,AAAA)', zip },
          imgs: [],
          catalog: [],
        },
        metadata: { page_num: 1, file_type: '.pdf' },
        remoteTaskId: 'r1',
      },
      { timing: DEFAULT_TIMING, log: nullLogger },
    );
    expect(bytes).toBeGreaterThan(25142);
    const store = createResultsStore(data);
    expect(await store.list()).toEqual(['req_test0000001']);
    const meta = await store.readMeta('req_test0000001');
    expect(meta).toMatchObject({
      hasServiceZip: true,
      hasJson: false,
      original: 'original.pdf',
      images: {},
      remoteTaskId: 'r1',
    });
    expect(await store.readJson('req_test0000001')).toBeNull();
    expect((await readFile(join(root, 'req_test0000001', 'bundle.zip'))).subarray(0, 2).toString()).toBe('PK');
    expect(await store.readMarkdown('req_test0000001')).toContain('data:image/png;base64,AAAA');
    expect(await store.delete('req_test0000001')).toBe(bytes);
    expect(await store.has('req_test0000001')).toBe(false);
  });

  it('a zip field that is not a zip is not cached (the rest is)', async () => {
    const root = join(await tempDir(), 'results');
    await writeResult(
      root,
      task(),
      {
        result: {
          file_name: 'a.pdf',
          outputs: { markdown: 'ok', zip: Buffer.from('not a zip at all').toString('base64') },
          imgs: [],
          catalog: [],
        },
        metadata: null,
        remoteTaskId: 'r1',
      },
      { timing: DEFAULT_TIMING, log: nullLogger },
    );
    const meta = JSON.parse(await readFile(join(root, 'req_test0000001', 'result.json'), 'utf8'));
    expect(meta.hasServiceZip).toBe(false);
  });
});

describe('images', () => {
  it('collects Markdown, HTML and block image URLs once, in order, and rewrites both forms', () => {
    const md =
      '![a](https://cdn.example/i/1.png)\n<table><tr><td><img src="https://cdn.example/i/2.png?x=1&amp;y=2"></td></tr></table>\n![b](https://cdn.example/i/1.png)';
    const urls = collectImageUrls(
      md,
      {
        pages: [
          {
            page_num: 0,
            page_size: { w: 1, h: 1 },
            merge_content_from_pre_page: false,
            blocks: [
              {
                idx: 0,
                type: 'figure',
                bbox: [0, 0, 1, 1],
                content: '',
                format: 'text',
                captions: [],
                img_url: 'https://cdn.example/i/3.png',
              },
            ],
          },
        ],
      },
      ['https://cdn.example/i/4.png', 'ftp://no'],
    );
    expect(urls).toEqual([
      'https://cdn.example/i/1.png',
      'https://cdn.example/i/2.png?x=1&y=2',
      'https://cdn.example/i/3.png',
      'https://cdn.example/i/4.png',
    ]);
    const out = rewriteMarkdown(md, { [urls[0]!]: 'images/image_001.png', [urls[1]!]: 'images/image_002.png' });
    expect(out).toBe(
      '![a](./images/image_001.png)\n<table><tr><td><img src="./images/image_002.png"></td></tr></table>\n![b](./images/image_001.png)',
    );
  });
});

describe('resolveAsset', () => {
  it('maps result files and downloads, and refuses every escape', async () => {
    const data = await tempDir();
    const root = join(data, 'results');
    const dir = join(root, 'req_abcdef123');
    await mkdir(join(dir, 'images'), { recursive: true });
    await writeFile(join(dir, 'images', 'image_001.png'), 'png');
    await writeFile(join(dir, 'original.pdf'), '%PDF');
    await writeFile(join(data, 'settings.json'), '{}');
    const outside = join(await tempDir(), 'secret.txt');
    await writeFile(outside, 'secret');
    await symlink(outside, join(dir, 'images', 'link.png'));
    await symlink(join(data, 'settings.json'), join(dir, 'images', 'up.png'));
    const downloads = createDownloads('http://h/assets/');
    const resolve = createAssetResolver(root, downloads);

    expect(resolve('results/req_abcdef123/images/image_001.png')).toBe(join(dir, 'images', 'image_001.png'));
    expect(resolve('results/req_abcdef123/original')).toBe(join(dir, 'original.pdf'));
    expect(resolve('/results/req_abcdef123/main.md')).toBeNull(); // absent
    for (const bad of [
      'results/req_abcdef123/../../settings.json',
      'results/req_abcdef123/images/../../../settings.json',
      'results/../settings.json',
      'results/req_abcdef123/images/link.png',
      'results/req_abcdef123/images/up.png',
      'results/req_abcdef123',
      'results/req_abcdef123/images',
      'results/req_abcdef123//images/image_001.png',
      'results/req_abcdef123/images\\image_001.png',
      'results/x/../req_abcdef123/original',
      `results/${outside}`,
      'settings.json',
      '',
      'downloads/zzz/secret.txt',
    ])
      expect(resolve(bad), bad).toBeNull();

    const url = downloads.register(outside, 'my export.md');
    expect(url).toMatch(/^http:\/\/h\/assets\/downloads\/[0-9a-f]{32}\/my%20export\.md$/);
    const rel = decodeURIComponent(url.slice('http://h/assets/'.length));
    expect(resolve(rel)).toBe(outside);
    expect(resolve(rel.replace('my export.md', 'other.md'))).toBeNull();
  });
});

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
    expect(revive(task({ state: 'uploading', mode: 'async', remoteTaskId: null, uploadPercent: 40 }))).toMatchObject({
      state: 'queued',
      uploadPercent: null,
    });
    expect(revive(task({ state: 'PROCESSING', mode: 'async', remoteTaskId: 'r9' }))).toMatchObject({
      state: 'PROCESSING',
      remoteTaskId: 'r9',
    });
    expect(revive(task({ state: 'PROCESSING', mode: 'sync', remoteTaskId: null }))).toMatchObject({ state: 'queued' });
    expect(revive(task({ state: 'SUCCESS' }))).toMatchObject({ state: 'SUCCESS' });
  });
  it('auto: sync only for small files with a known, small page count', () => {
    const lim = { syncMaxBytes: 1000, syncMaxPages: 5 };
    expect(chooseMode(task({ requestedMode: 'auto', size: 999, pages: 5 }), lim)).toBe('sync');
    expect(chooseMode(task({ requestedMode: 'auto', size: 1001, pages: 1 }), lim)).toBe('async');
    expect(chooseMode(task({ requestedMode: 'auto', size: 10, pages: 6 }), lim)).toBe('async');
    expect(chooseMode(task({ requestedMode: 'auto', size: 10, pages: null }), lim)).toBe('async');
    expect(chooseMode(task({ requestedMode: 'sync', size: 10_000, pages: 99 }), lim)).toBe('sync');
    // The local engine holds async_check until the task ends: async costs nothing there and shows progress.
    expect(chooseMode(task({ requestedMode: 'auto', size: 999, pages: 5, backend: 'local' }), lim)).toBe('async');
    expect(chooseMode(task({ requestedMode: 'sync', size: 999, pages: 5, backend: 'local' }), lim)).toBe('sync');
  });
});
