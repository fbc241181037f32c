// Local extensions `page_range`, `ocr` and `ocr_lang` over real HTTP: the result holds only the asked pages
// (with the cut PDF as its preview), bad values answer 1133 naming the field, and a task's OCR settings are
// kept in its record so a resumed run uses them again.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, fileForm, pollUntilDone, postForm, startTestServer, type TestServer } from './helpers.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.dispose();
});

const FIVE = corpus('pdf-digital/multi_page.pdf');

async function taskRecord(id: string): Promise<Record<string, unknown>> {
  for (const dir of await readdir(srv.dataDir, { recursive: true })) {
    if (dir.endsWith(join(id, 'task.json'))) return JSON.parse(await readFile(join(srv.dataDir, dir), 'utf8'));
  }
  throw new Error(`no task.json for ${id}`);
}

describe('page_range', () => {
  it('parses only the pages asked for, and serves the cut PDF as the preview', async () => {
    const whole = await postForm(`${srv.url}/parse/sync`, await fileForm(FIVE));
    expect(whole.body.data.metadata.page_num).toBe(5);
    const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(FIVE, { page_range: '2-3' }));
    expect(body.code, body.message).toBe(0);
    expect(body.data.metadata.page_num).toBe(2);
    expect(body.data.result.outputs.json.pages).toHaveLength(2);
    const md: string = body.data.result.outputs.markdown;
    expect(md.length).toBeLessThan(whole.body.data.result.outputs.markdown.length);
    // The text of page 2 is in, the first heading of page 1 is not.
    const firstLine = (whole.body.data.result.outputs.markdown as string).split('\n').find((l) => l.trim())!;
    expect(md).not.toContain(firstLine);
    const pdf = await fetch(String(body.data.result.pdf_url));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it.each([
    ['9', 'has 5 pages'],
    ['3-1', 'count up'],
    ['x', 'not a page'],
  ])('"%s" answers 1133 (%s)', async (range, words) => {
    const { body } = await postForm(`${srv.url}/parse/async`, await fileForm(FIVE, { page_range: range }));
    expect(body.code).toBe(1133);
    expect(body.message).toContain(words);
  });
});

describe('ocr and ocr_lang', () => {
  it('keeps the task OCR settings in its record (a resumed run uses them)', async () => {
    const { body } = await postForm(`${srv.url}/parse/async`, await fileForm(FIVE, { ocr: 'false', ocr_lang: 'zh' }));
    expect(body.code, body.message).toBe(0);
    await pollUntilDone(srv.url, body.data.task_id);
    expect((await taskRecord(body.data.task_id)).ocr).toEqual({ enabled: false, lang: 'zh' });
  });

  it('ocr=false leaves a scan without text', async () => {
    const { body } = await postForm(
      `${srv.url}/parse/sync`,
      await fileForm(corpus('pdf-scanned/ocr_test.pdf'), { ocr: 'false' }),
    );
    expect(body.code, body.message).toBe(0);
    expect((body.data.result.outputs.markdown as string).replace(/!\[[^\]]*\]\([^)]*\)/g, '')).not.toMatch(
      /[A-Za-z]{4,}/,
    );
  });

  it('an unknown language answers 1133 naming the field', async () => {
    const { body } = await postForm(`${srv.url}/parse/async`, await fileForm(FIVE, { ocr_lang: 'klingon' }));
    expect(body.code).toBe(1133);
    expect(body.message).toContain('ocr_lang must be one of auto, en, zh');
  });
});
