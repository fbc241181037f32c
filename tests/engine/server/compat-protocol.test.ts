// Protocol points real clients need (docs/protocol.md, "Compatibility notes"), over real HTTP against
// the real engine: a FAILED task's reason in the envelope message, error envelopes whose `data` is an
// object carrying the reason, the older self-hosted `POST /extract`, and outputs.json.metadata.page_count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAsBlob } from 'node:fs';
import { connect } from 'node:net';
import { makeFixtures, type Fixtures } from './fixtures.ts';
import {
  corpus,
  fileForm,
  KEY,
  postForm,
  startTestServer,
  type Envelope,
  type Json,
  type TestServer,
} from './helpers.ts';

const TWO = corpus('pdf-digital/two_paragraphs.pdf');
const PICTURES = corpus('pdf-digital/picture_classification.pdf');
let srv: TestServer;
let open: TestServer;
let fx: Fixtures;
beforeAll(async () => {
  [srv, open, fx] = await Promise.all([
    startTestServer({ maxBytes: 1024 * 1024 }),
    startTestServer({ noAuth: true, apiKeys: [] }),
    makeFixtures(),
  ]);
});
afterAll(async () => {
  await Promise.all([srv?.dispose(), open?.dispose(), fx?.dispose()]);
});

/** An error envelope: a code, the reason as message, and data an object carrying the same reason. */
const expectErrorEnvelope = (body: Envelope, code: number) => {
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(5);
  expect(body.data).toEqual({ error: body.message });
};

describe('a FAILED task', () => {
  it.each(['/parse/async_check', '/extract/async_check'])(
    '%s: code 0, the reason as the envelope message and in data.error',
    async (path) => {
      const sub = await postForm(`${srv.url}/parse/async`, await fileForm(fx.damagedPng));
      expect(sub.body.code, 'the damaged PNG passes the upload checks').toBe(0);
      const r = await postForm(srv.url + path, new URLSearchParams({ task_id: sub.body.data.task_id, api_key: KEY }));
      expect(r.body.code).toBe(0);
      expect(r.body.data).toMatchObject({ status: 'FAILED', result: null });
      expect(r.body.data.error).toMatch(/damaged|cannot be decoded/);
      expect(r.body.message).toBe(r.body.data.error);
    },
  );

  it('/parse/sync of the same file: an error envelope with the reason in message and data.error', async () => {
    const r = await postForm(`${srv.url}/parse/sync`, await fileForm(fx.damagedPng));
    expectErrorEnvelope(r.body, r.body.code);
    expect(r.body.code).not.toBe(0);
    expect(r.body.message).toMatch(/damaged|cannot be decoded/);
  });
});

describe('error envelopes: data is an object with the reason, never null', () => {
  it.each([
    '/parse/sync',
    '/parse/async',
    '/parse/async_check',
    '/usage',
    '/extract',
    '/extract/acc_sync',
    '/extract/async',
    '/extract/async_check',
  ])('%s with a wrong key: 1107', async (ep) => {
    expectErrorEnvelope(
      (await postForm(srv.url + ep, new URLSearchParams({ api_key: 'sk-wrong', task_id: 'x' }))).body,
      1107,
    );
  });

  it('unknown task, missing file, too large, invalid parameters', async () => {
    expectErrorEnvelope(
      (await postForm(`${srv.url}/parse/async_check`, new URLSearchParams({ api_key: KEY, task_id: 'f'.repeat(32) })))
        .body,
      1133,
    );
    expectErrorEnvelope((await postForm(`${srv.url}/parse/async`, await fileForm(null))).body, 1111);
    expectErrorEnvelope(
      (
        await postForm(
          `${srv.url}/parse/async`,
          await fileForm(corpus('bad-input/invalid-pdf-structure-pdfminer-one-page.pdf')),
        )
      ).body,
      1118,
    );
    expectErrorEnvelope(
      (await postForm(`${srv.url}/parse/sync`, await fileForm(TWO, { output_formats: 'docx' }))).body,
      1133,
    );
  });

  it('unknown paths, wrong methods, unknown files and a malformed HTTP request', async () => {
    const root = srv.url.replace('/api/v1', '');
    for (const [url, method] of [
      [`${srv.url}/nope`, 'POST'],
      [`${root}/index.html`, 'GET'],
      [`${srv.url}/parse/sync`, 'GET'],
      [`${srv.url}/files/${'a'.repeat(32)}/bundle.zip`, 'GET'],
    ] as const) {
      const res = await fetch(url, { method });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectErrorEnvelope(await res.json(), 1133);
    }
    const raw = await new Promise<string>((resolve, reject) => {
      const s = connect(srv.port, '127.0.0.1', () => s.end('NOT-HTTP\r\n\r\n'));
      let text = '';
      s.on('data', (c) => (text += c.toString()));
      s.on('end', () => resolve(text));
      s.on('error', reject);
    });
    expectErrorEnvelope(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), 1133);
  });
});

describe('POST /extract (older self-hosted SoMark; FastGPT private mode)', () => {
  /** FastGPT's private-mode form: no api_key, repeated output_formats, feature_configs. */
  async function privateForm(file: string): Promise<FormData> {
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'two_paragraphs.pdf');
    for (const f of ['json', 'markdown']) form.append('output_formats', f);
    form.append('element_formats', JSON.stringify({ image: 'url', formula: 'latex', table: 'html', cs: 'image' }));
    form.append('feature_configs', JSON.stringify({ enable_title_level_recognition: true, keep_header_footer: false }));
    return form;
  }

  it('answers the finished task with outputs at the top level of the body (and the sync data)', async () => {
    const r = await postForm(`${open.url}/extract`, await privateForm(TWO));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 0,
      message: '任务成功',
      data: { error: null, metadata: { page_num: 1, file_type: '.pdf' } },
    });
    const outputs = (r.body as Json).outputs;
    expect(outputs.markdown).toContain('The second paragraph.');
    expect(outputs.json.pages).toHaveLength(1);
    expect(outputs).toEqual(r.body.data.result.outputs);
  });

  it('with auth on, a missing key is 1107; GET is 405', async () => {
    expectErrorEnvelope((await postForm(`${srv.url}/extract`, await privateForm(TWO))).body, 1107);
    expect((await fetch(`${srv.url}/extract`)).status).toBe(405);
  });
});

describe("outputs.json.metadata.page_count (read by SoMark's somark_parser.py)", () => {
  it('equals metadata.page_num, in sync answers and in async_check answers', async () => {
    const sync = await postForm(`${srv.url}/parse/sync`, await fileForm(PICTURES, { output_formats: ['json'] }));
    expect(sync.body.data.metadata.page_num).toBe(2);
    expect(sync.body.data.result.outputs.json.metadata).toEqual({ page_count: 2 });
    const sub = await postForm(`${srv.url}/parse/async`, await fileForm(TWO));
    const r = await postForm(
      `${srv.url}/parse/async_check`,
      new URLSearchParams({ task_id: sub.body.data.task_id, api_key: KEY }),
    );
    expect(r.body.data.result.outputs.json.metadata.page_count).toBe(1);
  });
});
