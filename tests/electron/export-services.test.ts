// Export against a real results cache: corpus PDFs parsed by the real local engine through the app
// services (createAppServices), then exported through the real 'export:task' handler.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultView } from '../../shared/task.ts';
import { readZipSafe } from '../../electron/services/fs-safe/zip-read.ts';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './services/helpers.ts';
import { codeOf } from '../support/coded.ts';

let h: Harness;
const ids = { pic: '', two: '', multi: '', picNoZip: '' };
const views: Record<string, ResultView> = {};

async function parse(rel: string, formats: ('markdown' | 'json' | 'zip')[]): Promise<string> {
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({ paths: [corpus(rel)], options: { formats } });
  const done = await waitFinal(h, t!.id, 120_000);
  expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
  views[t!.id] = await h.svc.handlers['results:get']({ id: t!.id });
  return t!.id;
}

const cacheDir = (id: string): string => join(h.dataDir, 'results', id);
const linkTargets = (md: string, folder: string): string[] =>
  [...md.matchAll(new RegExp(`\\./${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([^)\\s"']+)`, 'g'))].map(
    (m) => m[1]!,
  );

beforeAll(async () => {
  h = await makeServices();
  ids.pic = await parse('pdf-digital/picture_classification.pdf', ['markdown', 'json', 'zip']);
  ids.two = await parse('pdf-digital/two_paragraphs.pdf', ['markdown']);
  ids.multi = await parse('pdf-digital/multi_page.pdf', ['markdown', 'json']);
  ids.picNoZip = await parse('pdf-digital/picture_classification.pdf', ['markdown', 'json']);
}, 300_000);
afterAll(async () => {
  await h.close();
  await removeTemps();
});

describe('export one task to a path', () => {
  it('Markdown + images/ folder: byte-identical Markdown, every linked image present and equal', async () => {
    const out = await tempDir('dp-xp-');
    const dest = join(out, 'picture_classification.md');
    const res = await h.svc.handlers['export:task']({ id: ids.pic, format: 'markdown', destPath: dest });
    expect(res).toEqual({ written: [dest, join(out, 'images')], downloadUrl: null });
    const md = await readFile(dest, 'utf8');
    expect(md).toBe(views[ids.pic]!.markdown);
    const linked = linkTargets(md, 'images');
    expect(linked.length).toBeGreaterThan(0);
    for (const img of linked) {
      expect(
        (await readFile(join(out, 'images', img))).equals(await readFile(join(cacheDir(ids.pic), 'images', img))),
      ).toBe(true);
    }
  });

  it('a second Markdown export beside it uses <stem>_images/ and rewrites the links consistently', async () => {
    const out = await tempDir('dp-xp-');
    await h.svc.handlers['export:task']({ id: ids.pic, format: 'markdown', destPath: join(out, 'a.md') });
    await h.svc.handlers['export:task']({ id: ids.pic, format: 'markdown', destPath: join(out, 'my copy.md') });
    expect((await readdir(out)).sort()).toEqual(['a.md', 'images', 'my copy.md', 'my copy_images']);
    const md = await readFile(join(out, 'my copy.md'), 'utf8');
    expect(md).toBe(views[ids.pic]!.markdown.replaceAll('./images/', './my%20copy_images/'));
    for (const img of linkTargets(md, 'my%20copy_images')) await readFile(join(out, 'my copy_images', img));
  });

  it('never overwrites without overwrite: true', async () => {
    const out = await tempDir('dp-xp-');
    const dest = join(out, 'x.json');
    await writeFile(dest, 'keep me');
    expect(await codeOf(h.svc.handlers['export:task']({ id: ids.pic, format: 'json', destPath: dest }))).toBe('EXISTS');
    expect(await readFile(dest, 'utf8')).toBe('keep me');
    const md = join(out, 'x.md');
    await writeFile(md, 'keep me too');
    expect(await codeOf(h.svc.handlers['export:task']({ id: ids.pic, format: 'markdown', destPath: md }))).toBe(
      'EXISTS',
    );
    expect(await readdir(out)).toEqual(['x.json', 'x.md']); // no images folder left behind
    await h.svc.handlers['export:task']({
      id: ids.pic,
      format: 'json',
      json: 'service',
      destPath: dest,
      overwrite: true,
    });
    expect(JSON.parse(await readFile(dest, 'utf8'))).toEqual(views[ids.pic]!.json);
  });

  it('Markdown with inlined images: one file, data URIs equal to the cached images', async () => {
    const out = await tempDir('dp-xp-');
    const dest = join(out, 'inline.md');
    await h.svc.handlers['export:task']({ id: ids.pic, format: 'markdown', images: 'inline', destPath: dest });
    expect(await readdir(out)).toEqual(['inline.md']);
    const md = await readFile(dest, 'utf8');
    expect(md).not.toContain('./images/');
    const uris = [...md.matchAll(/data:image\/(\w+);base64,([A-Za-z0-9+/=]+)/g)];
    expect(uris.length).toBe(linkTargets(views[ids.pic]!.markdown, 'images').length);
    const first = linkTargets(views[ids.pic]!.markdown, 'images')[0]!;
    expect(Buffer.from(uris[0]![2]!, 'base64').equals(await readFile(join(cacheDir(ids.pic), 'images', first)))).toBe(
      true,
    );
  });

  it('JSON: a byte-for-byte copy of main.json, deep-equal to what the app shows', async () => {
    const out = await tempDir('dp-xp-');
    const dest = join(out, 'multi.json');
    await h.svc.handlers['export:task']({ id: ids.multi, format: 'json', destPath: dest });
    expect((await readFile(dest)).equals(await readFile(join(cacheDir(ids.multi), 'main.json')))).toBe(true);
    expect(JSON.parse(await readFile(dest, 'utf8'))).toEqual(views[ids.multi]!.json);
  });

  it('JSON of a task parsed without JSON: NO_JSON, nothing written', async () => {
    const out = await tempDir('dp-xp-');
    expect(
      await codeOf(h.svc.handlers['export:task']({ id: ids.two, format: 'json', destPath: join(out, 'two.json') })),
    ).toBe('NO_JSON');
    expect(await readdir(out)).toEqual([]);
  });

  it("zip: the service's own verified bundle when it was requested", async () => {
    const out = await tempDir('dp-xp-');
    const dest = join(out, 'pic.zip');
    await h.svc.handlers['export:task']({ id: ids.pic, format: 'zip', destPath: dest });
    const bytes = await readFile(dest);
    expect(bytes.equals(await readFile(join(cacheDir(ids.pic), 'bundle.zip')))).toBe(true);
    const files = readZipSafe(bytes);
    expect(files.has('main.md')).toBe(true);
    expect([...files.keys()].some((n) => /^images\/image_\d{3}\.\w+$/.test(n))).toBe(true);
  });

  it('zip assembled locally otherwise: main.md (as shown), main.json (byte copy), images/', async () => {
    const out = await tempDir('dp-xp-');
    const dest = join(out, 'multi.zip');
    await h.svc.handlers['export:task']({ id: ids.multi, format: 'zip', destPath: dest });
    const files = readZipSafe(await readFile(dest));
    expect(Buffer.from(files.get('main.md')!).toString('utf8')).toBe(views[ids.multi]!.markdown);
    expect(Buffer.from(files.get('main.json')!).equals(await readFile(join(cacheDir(ids.multi), 'main.json')))).toBe(
      true,
    );
    const cachedImages = await readdir(join(cacheDir(ids.multi), 'images')).catch(() => []);
    expect([...files.keys()].filter((n) => n.startsWith('images/')).sort()).toEqual(
      cachedImages.map((n) => `images/${n}`).sort(),
    );
  });

  it('self-contained exports: no service URL left; img_url points at bundled images or is a data URI', async () => {
    const id = ids.picNoZip;
    const served = await readFile(join(cacheDir(id), 'main.json'), 'utf8');
    const urls = Object.keys(views[id]!.images);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.some((u) => served.includes(u))).toBe(true); // the cache keeps the service's answer
    const imgUrls = (json: string): string[] =>
      [...json.matchAll(/"img_url":\s*"([^"]*)"/g)].map((m) => m[1]!).filter((u) => u !== '');
    const out = await tempDir('dp-xp-');

    await h.svc.handlers['export:task']({ id, format: 'zip', destPath: join(out, 'p.zip') });
    const zip = readZipSafe(await readFile(join(out, 'p.zip')));
    const zipJson = Buffer.from(zip.get('main.json')!).toString('utf8');
    expect(zipJson).not.toContain('http://127.0.0.1');
    expect(imgUrls(zipJson).length).toBeGreaterThan(0);
    for (const u of imgUrls(zipJson)) expect([...zip.keys()]).toContain(u);

    await h.svc.handlers['export:task']({ id, format: 'json', destPath: join(out, 'p.json') });
    const single = await readFile(join(out, 'p.json'), 'utf8');
    expect(single).not.toContain('http://127.0.0.1');
    for (const u of imgUrls(single)) expect(u).toMatch(/^data:image\/\w+;base64,/);

    await h.svc.handlers['export:task']({ id, format: 'json', json: 'service', destPath: join(out, 'as-is.json') });
    expect(await readFile(join(out, 'as-is.json'), 'utf8')).toBe(served);

    const batch = await h.svc.handlers['export:batch']({
      ids: [id],
      formats: ['markdown', 'json'],
      destDir: join(out, 'batch'),
    });
    const folder = join(out, 'batch', 'picture_classification');
    expect(batch.skipped).toEqual([]);
    const folderJson = await readFile(join(folder, 'picture_classification.json'), 'utf8');
    expect(folderJson).not.toContain('http://127.0.0.1');
    for (const u of imgUrls(folderJson)) await readFile(join(folder, u));
    expect(await readdir(folder)).toEqual(['images', 'picture_classification.json', 'picture_classification.md']);
  });

  it('refuses relative paths, unknown ids and bad requests with coded errors', async () => {
    expect(await codeOf(h.svc.handlers['export:task']({ id: ids.pic, format: 'json', destPath: 'rel/x.json' }))).toBe(
      'BAD_PATH',
    );
    expect(
      await codeOf(
        h.svc.handlers['export:task']({ id: 'req_nonexistent000', format: 'json', destPath: '/tmp/x.json' }),
      ),
    ).toBe('NOT_FOUND');
    expect(await codeOf(h.svc.handlers['export:task']({ id: ids.pic, format: 'pdf' as 'json' }))).toBe(
      'INVALID_REQUEST',
    );
    const file = join(await tempDir('dp-xp-'), 'f');
    await writeFile(file, '');
    expect(
      await codeOf(h.svc.handlers['export:task']({ id: ids.pic, format: 'zip', destPath: join(file, 'x.zip') })),
    ).toBe('NO_FOLDER');
  });
});

describe('export without a destination', () => {
  it('browser mode: a temp file under the data folder, served once through a download URL', async () => {
    const res = await h.svc.handlers['export:task']({ id: ids.multi, format: 'json' });
    expect(res.downloadUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\/assets\/downloads\/[0-9a-f]+\/multi_page\.json$/);
    expect(res.written[0]!.startsWith(join(h.dataDir, 'exports'))).toBe(true);
    const served = h.svc.resolveAsset(res.downloadUrl!.replace('http://127.0.0.1:9/assets/', ''));
    expect(served).not.toBeNull();
    expect((await readFile(served!)).equals(await readFile(join(cacheDir(ids.multi), 'main.json')))).toBe(true);
  });

  it('browser mode: Markdown with an images folder downloads as <stem>-markdown.zip', async () => {
    const res = await h.svc.handlers['export:task']({ id: ids.pic, format: 'markdown', images: 'folder' });
    expect(res.downloadUrl).toMatch(/picture_classification-markdown\.zip$/);
    const files = readZipSafe(await readFile(res.written[0]!));
    expect(Buffer.from(files.get('picture_classification.md')!).toString('utf8')).toBe(views[ids.pic]!.markdown);
    expect([...files.keys()].some((n) => n.startsWith('images/'))).toBe(true);
  });

  it('Electron: the save dialog gets the default name; cancel writes nothing; a choice is written', async () => {
    const asked: string[] = [];
    let answer: string | null = null;
    const e = await makeServices({
      dataDir: await tempDir('dp-xp-el-'),
      transport: 'electron',
      dialogs: {
        saveFile: async (n) => {
          asked.push(n);
          return answer;
        },
        pickFolder: async () => null,
        openFiles: async () => null,
      },
    });
    try {
      const {
        tasks: [t],
      } = await e.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/two_paragraphs.pdf')],
        options: { formats: ['markdown'] },
      });
      expect((await waitFinal(e, t!.id, 120_000)).state).toBe('SUCCESS');
      expect(await e.svc.handlers['export:task']({ id: t!.id, format: 'markdown' })).toEqual({
        written: [],
        downloadUrl: null,
      });
      expect(asked).toEqual(['two_paragraphs.md']);
      const out = await tempDir('dp-xp-');
      await mkdir(join(out, 'sub'));
      answer = join(out, 'sub', 'chosen.md');
      await writeFile(answer, 'old'); // the native dialog already asked to replace it
      const res = await e.svc.handlers['export:task']({ id: t!.id, format: 'markdown' });
      expect(res.written).toEqual([answer]);
      expect(await readFile(answer, 'utf8')).toBe((await e.svc.handlers['results:get']({ id: t!.id })).markdown);
    } finally {
      await e.close();
    }
  }, 180_000);
});
