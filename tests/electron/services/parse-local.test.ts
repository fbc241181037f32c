// End to end against the real local engine (backend 'local', started lazily by the services):
// sync and async parses, the auto choice, the results cache and the views built on it.
import { findSoffice } from '../../../engine/source/office/soffice.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, readFile, readdir, stat, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus, makeServices, removeTemps, tempDir, updates, waitFinal, type Harness } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await makeServices();
});
afterAll(async () => {
  await h.close();
  await removeTemps();
});

describe('local engine parses', () => {
  it('sync: two_paragraphs.pdf reaches SUCCESS and is cached (md, json, result.json, original)', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/two_paragraphs.pdf')],
      options: { mode: 'sync' },
    });
    expect(t!.id).toMatch(/^req_/);
    expect(t!.state).toBe('queued');
    const done = await waitFinal(h, t!.id);
    expect(done.error).toBeNull();
    expect(done.state).toBe('SUCCESS');
    expect(done.mode).toBe('sync');
    expect(done.remoteTaskId).toMatch(/^[0-9a-f]{32}$/);
    expect(done.backend).toBe('local');
    expect(done.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(done.pages).toBe(1);
    expect(done.resultBytes).toBeGreaterThan(0);
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt!);

    const dir = join(h.dataDir, 'results', t!.id);
    const md = await readFile(join(dir, 'main.md'), 'utf8');
    expect(md).toContain('first paragraph');
    const json = JSON.parse(await readFile(join(dir, 'main.json'), 'utf8'));
    expect(json.pages).toHaveLength(1);
    const meta = JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'));
    expect(meta).toMatchObject({
      taskId: t!.id,
      remoteTaskId: done.remoteTaskId,
      fileName: 'two_paragraphs.pdf',
      hasJson: true,
      original: 'original.pdf',
    });
    const original = await readFile(join(dir, 'original.pdf'));
    expect(original.equals(await readFile(corpus('pdf-digital/two_paragraphs.pdf')))).toBe(true);

    const states = updates(h, t!.id).map((u) => u.state);
    expect(states).toContain('uploading');
    expect(states.at(-1)).toBe('SUCCESS');
  });

  it('async (forced): polls through QUEUING/PROCESSING with progress to SUCCESS; images cached and links rewritten', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/picture_classification.pdf')],
      options: { mode: 'async', formats: ['markdown', 'json', 'zip'] },
    });
    const done = await waitFinal(h, t!.id);
    expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
    expect(done.mode).toBe('async');
    expect(done.progress).toEqual({ pages_done: 2, pages_total: 2 });
    const seen = updates(h, t!.id);
    expect(seen.some((u) => u.state === 'QUEUING' && u.remoteTaskId === done.remoteTaskId)).toBe(true);
    expect(seen.some((u) => u.state === 'PROCESSING')).toBe(true);
    const pct = seen.map((u) => u.uploadPercent).filter((p): p is number => p !== null);
    expect(pct.at(-1)).toBe(100);

    const view = await h.svc.handlers['results:get']({ id: t!.id });
    expect(view.task.id).toBe(t!.id);
    expect(view.json?.pages).toHaveLength(2);
    const local = Object.values(view.images);
    expect(local.length).toBeGreaterThanOrEqual(1);
    for (const rel of local) {
      expect(rel).toMatch(/^images\/image_\d{3}\.png$/);
      expect(view.markdown).toContain(`](./${rel})`);
      const file = h.svc.resolveAsset(`results/${t!.id}/${rel}`);
      expect(file).not.toBeNull();
      expect((await readFile(file!)).subarray(1, 4).toString()).toBe('PNG');
    }
    expect(view.markdown).not.toMatch(/https?:\/\/127\.0\.0\.1/);
    expect(view.originalUrl).toBe(`http://127.0.0.1:9/assets/results/${t!.id}/original`);
    expect(view.assetBase).toBe(`http://127.0.0.1:9/assets/results/${t!.id}/`);
    expect(h.svc.resolveAsset(`results/${t!.id}/original`)).toMatch(/original\.pdf$/);
    const zip = await readFile(join(h.dataDir, 'results', t!.id, 'bundle.zip'));
    expect(zip.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))).toBe(true);
  });

  it('auto on the local engine: async whatever the size (held checks end it at once, pages show progress)', async () => {
    const {
      tasks: [small],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/two_paragraphs.pdf')] });
    const s = await waitFinal(h, small!.id);
    expect([s.state, s.mode]).toEqual(['SUCCESS', 'async']);
    const {
      tasks: [many],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('pdf-digital/normal_4pages.pdf')] });
    expect(many!.pages).toBe(4);
    const m = await waitFinal(h, many!.id);
    expect([m.state, m.mode]).toEqual(['SUCCESS', 'async']);
  });

  it('results open from the cache after the original is gone, and after a restart', async () => {
    const dir = await tempDir();
    const copy = join(dir, 'moved.pdf');
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), copy);
    await chmod(copy, 0o644); // the corpus may be read-only, and copyFile keeps the mode
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [copy] });
    expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
    await writeFile(copy, ''); // the user's file changes afterwards: the cached original does not
    const view = await h.svc.handlers['results:get']({ id: t!.id });
    expect(view.markdown).toContain('second paragraph');
    const cached = h.svc.resolveAsset(`results/${t!.id}/original`);
    expect((await stat(cached!)).size).toBeGreaterThan(1000);
    expect(await readdir(join(h.dataDir, 'results'))).toContain(t!.id);
  });

  it('results:get refuses unknown and malformed ids', async () => {
    await expect(h.svc.handlers['results:get']({ id: 'req_doesnotexist1' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(h.svc.handlers['results:get']({ id: '../../etc' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('app:ready answers AppInfo', async () => {
    expect(await h.svc.handlers['app:ready']()).toEqual({
      version: '0.0.0-test',
      transport: 'web',
      platform: process.platform,
      locale: 'en',
      dataDir: h.dataDir,
      // Whether the local engine can take Office files (LibreOffice found), for the drop zone and picker.
      localOffice: findSoffice() !== null,
      // The program the engine uses (no LibreOffice setting here: the one found).
      soffice: findSoffice(),
    });
  });
});
