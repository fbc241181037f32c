// IPC handlers for exporting results: one task ('export:task') or many into a folder ('export:batch').
// Destination: the given path (only one the user chose: services/files/grants.ts); else Electron's save
// dialog; else (browser mode) a temp file under the data folder that the renderer downloads through
// ctx.downloads. Requests arrive parsed (handlers/requests.ts).
import { randomBytes } from 'node:crypto';
import { isAbsolute, join } from 'node:path';
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { ExportRequest, ExportResult } from '../../../shared/export.ts';
import type { ServicesContext } from '../context.ts';
import { exportBatch } from '../export/batch.ts';
import { exportFileName, writeExport, writeMarkdownBundle } from '../export/writers.ts';
import { ensureDir } from '../../../lib/atomic.ts';
import { fitName } from '../fs-safe/names.ts';
import { sweepOlderThan } from '../fs-safe/sweep.ts';
import { dataPaths } from '../data-dir.ts';
import type { HandlerContext } from './index.ts';

/** Browser-mode downloads are kept this long, then removed on the next export. */
const TEMP_TTL_MS = 60 * 60 * 1000;

/** A file export's destination, as export:task and export:compare take it. */
export interface Destination {
  destPath?: string | null;
  overwrite?: boolean;
}

/** A fresh folder for one browser-mode download under the data folder's exports (old ones swept first). */
async function downloadDir(ctx: ServicesContext): Promise<string> {
  await sweepOlderThan(dataPaths(ctx.dataDir).exports, TEMP_TTL_MS);
  const dir = join(dataPaths(ctx.dataDir).exports, randomBytes(8).toString('hex'));
  await ensureDir(dir);
  return dir;
}

/**
 * Writes one export named `name` where the request says: its destPath (granted, absolute), else the file
 * the save dialog gives, else (browser mode) a download. `write(path, overwrite)` writes the file(s).
 */
export async function deliverExport(
  ctx: ServicesContext,
  req: Destination,
  name: string,
  write: (path: string, overwrite: boolean) => Promise<string[]>,
): Promise<ExportResult> {
  if (req.destPath) {
    if (!isAbsolute(req.destPath)) throw new CodedError('BAD_PATH', 'The destination must be an absolute file path.');
    ctx.grants.checkWrite(req.destPath, 'file');
    return { written: await write(req.destPath, req.overwrite === true), downloadUrl: null };
  }
  if (ctx.dialogs) {
    const chosen = await ctx.dialogs.saveFile(name);
    if (!chosen) return { written: [], downloadUrl: null };
    // The native save dialog has already asked whether to replace an existing file.
    return { written: await write(chosen, true), downloadUrl: null };
  }
  const path = join(await downloadDir(ctx), name);
  const written = await write(path, false);
  return { written, downloadUrl: ctx.downloads.register(path, name) };
}

async function exportTask(ctx: ServicesContext, req: ExportRequest): Promise<ExportResult> {
  if (req.format !== 'markdown' && req.format !== 'json' && req.format !== 'zip') {
    throw new CodedError('BAD_REQUEST', `Unknown export format: ${String(req.format)}`);
  }
  const files = await ctx.results.files(req.id);
  const name = exportFileName(files, req.format);
  // A single JSON file is self-contained with data URIs (no folder travels with it) unless asked as-is.
  const images = req.format === 'json' ? 'inline' : (req.images ?? 'folder');
  const opts = { images, json: req.json ?? 'self-contained' } as const;

  // Browser mode: a download. A folder cannot be downloaded, so Markdown with images comes zipped.
  if (
    !req.destPath &&
    !ctx.dialogs &&
    req.format === 'markdown' &&
    opts.images === 'folder' &&
    files.images.length > 0
  ) {
    const zipName = fitName(`${files.stem}-markdown.zip`, 255);
    const path = join(await downloadDir(ctx), zipName);
    await writeMarkdownBundle(files, path);
    return { written: [path], downloadUrl: ctx.downloads.register(path, zipName) };
  }
  return deliverExport(ctx, req, name, (path, overwrite) =>
    writeExport(files, req.format, path, { ...opts, overwrite }),
  );
}

export function exportHandlers(ctx: HandlerContext): Pick<Handlers, 'export:task' | 'export:batch'> {
  void sweepOlderThan(dataPaths(ctx.dataDir).exports, TEMP_TTL_MS);
  return {
    'export:task': async (req) => exportTask(ctx, req),
    'export:batch': async (req) => exportBatch(ctx, req),
  };
}
