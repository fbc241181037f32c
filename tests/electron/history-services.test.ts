// History against real cached results (local engine through createAppServices): list, search by
// name and by text with snippets, storage usage, re-run with a parent link, delete one and all,
// and reopening everything after a restart without the engine.
import { copyFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './services/helpers.ts';

let h: Harness;
let two = '';
let multi = '';

beforeAll(async () => {
  h = await makeServices();
  const {
    tasks: [a],
  } = await h.svc.handlers['tasks:submit']({
    paths: [corpus('pdf-digital/two_paragraphs.pdf')],
    options: { formats: ['markdown', 'json'] },
  });
  two = a!.id;
  expect((await waitFinal(h, two, 120_000)).state).toBe('SUCCESS');
  const {
    tasks: [b],
  } = await h.svc.handlers['tasks:submit']({
    paths: [corpus('pdf-digital/multi_page.pdf')],
    options: { formats: ['markdown', 'json'] },
  });
  multi = b!.id;
  expect((await waitFinal(h, multi, 120_000)).state).toBe('SUCCESS');
}, 240_000);
afterAll(async () => {
  await h.close();
  await removeTemps();
});

describe('history', () => {
  it('lists every finished result, newest first, with name, date, pages, backend, size', async () => {
    const items = await h.svc.handlers['history:list']({});
    expect(items.map((i) => i.id)).toEqual([multi, two]);
    const tasks = await h.svc.handlers['tasks:list']();
    const multiTask = tasks.find((t) => t.id === multi)!;
    expect(items[0]).toMatchObject({
      fileName: 'multi_page.pdf',
      pages: multiTask.pages,
      backend: 'local',
      parentId: null,
      snippet: null,
      finishedAt: multiTask.finishedAt,
    });
    expect(items[0]!.bytes).toBe(multiTask.resultBytes);
    // The size shown is the source file's, from the task saved with the result.
    expect(items[0]!.fileSize).toBe((await stat(corpus('pdf-digital/multi_page.pdf'))).size);
    expect(items[0]!.elapsedMs).toBe(multiTask.finishedAt! - multiTask.startedAt!);
  });

  it('searches names case-insensitively', async () => {
    const items = await h.svc.handlers['history:list']({ query: 'MULTI_page' });
    expect(items.map((i) => i.id)).toEqual([multi]);
    expect(items[0]!.snippet).toBeNull();
  });

  it('searches the Markdown text case-insensitively and returns a snippet around the hit', async () => {
    const md = (await h.svc.handlers['results:get']({ id: multi })).markdown;
    const words = md.split(/[^A-Za-z]+/).filter((w) => w.length >= 7);
    const word = words[Math.floor(words.length / 2)]!;
    const items = await h.svc.handlers['history:list']({ query: word.toUpperCase() });
    expect(items.map((i) => i.id)).toContain(multi);
    const hit = items.find((i) => i.id === multi)!;
    expect(hit.snippet!.toLowerCase()).toContain(word.toLowerCase());
    expect(hit.snippet!.length).toBeLessThanOrEqual(word.length + 124);
    expect(await h.svc.handlers['history:list']({ query: 'zzqx-not-in-any-document' })).toEqual([]);
  });

  it('reports storage used', async () => {
    const usage = await h.svc.handlers['storage:usage']();
    const items = await h.svc.handlers['history:list']({});
    expect(usage).toEqual({ bytes: items.reduce((n, i) => n + i.bytes, 0), items: 2, dataDir: h.dataDir });
  });

  it('re-runs with other options (OCR too) from the cached original; both results kept, linked by parentId', async () => {
    const child = await h.svc.handlers['tasks:rerun']({
      id: two,
      options: { featureConfig: { keep_header_footer: true }, fileOptions: { ocr: false } },
    });
    expect(child.parentId).toBe(two);
    // The per-file options asked for reach the new task; the ones not named stay the parent's.
    expect(child.fileOptions).toEqual({ ocr: false, ocrLang: 'auto', pageRange: '' });
    expect(child.fileName).toBe('two_paragraphs.pdf');
    expect(child.featureConfig.keep_header_footer).toBe(true);
    expect(child.formats).toEqual(['markdown', 'json']); // kept from the parent
    expect(child.filePath.startsWith(join(h.dataDir, 'rerun'))).toBe(true);
    expect((await waitFinal(h, child.id, 120_000)).state).toBe('SUCCESS');
    const items = await h.svc.handlers['history:list']({ query: 'two_paragraphs' });
    expect(items.map((i) => [i.id, i.parentId])).toEqual([
      [child.id, two],
      [two, null],
    ]);
  });

  it('re-runs from the cached original when the file moved; NO_ORIGINAL when that is gone too', async () => {
    const moved = join(await tempDir('dp-hist-'), 'moving.pdf');
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), moved);
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [moved], options: { formats: ['markdown'] } });
    expect((await waitFinal(h, t!.id, 120_000)).state).toBe('SUCCESS');
    await rm(moved);
    const again = await h.svc.handlers['tasks:rerun']({ id: t!.id, options: {} });
    expect(again.fileName).toBe('moving.pdf');
    expect((await waitFinal(h, again.id, 120_000)).state).toBe('SUCCESS');
    const meta = JSON.parse(await readFile(join(h.dataDir, 'results', t!.id, 'result.json'), 'utf8'));
    await rm(join(h.dataDir, 'results', t!.id, meta.original));
    await expect(h.svc.handlers['tasks:rerun']({ id: t!.id, options: {} })).rejects.toMatchObject({
      code: 'NO_ORIGINAL',
    });
    await expect(h.svc.handlers['tasks:rerun']({ id: 'req_doesnotexist00', options: {} })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await h.svc.handlers['history:delete']({ ids: [t!.id, again.id] });
  });

  it('deletes one result: cached files and task gone, bytes freed reported', async () => {
    const items = await h.svc.handlers['history:list']({});
    const child = items.find((i) => i.parentId === two)!;
    const { freedBytes } = await h.svc.handlers['history:delete']({ ids: [child.id] });
    expect(freedBytes).toBe(child.bytes);
    await expect(stat(join(h.dataDir, 'results', child.id))).rejects.toThrow();
    expect((await h.svc.handlers['tasks:list']()).some((t) => t.id === child.id)).toBe(false);
    expect((await h.svc.handlers['history:list']({})).map((i) => i.id)).toEqual([multi, two]);
  });

  it('after a restart, history and results open from the cache without the engine', async () => {
    const dataDir = h.dataDir;
    const before = await h.svc.handlers['results:get']({ id: multi });
    await h.close();
    // A cloud backend on an unreachable address: nothing may need the network to reopen results.
    h = await makeServices({ dataDir });
    await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: 'http://127.0.0.1:9/api/v1' });
    const items = await h.svc.handlers['history:list']({ query: 'multi' });
    expect(items.map((i) => i.id)).toEqual([multi]);
    const after = await h.svc.handlers['results:get']({ id: multi });
    expect(after.markdown).toBe(before.markdown);
    expect(after.json).toEqual(before.json);
  });

  it('deletes everything: results folder empty, usage zero', async () => {
    const usage = await h.svc.handlers['storage:usage']();
    const { freedBytes } = await h.svc.handlers['history:clear']();
    expect(freedBytes).toBe(usage.bytes);
    expect(await h.svc.handlers['history:list']({})).toEqual([]);
    expect((await readdir(join(h.dataDir, 'results'))).filter((n) => !n.startsWith('.'))).toEqual([]);
    expect(await h.svc.handlers['storage:usage']()).toMatchObject({ bytes: 0, items: 0 });
    await rm(join(h.dataDir, 'rerun'), { recursive: true, force: true });
  });
});
