// IPC handlers for exporting results: one task ('export:task') or many into a folder ('export:batch').
// Destination: the given path (only one the user chose: services/files/grants.ts); else Electron's save dialog; else (browser mode) a temp file under the
// data folder that the renderer downloads through ctx.downloads. Requests come from the renderer,
// which is not trusted: every field is checked first (CodedError 'INVALID_REQUEST').
import { randomBytes } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { BatchExportRequest, ExportFormat, ExportRequest, ExportResult } from '../../../shared/task.ts';
import type { ServicesContext } from '../context.ts';
import { ensureDir } from '../../../engine/store/atomic.ts';
import { fitName } from '../fs-safe/names.ts';
import { sweepOlderThan } from '../fs-safe/sweep.ts';
import { exportBatch, loadTaskFiles } from './batch.ts';
import { exportFileName, writeExport, writeMarkdownBundle } from './writers.ts';

const FORMATS: readonly ExportFormat[] = ['markdown', 'json', 'zip'];

export const invalid = (msg: string): never => {
  throw new CodedError('INVALID_REQUEST', msg);
};

export function record(req: unknown): Record<string, unknown> {
  return typeof req === 'object' && req !== null && !Array.isArray(req) ? (req as Record<string, unknown>) : invalid('The request must be an object');
}

export function idList(v: unknown, field = 'ids'): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.length > 0 && x.length < 200)) {
    return invalid(`${field} must be a list of task ids`);
  }
  return v as string[];
}

const imagesOpt = (v: unknown): 'folder' | 'inline' | undefined =>
  v === undefined || v === null ? undefined : v === 'folder' || v === 'inline' ? v : invalid('images must be "folder" or "inline"');

const pathOpt = (v: unknown, field: string): string | null =>
  v === undefined || v === null || v === '' ? null : typeof v === 'string' && !v.includes('\0') ? v : invalid(`${field} must be a path`);

export function exportRequest(req: unknown): ExportRequest {
  const r = record(req);
  if (typeof r.id !== 'string' || r.id === '') invalid('id must be a task id');
  if (!FORMATS.includes(r.format as ExportFormat)) invalid('format must be markdown, json or zip');
  if (r.overwrite !== undefined && typeof r.overwrite !== 'boolean') invalid('overwrite must be true or false');
  if (r.json !== undefined && r.json !== null && r.json !== 'service' && r.json !== 'self-contained') invalid('json must be "service" or "self-contained"');
  return {
    id: r.id as string,
    format: r.format as ExportFormat,
    images: imagesOpt(r.images),
    destPath: pathOpt(r.destPath, 'destPath'),
    overwrite: r.overwrite === true,
    json: r.json === 'service' ? 'service' : 'self-contained',
  };
}

export function batchRequest(req: unknown): BatchExportRequest {
  const r = record(req);
  const formats = Array.isArray(r.formats) ? r.formats : invalid('formats must be a list');
  if (!formats.every((f) => FORMATS.includes(f as ExportFormat))) invalid('formats may only hold markdown, json and zip');
  const destDir = pathOpt(r.destDir, 'destDir') ?? invalid('destDir must be a folder path');
  return { ids: idList(r.ids), formats: formats as ExportFormat[], destDir, images: imagesOpt(r.images) };
}

export type ExportHandlers = Pick<Handlers, 'export:task' | 'export:batch'>;

/** Browser-mode downloads are kept this long, then removed on the next export. */
const TEMP_TTL_MS = 60 * 60 * 1000;

export const tempExportsDir = (dataDir: string): string => join(dataDir, 'exports');

export async function exportTask(ctx: ServicesContext, req: ExportRequest): Promise<ExportResult> {
  if (req.format !== 'markdown' && req.format !== 'json' && req.format !== 'zip') {
    throw new CodedError('BAD_REQUEST', `Unknown export format: ${String(req.format)}`);
  }
  const files = await loadTaskFiles(ctx, req.id);
  const name = exportFileName(files, req.format);
  // A single JSON file is self-contained with data URIs (no folder travels with it) unless asked as-is.
  const images = req.format === 'json' ? 'inline' : req.images ?? 'folder';
  const opts = { images, overwrite: req.overwrite === true, json: req.json ?? 'self-contained' } as const;

  if (req.destPath) {
    if (!isAbsolute(req.destPath)) throw new CodedError('BAD_PATH', 'The destination must be an absolute file path.');
    ctx.grants.checkWrite(req.destPath, 'file');
    return { written: await writeExport(files, req.format, req.destPath, opts), downloadUrl: null };
  }
  if (ctx.dialogs) {
    const chosen = await ctx.dialogs.saveFile(name);
    if (!chosen) return { written: [], downloadUrl: null };
    // The native save dialog has already asked whether to replace an existing file.
    return { written: await writeExport(files, req.format, chosen, { ...opts, overwrite: true }), downloadUrl: null };
  }

  // Browser mode: a download. A folder cannot be downloaded, so Markdown with images comes zipped.
  await sweepOlderThan(tempExportsDir(ctx.dataDir), TEMP_TTL_MS);
  const dir = join(tempExportsDir(ctx.dataDir), randomBytes(8).toString('hex'));
  await ensureDir(dir);
  if (req.format === 'markdown' && opts.images === 'folder' && files.images.length > 0) {
    const zipName = fitName(`${files.stem}-markdown.zip`, 255);
    const path = join(dir, zipName);
    await writeMarkdownBundle(files, path);
    return { written: [path], downloadUrl: ctx.downloads.register(path, zipName) };
  }
  const path = join(dir, name);
  const written = await writeExport(files, req.format, path, opts);
  return { written, downloadUrl: ctx.downloads.register(path, name) };
}

export function createExportHandlers(ctx: ServicesContext): ExportHandlers {
  void sweepOlderThan(tempExportsDir(ctx.dataDir), TEMP_TTL_MS);
  return {
    'export:task': async (req) => exportTask(ctx, exportRequest(req)),
    'export:batch': async (req) => exportBatch(ctx, batchRequest(req)),
  };
}
