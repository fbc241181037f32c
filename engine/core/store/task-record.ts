// A task's record: the fields task.json holds (status, file, times, error, the parse parameters a resumed
// task runs with again), the record of a newly admitted upload, and reading one back from disk (a damaged
// or foreign file counts as none).
import { readFile } from 'node:fs/promises';
import type { ElementFormats, FeatureConfig, OutputFormat, RemoteStatus } from '../../../shared/somark.ts';
import type { DocumentInfo } from '../../types.ts';
import { isHex32, randomHex32 } from '../../../lib/atomic.ts';
import type { OcrSettings } from '../../model.ts';

export interface TaskRecord {
  task_id: string;
  /** Second random id: the unguessable folder name of the task's public files (images, bundle). */
  file_key: string;
  status: RemoteStatus;
  file_name: string;
  file_type: string | null;
  page_num: number | null;
  output_formats: OutputFormat[];
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  error: string | null;
  error_code: number | null;
  /** Parse parameters, kept so an interrupted task can run again (absent in older records: defaults). */
  element_formats?: ElementFormats;
  feature_config?: FeatureConfig;
  /** Submitted through a sync request: nobody can poll it, so it is never resumed. */
  sync?: boolean;
  /** How many times the task was resumed after an interruption. */
  resumes?: number;
  /** This task's OCR and page range (local extensions), kept so a resumed task runs with them again. */
  ocr?: OcrSettings;
  pages?: number[];
}

/** The record in task.json at `path`, or null when it is missing, unreadable or not a task record. */
export async function readRecord(path: string): Promise<TaskRecord | null> {
  try {
    const rec = JSON.parse(await readFile(path, 'utf8')) as TaskRecord;
    return typeof rec?.task_id === 'string' && isHex32(rec.file_key ?? '') ? rec : null;
  } catch {
    return null;
  }
}

/** The record of a task just admitted: QUEUING under two new random ids; an Office file's page count is
 * known only once it is converted. */
export function newTaskRecord(
  input: {
    fileName: string;
    formats: OutputFormat[];
    elementFormats: ElementFormats;
    featureConfig: FeatureConfig;
    sync?: boolean;
    ocr?: OcrSettings;
    pages?: number[];
  },
  info: DocumentInfo,
): TaskRecord {
  return {
    task_id: randomHex32(),
    file_key: randomHex32(),
    status: 'QUEUING',
    file_name: input.fileName,
    file_type: info.fileType,
    page_num: info.kind === 'office' ? null : info.pageCount,
    output_formats: input.formats,
    created_at: Date.now(),
    started_at: null,
    finished_at: null,
    error: null,
    error_code: null,
    element_formats: input.elementFormats,
    feature_config: input.featureConfig,
    ...(input.sync ? { sync: true } : {}),
    ...(input.ocr ? { ocr: input.ocr } : {}),
    ...(input.pages ? { pages: input.pages } : {}),
  };
}
