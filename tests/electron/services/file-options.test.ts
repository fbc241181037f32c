// Per-file options through the app's services to the real local engine: a page range and an OCR language
// sent with a submit reach the engine (the cached result has only those pages), the cloud gets none of them,
// and a range past the document's end fails with its own code (a file problem: Remove, not Retry).
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileOptions } from '../../../shared/file-options.ts';
import { corpus, fileHarness, waitFinal } from './helpers.ts';

const harness = fileHarness();

describe('per-file options on the local engine', () => {
  it('a page range and an OCR language reach the engine; the result has only those pages', async () => {
    const h = harness();
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/multi_page.pdf')],
      options: { fileOptions: { pageRange: '4-5', ocrLang: 'en' } },
    });
    expect(t!.fileOptions).toEqual({ ocr: true, ocrLang: 'en', pageRange: '4-5' });
    const done = await waitFinal(h, t!.id);
    expect(done.state, JSON.stringify(done.error)).toBe('SUCCESS');
    expect(done.pages).toBe(2);
    const json = JSON.parse(await readFile(join(h.dataDir, 'results', t!.id, 'main.json'), 'utf8'));
    expect(json.pages).toHaveLength(2);
  });

  it('a range past the last page fails with PAGE_RANGE_PAST_END', async () => {
    const h = harness();
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/multi_page.pdf')],
      options: { fileOptions: { pageRange: '7' } },
    });
    const done = await waitFinal(h, t!.id);
    expect(done.error).toMatchObject({ code: 'PAGE_RANGE_PAST_END', message: expect.stringContaining('has 5 pages') });
  });

  it('refuses options that are not options', async () => {
    const h = harness();
    const japanese = { ocrLang: 'ja' } as unknown as Partial<FileOptions>; // not a language the models read
    await expect(
      h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/multi_page.pdf')],
        options: { fileOptions: japanese },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
