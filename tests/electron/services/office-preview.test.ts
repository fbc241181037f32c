// An Office file on the local engine (real LibreOffice): the task succeeds with its own file type, the
// converted PDF is cached beside the result, and the review screen's view points at it as a PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findSoffice } from '../../../engine/source/office/soffice.ts';
import { corpus, makeServices, removeTemps, waitFinal, type Harness } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await makeServices();
});
afterAll(async () => {
  await h?.close();
  await removeTemps();
});

describe.skipIf(!findSoffice())('Office preview', () => {
  it('word_sample.docx → SUCCESS; preview.pdf cached; results:get serves it as a PDF', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('office/word_sample.docx')] });
    const done = await waitFinal(h, t!.id, 120_000);
    expect(done.error).toBeNull();
    expect(done.state).toBe('SUCCESS');
    expect(done.backend).toBe('local');
    const dir = join(h.dataDir, 'results', t!.id);
    const meta = JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'));
    expect(meta).toMatchObject({ original: 'original.docx', preview: 'preview.pdf', metadata: { file_type: '.docx' } });
    expect((await readFile(join(dir, 'preview.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    const view = await h.svc.handlers['results:get']({ id: t!.id });
    expect(view.originalUrl).toMatch(/results\/.+\/preview\.pdf$/);
    expect(view.previewType).toBe('.pdf');
    expect(view.json?.pages.length).toBe(meta.metadata.page_num);
  }, 150_000);
});
