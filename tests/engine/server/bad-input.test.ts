// Every bad input of the corpus gets a clear answer over HTTP: an error envelope at submit time
// (data {error: message}, a readable one-line message, no stack trace) or a finished task; never a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { corpus, CORPUS, fileForm, pollUntilDone, postForm, startTestServer, type TestServer } from './helpers.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.dispose();
});

const ERROR_CODES = [1104, 1106, 1111, 1132];
const noStack = (msg: string) => {
  expect(msg.length).toBeGreaterThan(10);
  expect(msg).not.toMatch(/\n|\bat .+\(.+:\d+:\d+\)|node:internal|\.ts:\d+/);
};

/** Submits async; returns the immediate error or the finished task's data. */
async function outcome(file: string, name?: string) {
  const sub = await postForm(`${srv.url}/parse/async`, await fileForm(file, {}, name));
  if (sub.body.code !== 0) return { code: sub.body.code, message: sub.body.message, data: sub.body.data };
  const d = await pollUntilDone(srv.url, sub.body.data.task_id);
  return { code: 0, message: d.error ?? '', data: d };
}

describe('bad inputs', () => {
  it('empty file → 1111 "empty"', async () => {
    const r = await outcome(corpus('bad-input/empty.pdf'));
    expect(r).toMatchObject({ code: 1111, data: { error: expect.any(String) } });
    expect(r.message).toMatch(/empty/i);
  });

  it('garbage bytes → 1104/1106 at submit', async () => {
    const r = await outcome(corpus('bad-input/garbage.pdf'));
    expect([1104, 1106]).toContain(r.code);
    expect(r.data).toEqual({ error: r.message });
    noStack(r.message);
  });

  it('password-protected PDFs → 1106 naming the password', async () => {
    for (const f of ['password.pdf', 'password-example.pdf', '2206.01062_pg3.pdf']) {
      const r = await outcome(corpus(`encrypted/${f}`));
      expect(r.code, f).toBe(1106);
      expect(r.message).toMatch(/password|encrypt/i);
      noStack(r.message);
    }
  });

  it('PDFs encrypted with an empty user password parse', async () => {
    for (const f of ['empty_protected.pdf', 'copy-protected.pdf']) {
      const r = await outcome(corpus(`encrypted/${f}`));
      expect(r.code, `${f}: ${r.message}`).toBe(0);
      expect(r.data.status, `${f}: ${r.data.error}`).toBe('SUCCESS');
    }
  });

  it('a JPEG named .pdf is parsed as the image it is, or refused clearly', async () => {
    const r = await outcome(corpus('bad-input/jpeg_with_pdf_extension.pdf'));
    if (r.code === 0) expect(r.data).toMatchObject({ status: 'SUCCESS', metadata: { page_num: 1, file_type: '.jpg' } });
    else {
      expect([1104, 1106]).toContain(r.code);
      expect(r.message).toMatch(/JPEG|not a PDF/i);
    }
  });

  it('a PDF renamed to .docx or .txt is judged by its content or refused with 1104', async () => {
    const r = await outcome(corpus('pdf-digital/two_paragraphs.pdf'), 'report.txt');
    if (r.code === 0) expect(r.data.status).toBe('SUCCESS');
    else expect(r.code).toBe(1104);
  });

  it.each(readdirSync(`${CORPUS}/bad-input`).filter((f) => !['empty.pdf', 'garbage.pdf'].includes(f)))(
    '%s: clear error or a result, no crash',
    async (f) => {
      const r = await outcome(corpus(`bad-input/${f}`));
      if (r.code !== 0) {
        expect(ERROR_CODES, `${f}: ${r.code} ${r.message}`).toContain(r.code);
        expect(r.data).toEqual({ error: r.message });
        noStack(r.message);
      } else if (r.data.status === 'FAILED') {
        noStack(r.data.error);
      } else {
        expect(r.data.status).toBe('SUCCESS');
        expect(r.data.result.outputs.json.pages.length).toBe(r.data.metadata.page_num);
      }
    },
  );

  it('the server still answers after all of them', async () => {
    const r = await postForm(`${srv.url}/parse/sync`, await fileForm(corpus('pdf-digital/two_paragraphs.pdf')));
    expect(r.body.code).toBe(0);
  });
});
