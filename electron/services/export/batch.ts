// Batch export: many tasks (their files from the results cache, ctx.results.files) into one folder,
// one sub-folder per document ('report/', 'report (2)/'), never overwriting anything already in the
// folder; progress events and a summary of what was written and what was skipped, and why.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { CodedError, toAppError } from '../../../shared/result.ts';
import type { BatchExportRequest, BatchSummary, ExportFormat } from '../../../shared/export.ts';
import type { ServicesContext } from '../context.ts';
import type { TaskFiles } from '../results/layout.ts';
import { ensureDir, fsError } from '../../../lib/atomic.ts';
import { uniqueName } from '../fs-safe/names.ts';
import { exportFileName, writeExport } from './writers.ts';

const FORMATS: readonly ExportFormat[] = ['markdown', 'json', 'zip'];

/** Creates a fresh sub-folder for one document; mkdir (not recursive) fails if a racer took the name. */
async function documentFolder(destDir: string, stem: string, taken: Set<string>): Promise<string> {
  for (;;) {
    const name = await uniqueName(destDir, stem, taken, { isFolder: true });
    const path = join(destDir, name);
    try {
      await mkdir(path);
      return path;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw fsError(e, path);
    }
  }
}

export async function exportBatch(ctx: ServicesContext, req: BatchExportRequest): Promise<BatchSummary> {
  const formats = FORMATS.filter((f) => req.formats.includes(f));
  if (formats.length === 0) throw new CodedError('BAD_REQUEST', 'Choose at least one format to export.');
  if (typeof req.destDir !== 'string' || !isAbsolute(req.destDir)) {
    throw new CodedError('BAD_PATH', 'The destination must be an absolute folder path.');
  }
  ctx.grants.checkWrite(req.destDir, 'folder');

  await ensureDir(req.destDir);
  const jobId = randomUUID();
  const ids = [...new Set(req.ids)];
  const summary: BatchSummary = { jobId, destDir: req.destDir, written: [], skipped: [] };
  const taken = new Set<string>();
  const nameOf = (id: string): string => ctx.tasks.get(id)?.fileName ?? id;

  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    ctx.emit('export:progress', { jobId, done: i, total: ids.length, current: nameOf(id) });
    let files: TaskFiles;
    try {
      files = await ctx.results.files(id);
    } catch (e) {
      summary.skipped.push({ id, fileName: nameOf(id), reason: toAppError(e) });
      continue;
    }
    let folder: string | null = null;
    try {
      folder = await documentFolder(req.destDir, files.stem, taken);
      const paths: string[] = [];
      for (const format of formats) {
        if (format === 'json' && !files.jsonPath) {
          summary.skipped.push({
            id,
            fileName: files.fileName,
            reason: {
              code: 'NO_JSON',
              message: `${files.fileName}: no JSON output (JSON was not requested); the other formats were exported.`,
            },
          });
          continue;
        }
        // JSON beside the others links the same images folder (never the service's URLs).
        const images = format === 'json' ? 'folder' : req.images;
        paths.push(...(await writeExport(files, format, join(folder, exportFileName(files, format)), { images })));
      }
      summary.written.push({ id, paths });
    } catch (e) {
      // Nothing half-done stays behind: the document's folder is ours, created above.
      if (folder) await rm(folder, { recursive: true, force: true }).catch(() => {});
      summary.skipped.push({ id, fileName: files.fileName, reason: toAppError(e) });
    }
  }
  ctx.emit('export:progress', { jobId, done: ids.length, total: ids.length, current: '' });
  return summary;
}
