// What the engine core is made with and asked: its options (data folder, workers, limits, time limits,
// LibreOffice, OCR) and their defaults, a submitted upload (SubmitInput) and a task's view (TaskView).
import type { ElementFormats, FeatureConfig, OutputFormat } from '../../shared/somark.ts';
import type { Progress } from '../../shared/somark-answers.ts';
import type { OcrSettings } from '../model.ts';
import type { TaskRecord } from './store/task-record.ts';
import type { Budget } from './budget.ts';

export interface EngineCoreOptions {
  dataDir: string;
  workers?: number;
  maxPages?: number;
  resultTtlMs?: number;
  queueLimit?: number;
  workerUrl?: URL;
  /** A fixed wall-clock limit per job on top of the budgets; none by default (a busy machine must not fail a task). */
  jobTimeoutMs?: number;
  /** Budgets of a job (engine/core/budget.ts jobBudget): CPU per page, CPU per job, time without progress. */
  budget?: Partial<Budget>;
  /** Run interrupted tasks again on start (and keep running ones resumable on close); default true. */
  resumeInterrupted?: boolean;
  /** Longest hold of an async_check on an unfinished task (long poll); default 25 s, 0 answers at once.
   *  A function is asked at each check (the app's setting may change while the engine runs). */
  longPollMs?: number | (() => number);
  /** LibreOffice's soffice for Office files: a path, null for none; default: DOCPARSE_SOFFICE, PATH, install folders.
   *  A function is asked at each use (the app's setting may change while the engine runs). */
  soffice?: string | null | (() => string | null | undefined);
  /** Time limit of one Office → PDF conversion; default 120 s. */
  convertTimeoutMs?: number;
  /** Office uploads waiting for (or in) their LibreOffice conversion at most; more are refused (1124, retry
   * later). They also count against queueLimit with every other task. Default 16. */
  officeQueueLimit?: number;
  log?: (line: string) => void;
  /** OCR of scans and images (default: on, language auto). */
  ocr?: OcrSettings;
  /** Start the workers with the engine, each loading the OCR models in the background, so that the first
   * scanned page does not wait for them (the app's engine and the server CLI); default false (on demand). */
  preloadOcr?: boolean;
}

export interface SubmitInput {
  /** The uploaded file; it is moved into the task's folder (or deleted on rejection). */
  uploadPath: string;
  fileName: string;
  formats: OutputFormat[];
  elementFormats: ElementFormats;
  featureConfig: FeatureConfig;
  /** A sync request waits for the task: it is not resumed after a restart (nobody could poll it). */
  sync?: boolean;
  /** Password of a protected PDF (local extension): opens the file, never stored or logged. */
  password?: string;
  /** This task's OCR (local extensions `ocr`, `ocr_lang`); absent: the engine's option. */
  ocr?: OcrSettings;
  /** Local extension `page_range`: the 1-based pages to parse; absent: every page. */
  pages?: number[];
}

export interface TaskView {
  task: TaskRecord;
  progress: Progress | null;
}

export const DEFAULT_MAX_PAGES = 300;
export const DEFAULT_OFFICE_QUEUE_LIMIT = 16;
export const DEFAULT_TTL_MS = 24 * 3600_000;
/** Below the 30 s read timeouts of the polling clients (Dify, RAGFlow-py, FastGPT) that do not ask for a shorter hold. */
export const DEFAULT_LONG_POLL_MS = 25_000;

/** The soffice to use now: the option, or what its function answers at this call. */
export const sofficeOf = (o: EngineCoreOptions): string | null | undefined =>
  typeof o.soffice === 'function' ? o.soffice() : o.soffice;
