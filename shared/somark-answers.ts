// What each SoMark endpoint answers in its envelope's `data`: /parse/sync (SyncData), /parse/async
// (SubmitData), /parse/async_check (CheckData, with our `progress` extension) and /usage (UsageData), over
// the parse result they carry (ParseResult, its Outputs and Metadata). Pure types: no DOM, no Node.
import type { CatalogNode, JsonOutput, RemoteStatus } from './somark.ts';

export interface Outputs {
  markdown?: string;
  json?: JsonOutput;
  /** Our engine: an absolute URL to download the bundle. The cloud may send base64 text. */
  zip?: string;
}

export interface ParseResult {
  file_name: string;
  outputs: Outputs;
  imgs: string[];
  catalog: CatalogNode[];
  /** Local engine extension: URL of the PDF an Office upload was converted to (pages and boxes refer to it). */
  pdf_url?: string;
}

export interface Metadata {
  page_num: number;
  file_type: string; // extension with the leading dot
}

export interface Progress {
  pages_done: number;
  pages_total: number;
}

/** `data` of /parse/sync. */
export interface SyncData {
  task_id: string;
  error: string | null;
  metadata: Metadata;
  result: ParseResult;
  /** The envelope's (or data's) warnings: parsed, but e.g. the file was damaged. */
  warnings?: string[];
}

/** `data` of /parse/async. */
export interface SubmitData {
  task_id: string;
  status: 'QUEUING';
}

/** `data` of /parse/async_check. */
export interface CheckData {
  task_id: string;
  status: RemoteStatus;
  file_name: string;
  metadata: Metadata | null;
  result: ParseResult | null;
  error: string | null;
  /** On SUCCESS: the envelope's (or data's) warnings. */
  warnings?: string[];
  /** Our extension while PROCESSING; other clients ignore it. */
  progress?: Progress;
}

/** `data` of /usage. */
export interface UsageData {
  remaining_paid_pages: number;
  remaining_free_pages_today: number;
  remaining_free_pages_this_month: number;
  dashboard_url?: string;
}
