// Parsing over HTTP: sync and async (all aliases), result shape, output format selection, element
// formats, crops served from img_url, the zip bundle, page limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { corpus, fileForm, KEY, pollUntilDone, postForm, startTestServer } from './helpers.ts';
import type { Json, TestServer } from './helpers.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ maxPages: 10 });
});
afterAll(async () => {
  await srv?.dispose();
});

const TWO = corpus('pdf-digital/two_paragraphs.pdf');
const PICTURES = corpus('pdf-digital/picture_classification.pdf');
const HEX32 = /^[0-9a-f]{32}$/;

describe('sync', () => {
  it.each(['/parse/sync', '/extract/acc_sync'])('%s answers the whole result in one response', async (ep) => {
    const { status, body } = await postForm(srv.url + ep, await fileForm(TWO));
    expect(status).toBe(200);
    expect(body.code, body.message).toBe(0);
    expect(body.message).toBe('任务成功');
    const d = body.data;
    expect(d.task_id).toMatch(HEX32);
    expect(d.error).toBeNull();
    expect(d.metadata).toEqual({ page_num: 1, file_type: '.pdf' });
    expect(d.result.file_name).toBe('two_paragraphs.pdf');
    expect(Object.keys(d.result.outputs).sort()).toEqual(['json', 'markdown']);
    expect(d.result.outputs.markdown).toContain('The first paragraph.');
    expect(d.result.outputs.json.pages).toHaveLength(1);
    const page = d.result.outputs.json.pages[0];
    expect(page).toMatchObject({ page_num: 0, merge_content_from_pre_page: false });
    expect(page.page_size.w).toBeGreaterThan(0);
    expect(Array.isArray(d.result.imgs)).toBe(true);
    expect(Array.isArray(d.result.catalog)).toBe(true);
  });

  it('honours output_formats: repeated, JSON-array string, single', async () => {
    const only = async (fields: Record<string, string | string[]>) =>
      Object.keys(
        (await postForm(`${srv.url}/parse/sync`, await fileForm(TWO, fields))).body.data.result.outputs,
      ).sort();
    expect(await only({ output_formats: 'markdown' })).toEqual(['markdown']);
    expect(await only({ output_formats: '["json"]' })).toEqual(['json']);
    expect(await only({ output_formats: ['json', 'markdown'] })).toEqual(['json', 'markdown']);
  });

  it('accepts partial feature_config / legacy extract_config with null values', async () => {
    const r = await postForm(
      `${srv.url}/parse/sync`,
      await fileForm(TWO, {
        feature_config: '{"keep_header_footer":null,"enable_title_level_recognition":true}',
        extract_config: '{"enable_text_cross_page":true}',
      }),
    );
    expect(r.body.code, r.body.message).toBe(0);
  });

  it('feature_config reaches the parser: keep_header_footer keeps the page header (also as extract_config)', async () => {
    const doc = corpus('pdf-digital/header-test-doc.pdf');
    const md = async (fields: Record<string, string>) =>
      (await postForm(`${srv.url}/parse/sync`, await fileForm(doc, fields))).body.data.result.outputs
        .markdown as string;
    expect(await md({})).not.toContain('I Am A Header');
    expect(await md({ feature_config: '{"keep_header_footer":true}' })).toContain('I Am A Header');
    expect(await md({ extract_config: '{"keep_header_footer":true}' })).toContain('I Am A Header');
    expect(await md({ feature_config: '{"keep_header_footer":null}' })).not.toContain('I Am A Header');
  });

  it('more pages than maxPages is 1132', async () => {
    const r = await postForm(
      `${srv.url}/parse/sync`,
      await fileForm(corpus('pdf-digital/federal-register-2020-17221.pdf')),
    );
    expect(r.body).toMatchObject({ code: 1132, data: { error: expect.any(String) } });
    expect(r.body.message).toMatch(/15 pages.*limit is 10/);
  });
});

describe('async', () => {
  it.each([
    ['/parse/async', '/parse/async_check'],
    ['/extract/async', '/extract/async_check'],
  ])('%s then %s reach SUCCESS', async (submit, check) => {
    const sub = await postForm(srv.url + submit, await fileForm(TWO));
    expect(sub.body).toMatchObject({ code: 0, message: '任务已提交', data: { status: 'QUEUING' } });
    expect(sub.body.data.task_id).toMatch(HEX32);
    const id = sub.body.data.task_id;
    const seen = new Set<string>();
    let last: Json;
    for (let i = 0; i < 400; i++) {
      const form = new FormData();
      form.append('task_id', id);
      form.append('api_key', KEY);
      const r = await postForm(srv.url + check, form); // multipart check
      expect(r.body.code).toBe(0);
      expect(r.body.message).toBe('查询成功');
      last = r.body.data;
      seen.add(last.status);
      expect(['QUEUING', 'PROCESSING', 'SUCCESS']).toContain(last.status);
      if (last.status !== 'SUCCESS') expect(last.result).toBeNull();
      if (last.status === 'SUCCESS') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(last).toMatchObject({
      task_id: id,
      status: 'SUCCESS',
      file_name: 'two_paragraphs.pdf',
      error: null,
      metadata: { page_num: 1, file_type: '.pdf' },
    });
    expect(last.result.outputs.markdown).toContain('The second paragraph.');
    expect(last.progress).toBeUndefined();
  });

  it('a finished task can be checked again (url-encoded)', async () => {
    const id = (await postForm(`${srv.url}/parse/async`, await fileForm(TWO))).body.data.task_id;
    const a = await pollUntilDone(srv.url, id);
    const b = await pollUntilDone(srv.url, id);
    expect(b).toEqual(a);
  });
});

describe('images and zip', () => {
  it('crops are listed in imgs, linked from img_url and downloadable', async () => {
    const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(PICTURES));
    expect(body.code, body.message).toBe(0);
    const imgs: string[] = body.data.result.imgs;
    expect(imgs.length).toBeGreaterThan(0);
    for (const url of imgs) {
      expect(url).toMatch(new RegExp(`^${srv.url}/files/[0-9a-f]{32}/images/image_\\d{3}\\.png$`));
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
    const blocks = body.data.result.outputs.json.pages.flatMap((p: Json) => p.blocks);
    expect(blocks.filter((b: Json) => b.img_url).map((b: Json) => b.img_url)).toEqual(imgs);
    expect(body.data.result.outputs.markdown).toContain(imgs[0]);
  });

  it('file routes refuse traversal, unknown keys and other names', async () => {
    const { body } = await postForm(`${srv.url}/parse/sync`, await fileForm(PICTURES));
    const img: string = body.data.result.imgs[0];
    const key = img.split('/files/')[1]!.split('/')[0];
    for (const bad of [
      `files/${key}/images/..%2Ftask.json`,
      `files/${key}/task.json`,
      `files/${key}/../${key}/result.json`,
      `files/${'0'.repeat(32)}/images/image_001.png`,
      `files/${key}/images/image_999.png`,
    ]) {
      const res = await fetch(`${srv.url}/${bad}`);
      expect(res.status, bad).toBe(404);
      expect((await res.json()).code).not.toBe(0);
    }
  });

  it('image=none leaves no crops; image=base64 inlines them', async () => {
    const none = (
      await postForm(`${srv.url}/parse/sync`, await fileForm(PICTURES, { element_formats: '{"image":"none"}' }))
    ).body;
    expect(none.code).toBe(0);
    expect(none.data.result.imgs).toEqual([]);
    const b64 = (
      await postForm(`${srv.url}/parse/sync`, await fileForm(PICTURES, { element_formats: '{"image":"base64"}' }))
    ).body;
    expect(b64.code).toBe(0);
    expect(b64.data.result.outputs.markdown).toContain('data:image/');
  });

  it('zip: outputs.zip downloads a bundle with main.md, main.json and images', async () => {
    const { body } = await postForm(
      `${srv.url}/parse/sync`,
      await fileForm(PICTURES, { output_formats: ['markdown', 'json', 'zip'] }),
    );
    expect(body.code, body.message).toBe(0);
    const url: string = body.data.result.outputs.zip;
    expect(url).toMatch(new RegExp(`^${srv.url}/files/[0-9a-f]{32}/bundle\\.zip$`));
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('picture_classification.zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toContain('main.md');
    expect(names).toContain('main.json');
    const images = names.filter((n) => n.startsWith('images/'));
    expect(images.length).toBe(body.data.result.imgs.length);
    const md = strFromU8(files['main.md']!);
    expect(md).toContain('./images/image_001.png');
    expect(md).not.toContain('http://');
    const json = JSON.parse(strFromU8(files['main.json']!));
    expect(json.pages.length).toBe(body.data.metadata.page_num);
    expect([...files[images[0]!]!.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
