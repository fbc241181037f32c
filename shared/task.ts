// Task, settings and view types shared by main and renderer.
import type { FeatureConfig, OutputFormat } from './somark.ts';
import type { Progress } from './somark-answers.ts';
import type { AppError } from './result.ts';
import type { FileOptions } from './file-options.ts';
import type { RetryInfo, RetryRecord } from './task-retry.ts';

export type Backend = 'local' | 'cloud';
export type ParseMode = 'auto' | 'sync' | 'async';

/** queued → uploading → QUEUING → PROCESSING → SUCCESS | FAILED | cancelled; a protected PDF waits in
 *  needsPassword (not failed) until the user gives its password, then goes back to queued. */
export type TaskState =
  | 'queued'
  | 'needsPassword'
  | 'uploading'
  | 'QUEUING'
  | 'PROCESSING'
  | 'SUCCESS'
  | 'FAILED'
  | 'cancelled';
export const FINAL_STATES: readonly TaskState[] = ['SUCCESS', 'FAILED', 'cancelled'];

export interface SubmitOptions {
  backend?: Backend;
  mode?: ParseMode;
  formats?: OutputFormat[];
  featureConfig?: Partial<FeatureConfig>;
  /** OCR and page range for these files (left out: the settings' defaults). */
  fileOptions?: Partial<FileOptions>;
}

export interface Task {
  /** Local request id, kept with the remote task id for traceability ("req_…"). */
  id: string;
  remoteTaskId: string | null;
  fileName: string;
  filePath: string;
  size: number;
  /** Page count when known (PDF header sniff before upload, or the service's metadata). */
  pages: number | null;
  fileType: string; // '.pdf'
  backend: Backend;
  /** Base URL the task was sent to (never a secret). */
  baseUrl: string;
  requestedMode: ParseMode;
  /** Mode actually used (auto resolved) or null before upload. */
  mode: 'sync' | 'async' | null;
  formats: OutputFormat[];
  featureConfig: Partial<FeatureConfig>;
  state: TaskState;
  /** 0–100 while uploading. */
  uploadPercent: number | null;
  progress: Progress | null;
  /** Attempts made (network retries and FAILED re-submissions). */
  attempts: number;
  /** Why each attempt after the first was made, oldest first (optional: older tasks lack it). */
  retries?: RetryRecord[];
  /** Work time banked from earlier runs of this task (before a restart or a retry's wait); elapsed time is
   *  this plus the current run (startedAt → finishedAt or now). Optional: older tasks lack it. */
  workedMs?: number;
  /** OCR and page range this task was sent with (optional: older tasks lack it, meaning the defaults). */
  fileOptions?: FileOptions;
  error: AppError | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Bytes the cached result takes on disk (SUCCESS only). */
  resultBytes: number | null;
  /** Set when this task re-runs an earlier one (both results are kept). */
  parentId: string | null;
  /**
   * Set while a request waits to be tried again (network error, HTTP 5xx, rate limit); cleared on
   * progress and in final states. Optional: tasks stored before it existed load without it.
   */
  retry?: RetryInfo | null;
}

export interface Settings {
  backend: Backend;
  cloudBaseUrl: string;
  mode: ParseMode;
  syncMaxBytes: number;
  syncMaxPages: number;
  formats: OutputFormat[];
  featureConfig: FeatureConfig;
  concurrency: number;
  language: 'system' | 'en' | 'zh-CN';
  theme: 'system' | 'light' | 'dark';
  /** LibreOffice's soffice program for the local engine's Office files ('' = find it on PATH and in the
   *  usual install folders). */
  sofficePath: string;
  /** Longest hold of the local engine's async_check long poll, in seconds (0: answer at once). */
  engineLongPollSeconds: number;
  /** Defaults of the per-file options (OCR, its language, page range) offered when submitting. */
  fileOptions: FileOptions;
}

export interface KeyStatus {
  set: boolean;
  /** Last four characters only, e.g. "1234". */
  last4: string | null;
  storage: 'keychain' | 'memory' | 'none';
  keychainAvailable: boolean;
  /** Why the keychain is unavailable, when it is. */
  keychainError: string | null;
}

export interface FileCheck {
  path: string;
  name: string;
  size: number;
  ok: boolean;
  /** Reason when not ok: 'EMPTY' | 'TOO_LARGE' | 'UNSUPPORTED' | 'UNREADABLE' | 'MISMATCH'. */
  error: AppError | null;
}

/** What 'tasks:submit' answers: the tasks queued, the files refused (not ok, with the reason), and the good
 *  files held back because they are already in the queue (only when asked to: `duplicates: 'ask'`). */
export interface SubmitResult {
  tasks: Task[];
  rejected: FileCheck[];
  duplicates: FileCheck[];
}

export interface ConnectionReport {
  backend: Backend;
  baseUrl: string;
  latencyMs: number;
  usage: { paid: number; freeToday: number; freeMonth: number } | null;
  /** False when the address tested is not the saved one: the stored key is sent only there. */
  keySent?: boolean;
}

/** What the review screen loads for one finished task; URLs resolve in the renderer. */
export interface ResultView {
  task: Task;
  /** Markdown as cached (image links relative: ./images/image_001.png). */
  markdown: string;
  /** outputs.json as the service returned it (null if json was not requested). */
  json: import('./somark.ts').JsonOutput | null;
  catalog: import('./somark.ts').CatalogNode[];
  /** URL the renderer can fetch the original file from, or null if it is gone and not cached. */
  originalUrl: string | null;
  /** Set when originalUrl serves a conversion of the upload ('.pdf' for an Office file), not the upload. */
  previewType?: string;
  /** Base URL for relative asset paths of this task (ends with '/'). */
  assetBase: string;
  /** Service img_url → cached relative path (images/image_001.png). */
  images: Record<string, string>;
  /** The service's warnings ("CODE: sentence"), e.g. DAMAGED_FILE: the file was repaired. */
  warnings: string[];
  /** An edited version: the id of the result it corrects (that one stays as it was). */
  editedFrom?: string | null;
}

/** A page of the original drawn by main (mupdf) for the review when the renderer's PDF library cannot
 *  open it: fetched at `assetBase + pageImageAsset(page, widthPx)`; PAGE_IMAGE_ASSET reads that name. */
export const pageImageAsset = (page: number, widthPx: number): string => `pages/${page}-${widthPx}.png`;
export const PAGE_IMAGE_ASSET = /^pages\/(\d{1,5})-(\d{2,4})\.png$/;
/** Widest page image main draws (px). */
export const PAGE_IMAGE_MAX_WIDTH = 4096;

/** 'results:pages': the original can be drawn as page images (how many), or needs the password of a
 *  protected PDF for this session (`wrong`: the one just given did not open it). */
export type PageImages = { state: 'ready'; pages: number } | { state: 'password'; wrong: boolean };

export interface HistoryItem {
  id: string;
  fileName: string;
  finishedAt: number;
  elapsedMs: number | null; // how long the parse took (finished − started); null when not known
  pages: number | null;
  backend: Backend;
  fileSize: number | null; // the source file's size (task saved with the result); null when saved without it
  bytes: number; // what the result takes on disk (its cache folder): what deleting it frees
  parentId: string | null;
  /** An edited version: the id of the result it corrects. */
  editedFrom?: string | null;
  /** A short excerpt around the hit when searching by text. */
  snippet: string | null;
}

export interface AppInfo {
  version: string;
  transport: 'electron' | 'web';
  platform: string;
  /** OS locale, e.g. 'zh-CN'. */
  locale: string;
  dataDir: string;
  /** The local engine can take Office files (LibreOffice was found); see shared/capabilities.ts. */
  localOffice?: boolean;
  /** The soffice program the local engine uses (the setting's, else the one found), or null. */
  soffice?: string | null;
}
