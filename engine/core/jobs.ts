// Messages between the worker pool (main thread) and the parse workers (worker.ts).
import type { ElementFormats, FeatureConfig, OutputFormat } from '../../shared/somark.ts';
import type { Progress } from '../../shared/somark-answers.ts';
import type { DocumentMeta, PageAnalysis } from './parse.ts';
import type { OcrSettings } from '../model.ts';
import type { DocumentInfo } from '../types.ts';
import type { StoredResult } from '../outputs/result.ts';

/** Parse one document and write its outputs (result.json, images/, bundle.zip) into taskDir. */
export interface ParseJob {
  kind: 'parse';
  inputPath: string;
  fileName: string;
  taskDir: string;
  formats: OutputFormat[];
  elementFormats: ElementFormats;
  featureConfig: FeatureConfig;
  maxPages?: number;
  /** OCR of scans and images (absent: on, language auto). */
  ocr?: OcrSettings;
  /** Prefix of public file URLs, still carrying the base placeholder: `${BASE_PLACEHOLDER}/files/<key>/`. */
  filesPrefix: string;
  /** Folder of the pages read by OCR so far (a resumed run takes them; engine/core/page-cache.ts). */
  cacheDir?: string;
  /** Found when the upload was inspected (DocumentInfo.warnings); stored with the result. */
  warnings?: string[];
  /** Set when inputPath is a PDF converted from an Office upload: the upload's name, extension and path
   *  (its own XML gives the structure laid over the converted PDF's result, engine/source/office/structure.ts). */
  source?: { fileName: string; fileType: string; path?: string };
  /** What inspecting inputPath found (the orchestrator's): the parse does not read and open it again. */
  known?: DocumentInfo;
  /** Answer the stored result instead of writing result.json (a job on the parse CLI's own thread). */
  inMemory?: boolean;
}

export interface ParseOutcome {
  pageCount: number;
  fileType: string;
  /** The stored answer, for an `inMemory` job. */
  stored?: StoredResult;
}

/** One page range of a large PDF, analysed by one worker (crops written to imageDir). */
interface AnalyseJob {
  kind: 'analyse';
  inputPath: string;
  fileType: string;
  start: number;
  end: number;
  imageDir: string | null;
  ocr?: OcrSettings;
  /** Shared with the document's other threads (AnalyseOptions.cursor): `cursorParts` 0 claims pages one
   * at a time from the front, else the number of threads sharing it (shares claimed from the back). */
  cursor?: SharedArrayBuffer;
  cursorParts?: number;
  /** As ParseJob's. */
  cacheDir?: string;
}

/** The document-level pass over the analysed ranges, then the outputs (as a ParseJob would). */
interface AssembleJob {
  kind: 'assemble';
  parse: ParseJob;
  meta: DocumentMeta;
  analyses: PageAnalysis[];
}

export type WorkerJob = ParseJob | AnalyseJob | AssembleJob;

/** What a job answers: ParseOutcome for parse/assemble, PageAnalysis[] for analyse. */
export type JobOutcome = ParseOutcome | PageAnalysis[];

/** `stop`: abort the running job at its next page, free native resources, and end the thread. */
/** 'warm': load the OCR models in the background (engine/source/ocr-pages.ts warmOcr). */
export type ToWorker = { type: 'job'; id: number; job: WorkerJob } | { type: 'stop' } | { type: 'warm' };

export type FromWorker =
  // The worker has loaded the parser (job budgets start from here); `guard`: its native-call marks (engine/ocr/native-guard.ts).
  | { type: 'ready'; guard?: SharedArrayBuffer }
  | { type: 'warm'; ms: number } // the OCR models are loaded (a 'warm' request)
  | { type: 'page'; id: number; page: number } // the job starts reading this page (0-based)
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'done'; id: number; outcome: JobOutcome }
  | { type: 'failed'; id: number; code: number; message: string };

/**
 * Stored results carry this in place of the public base URL (`http://host:port/api/v1`); it is
 * replaced when a result is served, so results survive a restart on another port or host name.
 */
export const BASE_PLACEHOLDER = '@docparse-engine-base@';

/** Prefix of a task's public file URLs (ParseJob.filesPrefix): the placeholder, then its random file key. */
export const filesPrefix = (fileKey: string): string => `${BASE_PLACEHOLDER}/files/${fileKey}/`;
