// File checks (what tasks:submit runs once per file) on real inputs: the corpus (good documents and its bad-input folder) and generated
// folders with hidden files, symlink loops, unsupported, oversized and mislabelled files.
import { afterAll, describe, expect, it } from 'vitest';
import { chmod, mkdir, open, symlink, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkPaths } from '../../../electron/services/files/check.ts';
import { sniff } from '../../../shared/file-types.ts';
import { countPdfPages } from '../../../electron/services/files/pages.ts';
import { corpus, makeServices, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

const codes = (list: Awaited<ReturnType<typeof checkPaths>>) =>
  Object.fromEntries(list.map((c) => [c.name, c.error?.code ?? 'ok']));

describe('file checks', () => {
  it('the corpus bad-input folder: empty, mislabelled and structurally broken files', async () => {
    const got = codes(await checkPaths([corpus('bad-input')]));
    expect(got['empty.pdf']).toBe('EMPTY');
    expect(got['jpeg_with_pdf_extension.pdf']).toBe('MISMATCH');
    // Broken inside but with a PDF header: the service judges those (code 1106), not the pre-check.
    expect(got['truncated_multi_page.pdf']).toBe('ok');
    expect(Object.keys(got)).toHaveLength(11);
  });

  it('good documents of every supported family pass', async () => {
    const list = await checkPaths([
      corpus('pdf-digital/two_paragraphs.pdf'),
      corpus('images/old_newspaper.png'),
      corpus('images/double-column-A.jpg'),
      corpus('images/bmp_24.bmp'),
      corpus('images/2206.01062.tif'),
      corpus('images/webp-test.webp'),
      corpus('office/lorem_ipsum.docx'),
      corpus('office/powerpoint_sample.pptx'),
      corpus('office/xlsx_01.xlsx'),
    ]);
    expect(list.map((c) => [c.name, c.ok, c.size > 0])).toEqual(list.map((c) => [c.name, true, true]));
  });

  it('folders: recursive, hidden entries skipped, symlink loops end, every problem named', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'sub', 'deeper'), { recursive: true });
    await mkdir(join(root, '.hidden'));
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), join(root, 'a.pdf'));
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), join(root, 'sub', 'deeper', 'b.pdf'));
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), join(root, '.hidden', 'c.pdf'));
    await writeFile(join(root, '.DS_Store'), 'x');
    await writeFile(join(root, 'notes.txt'), 'hello');
    await writeFile(join(root, 'README'), 'hello');
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), join(root, 'sub', 'report.docx'));
    await copyFile(corpus('images/old_newspaper.png'), join(root, 'sub', 'photo.jpg'));
    await writeFile(
      join(root, 'legacy.doc'),
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
    );
    await symlink(root, join(root, 'sub', 'loop'));
    const big = await open(join(root, 'huge.pdf'), 'w');
    await big.write('%PDF-1.7\n');
    await big.truncate(200 * 1024 * 1024 + 1);
    await big.close();

    const got = codes(await checkPaths([root]));
    expect(got).toEqual({
      'a.pdf': 'ok',
      'b.pdf': 'ok',
      'legacy.doc': 'ok',
      'huge.pdf': 'TOO_LARGE',
      'notes.txt': 'UNSUPPORTED',
      README: 'UNSUPPORTED',
      'report.docx': 'MISMATCH',
      'photo.jpg': 'MISMATCH',
    });
    const list = await checkPaths([root]);
    expect(list.find((c) => c.name === 'photo.jpg')!.error!.message).toBe(
      'photo.jpg is named ".jpg" but its content is a PNG image',
    );
    expect(list.find((c) => c.name === 'huge.pdf')!.error!.message).toMatch(/200\.0 MB/);
  });

  it('missing and unreadable paths are UNREADABLE', async () => {
    const dir = await tempDir();
    const locked = join(dir, 'locked.pdf');
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), locked);
    await chmod(locked, 0o000);
    const got = codes(await checkPaths([join(dir, 'nope.pdf'), locked]));
    expect(got['nope.pdf']).toBe('UNREADABLE');
    // root reads anything; elsewhere the permission error must show up
    expect(got['locked.pdf']).toBe(process.getuid?.() === 0 ? 'ok' : 'UNREADABLE');
  });

  it('through tasks:submit: same checks, same shape (no internal fields)', async () => {
    const h = await makeServices();
    try {
      const res = await h.svc.handlers['tasks:submit']({ paths: [corpus('bad-input/empty.pdf')] });
      expect(res.rejected).toEqual([
        {
          path: corpus('bad-input/empty.pdf'),
          name: 'empty.pdf',
          size: 0,
          ok: false,
          error: { code: 'EMPTY', message: 'empty.pdf is empty (0 bytes)' },
        },
      ]);
      expect(res.tasks).toEqual([]);
      await expect(h.svc.handlers['tasks:submit']({ paths: 'x' } as never)).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
      });
    } finally {
      await h.close();
    }
  });
});

describe('content sniffing and page counting', () => {
  it('recognises each signature', () => {
    const b = (...xs: Array<number | string>) =>
      Buffer.concat(xs.map((x) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from([x]))));
    expect(sniff(b('%PDF-1.7'))).toBe('pdf');
    expect(sniff(b('\n\n  junk %PDF-1.4'))).toBe('pdf');
    expect(sniff(b(0x89, 'PNG\r\n', 0x1a, '\n'))).toBe('png');
    expect(sniff(b(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniff(b('GIF89a'))).toBe('gif');
    expect(sniff(b('BM', '\0'.repeat(12)))).toBe('bmp');
    expect(sniff(b('II*\0'))).toBe('tiff');
    expect(sniff(b('MM\0*'))).toBe('tiff');
    expect(sniff(b('RIFF\0\0\0\0WEBP'))).toBe('webp');
    expect(sniff(b('PK\x03\x04'))).toBe('zip');
    expect(sniff(b('hello'))).toBeNull();
  });

  it('counts PDF pages without a PDF library (plain, object streams, big files sampled)', async () => {
    expect(await countPdfPages(corpus('pdf-digital/two_paragraphs.pdf'), 25142)).toBe(1);
    expect(
      await countPdfPages(
        corpus('pdf-digital/normal_4pages.pdf'),
        (await import('node:fs')).statSync(corpus('pdf-digital/normal_4pages.pdf')).size,
      ),
    ).toBe(4);
    const st = (await import('node:fs')).statSync(corpus('large/irs-manual-400p.pdf'));
    expect(await countPdfPages(corpus('large/irs-manual-400p.pdf'), st.size)).toBe(400);
    expect(await countPdfPages(corpus('bad-input/garbage.pdf'), 100)).toBeNull();
  });
});
