// Turning checked files and submit options into tasks; choosing sync or async for "auto".
import { randomBytes } from 'node:crypto';
import { CodedError } from '../../../shared/result.ts';
import type { FeatureConfig, OutputFormat } from '../../../shared/somark.ts';
import type { Backend, ParseMode, Settings, SubmitOptions, Task } from '../../../shared/task.ts';
import type { CheckedFile } from '../files/check.ts';
import { countPdfPages, countPptxSlides } from '../files/pages.ts';
import { countTiffPages } from '../files/tiff-pages.ts';

/** An image is one page, except a TIFF, which holds one page per directory (as the engine reads it). */
const imagePages = async (file: CheckedFile): Promise<number> =>
  file.ext === '.tif' || file.ext === '.tiff' ? ((await countTiffPages(file.path)) ?? 1) : 1;
import { kindOfExt } from '../../../shared/file-types.ts';
import { applyUpdate } from '../settings/validate.ts';
import type { FileOptions } from '../../../shared/file-options.ts';

export interface ResolvedOptions {
  backend: Backend;
  mode: ParseMode;
  formats: OutputFormat[];
  featureConfig: FeatureConfig;
  fileOptions: FileOptions;
  cloudBaseUrl: string;
}

/** Local request id: sortable by time, unique, safe in paths and URLs. */
export const newTaskId = (): string => `req_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

/** Fills submit options (parsed by handlers/parse.ts) from the settings, checked by the settings rules. */
export function resolveOptions(settings: Settings, options: SubmitOptions | undefined): ResolvedOptions {
  const o = options ?? {};
  const patch: Partial<Settings> = {};
  if (o.backend !== undefined) patch.backend = o.backend;
  if (o.mode !== undefined) patch.mode = o.mode;
  if (o.formats !== undefined) patch.formats = o.formats;
  if (o.featureConfig !== undefined) patch.featureConfig = { ...settings.featureConfig, ...o.featureConfig };
  if (o.fileOptions !== undefined) patch.fileOptions = { ...settings.fileOptions, ...o.fileOptions };
  let s: Settings;
  try {
    s = applyUpdate(settings, patch);
  } catch (e) {
    throw new CodedError('INVALID_REQUEST', (e as Error).message.replace(/^Invalid settings/, 'Invalid options'));
  }
  return {
    backend: s.backend,
    mode: s.mode,
    formats: s.formats,
    featureConfig: s.featureConfig,
    fileOptions: s.fileOptions,
    cloudBaseUrl: s.cloudBaseUrl,
  };
}

export async function newTask(file: CheckedFile, o: ResolvedOptions, parentId: string | null): Promise<Task> {
  const kind = kindOfExt(file.ext);
  const pages = !file.ok
    ? null
    : kind === 'pdf'
      ? await countPdfPages(file.path, file.size)
      : kind === 'image'
        ? await imagePages(file)
        : file.ext === '.pptx'
          ? await countPptxSlides(file.path, file.size)
          : null; // Word and Excel pages are known once LibreOffice has laid them out (the engine says so then)
  const now = Date.now();
  return {
    id: newTaskId(),
    remoteTaskId: null,
    fileName: file.name,
    filePath: file.path,
    size: file.size,
    pages,
    fileType: file.ext,
    backend: o.backend,
    baseUrl: o.backend === 'cloud' ? o.cloudBaseUrl : '',
    requestedMode: o.mode,
    mode: null,
    formats: [...o.formats],
    featureConfig: { ...o.featureConfig },
    fileOptions: { ...o.fileOptions },
    state: file.ok ? 'queued' : 'FAILED',
    uploadPercent: null,
    progress: null,
    attempts: 0,
    error: file.error,
    createdAt: now,
    startedAt: null,
    finishedAt: file.ok ? null : now,
    resultBytes: null,
    parentId,
    retry: null,
  };
}

/**
 * auto: on the local engine always async: its held async_check answers the moment a task ends (as fast as
 * sync) and gives page progress meanwhile (a scan is read by OCR at seconds a page). Elsewhere sync for
 * small documents (size and a known page count within the limits), async otherwise.
 */
export function chooseMode(task: Task, settings: Pick<Settings, 'syncMaxBytes' | 'syncMaxPages'>): 'sync' | 'async' {
  if (task.requestedMode === 'sync' || task.requestedMode === 'async') return task.requestedMode;
  if (task.backend === 'local') return 'async';
  const small = task.size <= settings.syncMaxBytes && task.pages !== null && task.pages <= settings.syncMaxPages;
  return small ? 'sync' : 'async';
}
