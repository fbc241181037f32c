// Upload-time checks on real files: types by content and extension, page counts, and a clear EngineError
// (with the right SoMark code) for every bad, encrypted, renamed or unsupported input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspectDocument, parseDocument } from '../../../engine/core/parse.ts';
import { EngineError } from '../../../engine/errors.ts';
import { corpus, options, tempDir } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => {
  await tmp.dispose();
});

async function codeOf(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return { code: (e as EngineError).code, message: (e as EngineError).message };
  }
  throw new Error('expected an EngineError');
}

describe('inspectDocument', () => {
  it('reports type and page count of PDFs and images', async () => {
    expect(await inspectDocument(corpus('pdf-digital/multi_page.pdf'), 'multi_page.pdf')).toEqual({
      fileType: '.pdf',
      kind: 'pdf',
      pageCount: 5,
    });
    expect(await inspectDocument(corpus('large/freeculture.pdf'), 'freeculture.pdf')).toMatchObject({ pageCount: 352 });
    for (const [f, ext] of [
      ['images/bmp_24.bmp', '.bmp'],
      ['images/webp-test.webp', '.webp'],
      ['images/old_newspaper.png', '.png'],
      ['images/double-column-A.jpg', '.jpg'],
    ]) {
      expect(await inspectDocument(corpus(f), f.split('/')[1])).toEqual({ fileType: ext, kind: 'image', pageCount: 1 });
    }
    // A multi-page TIFF: one page per image in it.
    expect(await inspectDocument(corpus('images/2206.01062.tif'), '2206.01062.tif')).toEqual({
      fileType: '.tif',
      kind: 'image',
      pageCount: 2,
    });
  });

  it.each([
    ['bad-input/empty.pdf', 1106, /empty/],
    ['bad-input/garbage.pdf', 1106, /damaged|not a valid PDF/],
    ['bad-input/GHOSTSCRIPT-698804-1-fuzzed.pdf', 1106, /damaged|not a valid PDF/],
    ['bad-input/REDHAT-1531897-0.pdf', 1106, /damaged|not a valid PDF/],
    ['bad-input/poppler-85140-0.pdf', 1106, /damaged|not a valid PDF/],
    ['bad-input/jpeg_with_pdf_extension.pdf', 1104, /\.pdf.*JPEG/],
    ['encrypted/password.pdf', 1106, /This PDF is password-protected/],
    ['encrypted/password-example.pdf', 1106, /password-protected/],
    ['encrypted/2206.01062_pg3.pdf', 1106, /password-protected/],
    ['office/word_sample.docx', 1104, /\.docx files are not supported by the local engine/],
    ['office/xlsx_01.xlsx', 1104, /not supported by the local engine/],
  ])('%s → %i', async (rel, code, msg) => {
    const e = await codeOf(inspectDocument(corpus(rel), rel.split('/')[1]));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(msg);
    expect(e.message).not.toContain('\n');
  });

  it('rejects empty non-PDF files, unknown extensions and renamed content with 1104', async () => {
    await writeFile(join(tmp.dir, 'empty.png'), '');
    expect((await codeOf(inspectDocument(join(tmp.dir, 'empty.png'), 'empty.png'))).code).toBe(1104);
    await writeFile(join(tmp.dir, 'notes.txt'), 'hello');
    expect((await codeOf(inspectDocument(join(tmp.dir, 'notes.txt'), 'notes.txt'))).message).toMatch(
      /\.txt files are not supported/,
    );
    await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), join(tmp.dir, 'pic.png'));
    const e = await codeOf(inspectDocument(join(tmp.dir, 'pic.png'), 'pic.png'));
    expect(e.code).toBe(1104);
    expect(e.message).toMatch(/\.png extension but contains a PDF/);
  });

  it('accepts a known type without extension by its content', async () => {
    await copyFile(corpus('images/bmp_24.bmp'), join(tmp.dir, 'noext'));
    expect(await inspectDocument(join(tmp.dir, 'noext'), 'noext')).toMatchObject({ fileType: '.bmp', pageCount: 1 });
  });
});

describe('parseDocument on damaged and protected files', () => {
  const dirs = ['bad-input', 'encrypted'];
  it('never crashes: every file parses to pages or fails with EngineError 1104/1106', async () => {
    for (const d of dirs) {
      for (const f of await readdir(corpus(d))) {
        try {
          const doc = await parseDocument(corpus(`${d}/${f}`), f, options(tmp.dir, { ef: { image: 'none' } }));
          expect(doc.pageCount, f).toBeGreaterThan(0);
          expect(doc.json.pages.length, f).toBe(doc.pageCount);
        } catch (e) {
          expect(e, f).toBeInstanceOf(EngineError);
          expect([1104, 1106], f).toContain((e as EngineError).code);
        }
      }
    }
  });

  it('repairs what mupdf can repair and keeps the text', async () => {
    const doc = await parseDocument(corpus('bad-input/helloworld-bad.pdf'), 'helloworld-bad.pdf', options(tmp.dir));
    expect(doc.markdown).toContain('Hello, world!');
    const trunc = await parseDocument(
      corpus('bad-input/truncated_multi_page.pdf'),
      'truncated_multi_page.pdf',
      options(tmp.dir),
    );
    expect(trunc.markdown).toContain('The Evolution of the Word Processor');
    // Its headings' font was lost with the file's end: mupdf gives their glyph codes, which are no text
    // (issue 28): none of the symbol soup nor the column of lone "!" bullets reaches the Markdown.
    expect(trunc.markdown).not.toMatch(/[!"#$%&()*+,./:;<=>?@\\]{4,}/);
    expect(trunc.markdown).not.toMatch(/^\S$/m);
    expect(trunc.markdown).toContain('The origins of word processing');
    const open = await parseDocument(corpus('encrypted/copy-protected.pdf'), 'copy-protected.pdf', options(tmp.dir));
    expect(open.markdown).toContain('LayoutParser');
  });

  it('enforces maxPages with 1132', async () => {
    const e = await codeOf(
      parseDocument(corpus('pdf-digital/multi_page.pdf'), 'multi_page.pdf', options(tmp.dir, { maxPages: 3 })),
    );
    expect(e.code).toBe(1132);
  });
});
