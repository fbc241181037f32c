// Results cache internals: the writer (base64 zip from a cloud-style answer, refused junk), images, and
// asset resolution that never escapes the data folder, with download tokens.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { writeResult } from '../../../electron/services/results/writer.ts';
import { createResultsStore } from '../../../electron/services/results/store.ts';
import { createAssetResolver, createDownloads } from '../../../electron/services/results/assets.ts';
import { collectImageUrls, rewriteMarkdown } from '../../../electron/services/results/images.ts';
import { DEFAULT_TIMING } from '../../../electron/services/consts.ts';
import { nullLogger } from '../../../electron/services/log.ts';
import { removeTemps, tempDir } from './helpers.ts';
import { sampleTask } from './helpers.ts';

afterAll(removeTemps);

describe('writer', () => {
  it('decodes a base64 zip (cloud style), verifies it and writes the documented layout', async () => {
    const data = await tempDir();
    const root = join(data, 'results');
    const zip = Buffer.from(zipSync({ 'main.md': strToU8('# hi') })).toString('base64');
    const bytes = await writeResult(
      root,
      sampleTask(),
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
      sampleTask(),
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
