// Export without a destination, through the real 'export:task' handler over a real results cache: browser
// mode serves a temp file once through a download URL; Electron asks main's save dialog.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZipSafe } from '../../electron/services/fs-safe/zip-read.ts';
import { corpus, makeServices, tempDir, waitFinal } from './services/helpers.ts';
import { cacheDir, h, ids, parseExportResults, views } from './export-fixture.ts';

parseExportResults();

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
