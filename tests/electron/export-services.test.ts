// Export of one task to a path against a real results cache (export-fixture.ts), through the real
// 'export:task' handler: Markdown with images, JSON, zip, names and refusals.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZipSafe } from '../../electron/services/fs-safe/zip-read.ts';
import { tempDir } from './services/helpers.ts';
import { codeOf } from '../support/coded.ts';
import { cacheDir, h, ids, linkTargets, parseExportResults, views } from './export-fixture.ts';

parseExportResults();

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
