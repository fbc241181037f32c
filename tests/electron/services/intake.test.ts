// The one intake: pasted bytes and uploaded streams share one size limit and one empty check and leave
// nothing behind when refused; tasks:submit holds back files already queued when asked to, and parses
// every request field before anything is read.
import { afterAll, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '../../../shared/capabilities.ts';
import { storeBytes, storeStream } from '../../../electron/services/files/intake.ts';
import { corpus, makeServices, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

describe('storing pasted and uploaded files', () => {
  it('bytes and streams land under uploads with a safe name', async () => {
    const dir = await tempDir();
    const pasted = await storeBytes(dir, 'a/b.pdf', new Uint8Array([37, 80, 68, 70]));
    expect(pasted.startsWith(dir)).toBe(true);
    expect(pasted.endsWith('a_b.pdf')).toBe(true);
    const uploaded = await storeStream(dir, 'c.pdf', Readable.from([Buffer.from('%PDF-1.4 x')]));
    expect(uploaded.size).toBe(10);
    expect(await readFile(uploaded.path, 'utf8')).toBe('%PDF-1.4 x');
  });

  it('both refuse empty files and files over the one limit, and leave no folder behind', async () => {
    const dir = await tempDir();
    await expect(storeBytes(dir, 'e.pdf', new Uint8Array())).rejects.toMatchObject({ code: 'EMPTY' });
    await expect(storeStream(dir, 'e.pdf', Readable.from([]))).rejects.toMatchObject({ code: 'EMPTY' });
    await expect(
      storeStream(dir, 'big.pdf', Readable.from([Buffer.from('x')]), MAX_FILE_BYTES + 1),
    ).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: 'big.pdf is larger than 200 MB',
    });
    const chunk = Buffer.alloc(8 * 1024 * 1024);
    const endless = Readable.from(
      (function* () {
        for (let i = 0; i < 30; i++) yield chunk; // 240 MB, more than the limit
      })(),
    );
    await expect(storeStream(dir, 'huge.pdf', endless)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('tasks:submit', () => {
  it("duplicates: 'ask' queues new files and holds back those a queued task already has", async () => {
    const h = await makeServices();
    try {
      const a = corpus('pdf-digital/two_paragraphs.pdf');
      const b = corpus('pdf-digital/multi_page.pdf');
      const first = await h.svc.handlers['tasks:submit']({ paths: [a], options: { mode: 'async' }, duplicates: 'ask' });
      expect(first.tasks.map((t) => t.fileName)).toEqual(['two_paragraphs.pdf']);
      const second = await h.svc.handlers['tasks:submit']({
        paths: [a, b],
        options: { mode: 'async' },
        duplicates: 'ask',
      });
      expect(second.tasks.map((t) => t.fileName)).toEqual(['multi_page.pdf']);
      expect(second.duplicates.map((c) => [c.name, c.ok])).toEqual([['two_paragraphs.pdf', true]]);
      const again = await h.svc.handlers['tasks:submit']({ paths: [a], options: { mode: 'async' } });
      expect(again.tasks.map((t) => t.fileName)).toEqual(['two_paragraphs.pdf']);
      expect(again.duplicates).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('refuses malformed requests before reading anything', async () => {
    const h = await makeServices();
    try {
      const paths = [corpus('pdf-digital/two_paragraphs.pdf')];
      const bad = [
        { paths, options: 'fast' },
        { paths, options: { colour: true } },
        { paths, options: { mode: 'turbo' } },
        { paths, options: { formats: [] } },
        { paths, options: { featureConfig: { keep_header_footer: 'yes' } } },
        { paths, duplicates: 'maybe' },
      ];
      for (const req of bad)
        await expect(h.svc.handlers['tasks:submit'](req as never)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
      expect(await h.svc.handlers['tasks:list']()).toEqual([]);
      const empty = await tempDir();
      expect(await h.svc.handlers['tasks:submit']({ paths: [empty] })).toEqual({
        tasks: [],
        rejected: [],
        duplicates: [],
      });
    } finally {
      await h.close();
    }
  });
});
