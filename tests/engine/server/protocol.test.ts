// Black-box protocol checks that need no parsing: routes, aliases, HEAD, envelope on every error,
// auth with and without keys, parameter errors, missing file, oversized upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAsBlob } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus, fileForm, KEY, postForm, startTestServer, type TestServer } from './helpers.ts';

let srv: TestServer;
let open: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ maxBytes: 100 * 1024 });
  open = await startTestServer({ noAuth: true, apiKeys: [] });
});
afterAll(async () => {
  await srv?.dispose();
  await open?.dispose();
});

const ENDPOINTS = [
  '/parse/sync',
  '/parse/async',
  '/parse/async_check',
  '/usage',
  '/extract/acc_sync',
  '/extract/async',
  '/extract/async_check',
];

describe('routes and envelope', () => {
  it('serves the base URL on a random loopback port', () => {
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(srv.port).toBeGreaterThan(0);
  });

  it('answers HEAD and GET on the base below 500', async () => {
    const head = await fetch(srv.url, { method: 'HEAD' });
    expect(head.status).toBeLessThan(500);
    expect(await head.text()).toBe('');
    const get = await fetch(`${srv.url}/`);
    expect(get.status).toBe(200);
    expect((await get.json()).code).toBe(0);
  });

  it.each(ENDPOINTS)('%s rejects a wrong key with 1107 in an HTTP 200 envelope', async (ep) => {
    const r = await postForm(srv.url + ep, new URLSearchParams({ api_key: 'sk-wrong', task_id: 'x' }));
    expect(r.status).toBe(200);
    expect(r.type).toContain('application/json');
    expect(r.body).toMatchObject({ code: 1107, data: { error: expect.any(String) } });
    expect(r.body.message).toMatch(/API key/i);
  });

  it.each(ENDPOINTS)('%s rejects a missing key with 1107 (multipart)', async (ep) => {
    const form = new FormData();
    form.append('task_id', 'abc');
    const r = await postForm(srv.url + ep, form);
    expect(r.body).toMatchObject({ code: 1107, data: { error: expect.any(String) } });
  });

  it('unknown paths and wrong methods answer a JSON envelope, not HTML', async () => {
    for (const [url, method] of [
      [`${srv.url}/nope`, 'POST'],
      [`${srv.url.replace('/api/v1', '')}/index.html`, 'GET'],
      [`${srv.url}/parse/sync`, 'GET'],
    ] as const) {
      const res = await fetch(url, { method });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await res.json();
      expect(body.code).not.toBe(0);
      expect(body.data).toEqual({ error: body.message });
    }
  });

  it('a malformed multipart body is a 1133 envelope', async () => {
    const res = await fetch(`${srv.url}/parse/async`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="api_key"\r\n\r\nsk',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).code).toBe(1133);
  });

  it('an unsupported content type is a 1133 envelope', async () => {
    const res = await fetch(`${srv.url}/usage`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(await res.json()).toMatchObject({ code: 1133, data: { error: expect.any(String) } });
  });
});

describe('usage and auth', () => {
  it('/usage answers remaining pages for a valid key, url-encoded and multipart', async () => {
    for (const body of [new URLSearchParams({ api_key: KEY }), await fileForm(null)]) {
      const r = await postForm(`${srv.url}/usage`, body);
      expect(r.body.code).toBe(0);
      expect(r.body.data.remaining_paid_pages).toBeGreaterThan(1_000_000);
      expect(r.body.data.remaining_free_pages_today).toBeGreaterThan(0);
      expect(r.body.data.remaining_free_pages_this_month).toBeGreaterThan(0);
    }
  });

  it('keys also work through the JSON body', async () => {
    const res = await fetch(`${srv.url}/usage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: KEY }),
    });
    expect((await res.json()).code).toBe(0);
  });

  it('a wrong key sent before the file is refused before the upload is stored', async () => {
    const form = new FormData();
    form.append('api_key', 'sk-wrong');
    form.append('file', await openAsBlob(corpus('bad-input/invalid-pdf-structure-pdfminer-one-page.pdf')), 'big.pdf'); // over maxBytes
    const r = await postForm(`${srv.url}/parse/async`, form);
    expect(r.body).toMatchObject({ code: 1107, data: { error: expect.any(String) } });
  });

  it('noAuth accepts a missing, empty or arbitrary key', async () => {
    expect((await postForm(`${open.url}/usage`, null)).body.code).toBe(0);
    expect((await postForm(`${open.url}/usage`, new URLSearchParams({ api_key: '' }))).body.code).toBe(0);
    expect((await postForm(`${open.url}/usage`, new URLSearchParams({ api_key: 'anything' }))).body.code).toBe(0);
  });

  it('refuses to start without keys unless noAuth', async () => {
    await expect(startTestServer({ apiKeys: [] })).rejects.toThrow(/API key/);
  });
});

describe('parameter errors', () => {
  const pdf = corpus('pdf-digital/two_paragraphs.pdf');

  it('async_check without task_id is 1133; an unknown task id is 1133', async () => {
    expect((await postForm(`${srv.url}/parse/async_check`, new URLSearchParams({ api_key: KEY }))).body).toMatchObject({
      code: 1133,
      data: { error: expect.any(String) },
    });
    const r = await postForm(
      `${srv.url}/extract/async_check`,
      new URLSearchParams({ api_key: KEY, task_id: 'f'.repeat(32) }),
    );
    expect(r.body).toMatchObject({ code: 1133, data: { error: expect.any(String) } });
    expect(r.body.message).toMatch(/not found/i);
  });

  it('an invalid output format is 1133 (repeated field and JSON string)', async () => {
    for (const formats of [['markdown', 'docx'], '["json","pdf"]']) {
      const r = await postForm(`${srv.url}/parse/sync`, await fileForm(pdf, { output_formats: formats }));
      expect(r.body).toMatchObject({ code: 1133, data: { error: expect.any(String) } });
      expect(r.body.message).toMatch(/output format/);
    }
  });

  it('bad element_formats / feature_config JSON or values are 1133', async () => {
    const cases: Record<string, string>[] = [
      { element_formats: '{bad' },
      { feature_config: '[1]' },
      { element_formats: '{"image":"gif"}' },
      { extract_config: '{"keep_header_footer":"maybe"}' },
    ];
    for (const fields of cases) {
      const r = await postForm(`${srv.url}/parse/async`, await fileForm(pdf, fields));
      expect(r.body.code, JSON.stringify(fields)).toBe(1133);
    }
  });

  it('no file is 1111; a text field named file is 1111 with a hint', async () => {
    const r = await postForm(`${srv.url}/parse/async`, await fileForm(null));
    expect(r.body).toMatchObject({ code: 1111, data: { error: expect.any(String) } });
    const r2 = await postForm(`${srv.url}/parse/sync`, await fileForm(null, { file: 'not a file' }));
    expect(r2.body.code).toBe(1111);
    expect(r2.body.message).toMatch(/file upload/);
  });

  it('an upload over maxBytes is 1118 and leaves nothing in uploads', async () => {
    const big = corpus('bad-input/invalid-pdf-structure-pdfminer-one-page.pdf'); // 1.2 MB > 100 KB limit
    for (const ep of ['/parse/sync', '/parse/async']) {
      const r = await postForm(srv.url + ep, await fileForm(big));
      expect(r.body).toMatchObject({ code: 1118, data: { error: expect.any(String) } });
      expect(r.body.message).toMatch(/larger than the limit/);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await readdir(join(srv.dataDir, 'uploads'))).toEqual([]);
  });
});
