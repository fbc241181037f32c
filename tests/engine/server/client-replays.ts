// Replays of real SoMark clients, written from their documented behaviour (../shared/docs/somark-api.md
// §2 and each client's source, read, not copied): the requests they send and how they read the answer,
// down to the error text they show their users. A client's failure is thrown as the Error it would raise.
// The polling clients sleep before each poll and loop; here each does ONE check right after the submit.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { Json } from './helpers.ts';

type Body = Record<string, Json>;
const ELEMENT_FORMATS = JSON.stringify({ image: 'url', formula: 'latex', table: 'html', cs: 'image' });
const FEATURES = JSON.stringify({
  enable_text_cross_page: false,
  enable_table_cross_page: false,
  enable_title_level_recognition: false,
  enable_inline_image: true,
  enable_table_image: true,
  enable_image_understanding: true,
  keep_header_footer: false,
});

async function post(url: string, body: FormData | URLSearchParams): Promise<{ status: number; body: Body }> {
  const res = await fetch(url, { method: 'POST', body });
  return { status: res.status, body: (await res.json()) as Body };
}

/** The multipart upload most clients send: file, api_key (when set), repeated output_formats, the two JSON fields. */
async function uploadForm(
  file: string,
  apiKey: string | null,
  formats: string[],
  featureField = 'feature_config',
  mime?: string,
): Promise<FormData> {
  const form = new FormData();
  const blob = await openAsBlob(file, mime ? { type: mime } : {});
  form.append('file', blob, basename(file));
  if (apiKey !== null) form.append('api_key', apiKey);
  for (const f of formats) form.append('output_formats', f);
  form.append('element_formats', ELEMENT_FORMATS);
  form.append(featureField, FEATURES);
  return form;
}

/** RAGFlow Go (`pdf_parser_somark.go`): submit, then soMarkPoll checks ONCE and fails unless SUCCESS. */
export async function ragflowGo(
  base: string,
  file: string,
  apiKey: string,
): Promise<{ pages: number; blocks: number }> {
  const sub = (await post(`${base}/parse/async`, await uploadForm(file, apiKey || null, ['json']))).body;
  if (sub.code !== 0) throw new Error(`parser: SoMark submit business error code=${sub.code} message=${sub.message}`);
  const taskId: string = sub.data?.task_id ?? '';
  if (!taskId) throw new Error('parser: SoMark submit returned no task_id');
  const chk = (
    await post(
      `${base}/parse/async_check`,
      new URLSearchParams({ task_id: taskId, ...(apiKey ? { api_key: apiKey } : {}) }),
    )
  ).body;
  if (chk.code !== 0) throw new Error(`parser: SoMark poll business error code=${chk.code} message=${chk.message}`);
  const status = chk.data?.status;
  if (status !== 'SUCCESS') throw new Error(`parser: SoMark task ${taskId} status=${status}`);
  if (!chk.data.result) throw new Error('parser: SoMark SUCCESS without result');
  const pages: Body[] = chk.data.result.outputs?.json?.pages ?? [];
  return { pages: pages.length, blocks: pages.flatMap((p) => p.blocks ?? []).length };
}

/** Dify plugin `_extract_error_detail`: message|msg|error|detail at the top level, then inside `data`. */
function difyErrorDetail(payload: Body, fallback = 'unknown error'): string {
  if (typeof payload !== 'object' || payload === null) return `${fallback} (raw response: ${payload})`;
  for (const key of ['message', 'msg', 'error', 'detail']) {
    const v = payload[key];
    if (typeof v === 'string' && v.trim()) return `code=${payload.code}, ${key}=${v}`;
  }
  const data = typeof payload.data === 'object' && payload.data !== null ? payload.data : null;
  for (const key of ['message', 'msg', 'error', 'detail']) {
    const v = data?.[key];
    if (typeof v === 'string' && v.trim()) return `code=${payload.code}, data.${key}=${v}`;
  }
  return `code=${payload.code}, payload=${JSON.stringify(payload)}`;
}

/** Dify plugin (`tools/somark/tools/extract.py`): async submit, `_poll_task` reads outputs or the failure. */
export async function difyAsync(base: string, file: string, apiKey: string): Promise<Body> {
  const sub = (await post(`${base}/parse/async`, await uploadForm(file, apiKey, ['markdown', 'json']))).body;
  if (sub.code !== 0 || !sub.data?.task_id) throw new Error(`SoMark API error: ${difyErrorDetail(sub)}`);
  const chk = (
    await post(`${base}/parse/async_check`, new URLSearchParams({ api_key: apiKey, task_id: sub.data.task_id }))
  ).body;
  if (chk.code !== 0) throw new Error(`SoMark API error: ${difyErrorDetail(chk)}`);
  if (chk.data?.status === 'SUCCESS') return chk.data.result?.outputs ?? {};
  if (chk.data?.status === 'FAILED') throw new Error(`SoMark task failed: ${difyErrorDetail(chk, 'task failed')}`);
  throw new Error(`still ${chk.data?.status}: Dify would poll again`);
}

/** FastGPT plugin (async revision, PR #424): `extractErrorDetail` is the top-level message. */
export async function fastgptAsync(base: string, file: string, apiKey: string): Promise<Body> {
  const detail = (b: Body, fallback = 'unknown error'): string => b?.message || fallback;
  const sub = (await post(`${base}/parse/async`, await uploadForm(file, apiKey, ['markdown', 'json']))).body;
  if (!(sub.code === 0 && sub.data?.task_id)) throw new Error(`SoMark API error: ${detail(sub)}`);
  const form = new FormData();
  form.append('api_key', apiKey);
  form.append('task_id', sub.data.task_id);
  const chk = (await post(`${base}/parse/async_check`, form)).body;
  if (chk.code !== 0) throw new Error(`SoMark API error: ${detail(chk)}`);
  if (chk.data?.status === 'SUCCESS') return chk.data.result?.outputs;
  if (chk.data?.status === 'FAILED') throw new Error(`SoMark task failed: ${detail(chk, 'task failed')}`);
  throw new Error(`still ${chk.data?.status}: FastGPT would poll again`);
}

/** FastGPT plugin, private mode (PR #417): POST {base}/extract without api_key; outputs at the body's top level. */
export async function fastgptPrivate(base: string, file: string): Promise<Body> {
  const r = await post(`${base}/extract`, await uploadForm(file, null, ['json', 'markdown'], 'feature_configs'));
  if (r.status < 200 || r.status > 299) throw new Error(`request failed: HTTP ${r.status}`);
  const b = r.body;
  if (b?.code !== 0)
    throw new Error(
      `SoMark API error: ${(typeof b?.data?.error === 'string' ? b.data.error : '') || b?.message || 'unknown error'}`,
    );
  if (!b.outputs) throw new Error('SoMark response has no outputs');
  return b.outputs;
}

/** RAGFlow Python (`deepdoc/parser/somark_parser.py`): HEAD probe, submit, `_poll_task` with `_parse_json_body`. */
export async function ragflowPy(base: string, file: string, apiKey: string): Promise<Body> {
  if ((await fetch(base, { method: 'HEAD' })).status >= 500) throw new Error('[SoMark] endpoint not reachable');
  const parse = (r: { status: number; body: Body }, stage: string): Body => {
    if (r.status >= 500) throw new Error(`[SoMark] ${stage} HTTP ${r.status}`);
    if (r.body.code !== 0)
      throw new Error(`[SoMark] ${stage} business error code=${r.body.code} message=${r.body.message}`);
    return r.body;
  };
  const sub = parse(
    await post(
      `${base}/parse/async`,
      await uploadForm(file, apiKey || null, ['json'], 'feature_config', 'application/pdf'),
    ),
    'submit',
  );
  const taskId: string = sub.data.task_id;
  const body = parse(
    await post(
      `${base}/parse/async_check`,
      new URLSearchParams({ task_id: taskId, ...(apiKey ? { api_key: apiKey } : {}) }),
    ),
    'poll',
  );
  const payload = body.data || {};
  if (payload.status === 'SUCCESS') {
    if (!payload.result) throw new Error('[SoMark] SUCCESS but no result');
    return payload.result;
  }
  if (payload.status === 'FAILED') throw new Error(`[SoMark] task ${taskId} FAILED: ${body.message}`);
  throw new Error(`still ${payload.status}: RAGFlow would poll again`);
}

/** SoMark MCP server (`src/index.ts`): /parse/sync; on a code ≠ 0 it reads `data.error` before `message`. */
export async function somarkMcp(base: string, file: string, apiKey: string): Promise<{ text: string }> {
  const res = await fetch(`${base}/parse/sync`, {
    method: 'POST',
    body: await uploadForm(file, apiKey, ['json', 'markdown']),
  });
  if (!res.ok) throw new Error(`API request failed: ${res.status}`);
  const { code, message, data } = (await res.json()) as Body;
  if (code !== 0) throw new Error(`API error: ${data.error || message || 'Unknown error'}`); // a TypeError when data is null
  const { outputs } = data.result;
  return {
    text: `Task ID: ${data.task_id}\nFile: ${data.result.file_name}\nPages: ${data.metadata.page_num}\n${outputs.markdown ?? ''}`,
  };
}

/** SoMark's own skill (`somark_parser.py`): async submit, poll, then page_count from outputs.json.metadata. */
export async function somarkParserPy(
  base: string,
  file: string,
  apiKey: string,
): Promise<{ pageCount: number; outputs: Body }> {
  const sub = await post(`${base}/parse/async`, await uploadForm(file, apiKey, ['markdown', 'json']));
  if (sub.status !== 200) throw new Error(`提交任务失败 [${sub.status}]`);
  const taskId = sub.body.data?.task_id;
  if (!taskId) throw new Error(`响应中缺少 task_id: ${JSON.stringify(sub.body)}`);
  const chk = await post(`${base}/parse/async_check`, new URLSearchParams({ api_key: apiKey, task_id: taskId }));
  const data = chk.body.data || {};
  if (data.status === 'FAILED') throw new Error(`SoMark 任务失败: ${JSON.stringify(data)}`);
  if (data.status !== 'SUCCESS') throw new Error(`still ${data.status}: the skill would poll again`);
  const outputs = data.result?.outputs || data.result || {};
  const meta = outputs.json?.metadata;
  const pageCount =
    typeof meta === 'object' && meta !== null && Number.isInteger(meta.page_count) ? meta.page_count : 0;
  return { pageCount, outputs };
}
