// Request checks for the export and history channels: the renderer is not trusted, so every field
// is checked before it reaches the file system. Failures are CodedError 'INVALID_REQUEST'.
import { CodedError } from '../../../shared/result.ts';
import type { BatchExportRequest, ExportFormat, ExportRequest } from '../../../shared/task.ts';

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
  return {
    id: r.id as string,
    format: r.format as ExportFormat,
    images: imagesOpt(r.images),
    destPath: pathOpt(r.destPath, 'destPath'),
    overwrite: r.overwrite === true,
  };
}

export function batchRequest(req: unknown): BatchExportRequest {
  const r = record(req);
  const formats = Array.isArray(r.formats) ? r.formats : invalid('formats must be a list');
  if (!formats.every((f) => FORMATS.includes(f as ExportFormat))) invalid('formats may only hold markdown, json and zip');
  const destDir = pathOpt(r.destDir, 'destDir') ?? invalid('destDir must be a folder path');
  return { ids: idList(r.ids), formats: formats as ExportFormat[], destDir, images: imagesOpt(r.images) };
}
