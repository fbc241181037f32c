// The protocol endpoints: parse (sync / async submit, and the older self-hosted `/extract`), async_check
// (long-polled, see long-poll.ts) and usage.
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UsageData } from '../../shared/somark-answers.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { EngineCore } from '../core/engine.ts';
import { first, readForm, type ParsedForm } from './form.ts';
import { sendBody, sendEnvelope, withBase } from './http.ts';
import { holdCheck } from './long-poll.ts';
import type { StoredResult } from '../outputs/result.ts';
import { parseParams } from './params.ts';
import type { UploadGate } from './limits.ts';
import type { RequestShare } from './shares.ts';

export interface RouteContext {
  core: EngineCore;
  checkKey: (key: string | undefined) => void;
  /** No key needed (--no-auth). */
  noAuth: boolean;
  uploads: UploadGate;
  maxBytes: number;
  /** Public base URL for this request (`http://host:port/api/v1`). */
  base: string;
  /** This request's connection in the caller's share (shares.ts). */
  share: RequestShare;
}

const MESSAGES = { sync: '任务成功', submit: '任务已提交', check: '查询成功', usage: '' } as const;

const LOCAL_QUOTA = 1_000_000_000;

async function form(req: IncomingMessage, ctx: RouteContext): Promise<ParsedForm> {
  // The key is checked the moment it arrives; a file sent before it waits for one of few early slots
  // (and ends the key deadline: from there on the body's rate counts).
  return readForm(req, {
    uploadsDir: ctx.core.store.uploadsDir,
    maxBytes: ctx.maxBytes,
    checkKey: ctx.checkKey,
    open: ctx.noAuth,
    beforeFile: (authed) => {
      if (!authed) ctx.share.fileFirst();
      return ctx.uploads.enter(authed);
    },
  });
}

/** The stored `{metadata, result, warnings}` as JSON text, base URL filled in. */
async function storedText(ctx: RouteContext, taskId: string): Promise<string> {
  const key = ctx.core.store.get(taskId)?.file_key ?? '';
  return withBase(await ctx.core.store.resultText(taskId), ctx.base, key);
}

/** The stored result without its outer braces, and its warnings (the last key, read from the tail so a
 *  large result is not parsed). */
async function storedInner(ctx: RouteContext, taskId: string): Promise<{ inner: string; warnings: string[] }> {
  const text = await storedText(ctx, taskId);
  const tail = /,"warnings":(\[[^\]]*\])\}$/.exec(text.slice(-4096));
  let warnings: string[] = [];
  try {
    warnings = tail ? (JSON.parse(tail[1]!) as string[]) : [];
  } catch {
    /* a result stored by an older engine */
  }
  return { inner: text.slice(1, -1), warnings };
}

/** Head fields of `data` as JSON text without the closing brace, so the stored result can follow. */
const open = (fields: Record<string, unknown>): string => JSON.stringify(fields).slice(0, -1);
/** Success envelope; `warnings` at the top level as open-source SoMark servers (OXR) send them. */
const envelope = (message: string, data: string, warnings: string[] = []): string =>
  `{"code":0,"message":${JSON.stringify(message)},"data":${data}${warnings.length ? `,"warnings":${JSON.stringify(warnings)}` : ''}}`;

/**
 * `sync` answers the finished task; `async` answers the task id at once; `extract` (older self-hosted
 * SoMark, FastGPT's private mode) answers as sync does plus `outputs` at the top level of the body.
 */
export async function parseRoute(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RouteContext,
  mode: 'sync' | 'async' | 'extract',
): Promise<void> {
  const sync = mode !== 'async';
  const f = await form(req, ctx);
  try {
    ctx.checkKey(first(f, 'api_key'));
    const params = parseParams(f);
    if (!f.file) {
      const hint = f.fields.has('file')
        ? ': the field "file" must be a file upload with a file name'
        : ': send the document in the form field "file"';
      throw new EngineError(ErrorCodes.FILE_MISSING, `No file uploaded${hint}`);
    }
    const task = await ctx.core.submit({ uploadPath: f.file.path, fileName: f.file.fileName, ...params, sync });
    if (!sync) return sendEnvelope(res, 0, MESSAGES.submit, { task_id: task.task_id, status: 'QUEUING' });
    const done = await ctx.core.wait(task.task_id);
    if (done.status !== 'SUCCESS')
      throw new EngineError(done.error_code ?? ErrorCodes.PROCESSING_FAILED, done.error ?? 'Parsing failed');
    if (mode === 'extract') {
      const stored = JSON.parse(await storedText(ctx, task.task_id)) as StoredResult & { warnings?: string[] };
      const { warnings = [], ...rest } = stored;
      const data = { task_id: task.task_id, error: null, ...rest };
      return sendBody(
        res,
        200,
        JSON.stringify({
          code: 0,
          message: MESSAGES.sync,
          data,
          outputs: stored.result.outputs,
          ...(warnings.length ? { warnings } : {}),
        }),
      );
    }
    const { inner, warnings } = await storedInner(ctx, task.task_id);
    sendBody(res, 200, envelope(MESSAGES.sync, `${open({ task_id: task.task_id, error: null })},${inner}}`, warnings));
  } finally {
    if (f.file) await rm(f.file.path, { force: true }).catch(() => undefined);
  }
}

export async function checkRoute(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const f = await form(req, ctx);
  if (f.file) await rm(f.file.path, { force: true }).catch(() => undefined);
  ctx.checkKey(first(f, 'api_key'));
  const id = (first(f, 'task_id') ?? '').trim();
  if (!id) throw new EngineError(ErrorCodes.PARAM_ERROR, 'Parameter error: task_id is required');
  const notFound = () => new EngineError(ErrorCodes.PARAM_ERROR, `Task not found: ${id} (unknown or expired)`);
  if (!ctx.core.view(id)) throw notFound();
  if (!(await holdCheck(ctx.core, id, f, res, ctx.share.hold))) return; // the client left during the hold
  const view = ctx.core.view(id);
  if (!view) throw notFound();
  const t = view.task;
  // A FAILED task's reason is the message too: Dify, FastGPT and RAGFlow-py show the top-level message.
  const failure = t.status === 'FAILED' ? t.error || 'Parsing failed' : null;
  const head = { task_id: t.task_id, status: t.status, file_name: t.file_name, error: failure };
  let data: string;
  let warnings: string[] = [];
  if (t.status === 'SUCCESS') {
    const stored = await storedInner(ctx, t.task_id);
    warnings = stored.warnings;
    data = `${open(head)},${stored.inner}}`;
  } else {
    const metadata = t.page_num !== null && t.file_type ? { page_num: t.page_num, file_type: t.file_type } : null;
    data = JSON.stringify({ ...head, metadata, result: null, ...(view.progress ? { progress: view.progress } : {}) });
  }
  sendBody(res, 200, envelope(failure ?? MESSAGES.check, data, warnings));
}

export async function usageRoute(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const f = await form(req, ctx);
  if (f.file) await rm(f.file.path, { force: true }).catch(() => undefined);
  ctx.checkKey(first(f, 'api_key'));
  const data: UsageData = {
    remaining_paid_pages: LOCAL_QUOTA,
    remaining_free_pages_today: LOCAL_QUOTA,
    remaining_free_pages_this_month: LOCAL_QUOTA,
  };
  sendEnvelope(res, 0, MESSAGES.usage, data);
}
