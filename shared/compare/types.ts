// What the compare channels carry: the other results of the same file ('results:sameFile') and a
// request to export a comparison as a report ('export:compare').
import type { FileOptions } from '../file-options.ts';
import type { Backend } from '../task.ts';
import type { FeatureConfig } from '../somark.ts';

/** A finished result of the same file content (same SHA-256 of the cached original). */
export interface SameFileResult {
  id: string;
  fileName: string;
  finishedAt: number;
  /** How long the parse took, when known. */
  elapsedMs: number | null;
  pages: number | null;
  backend: Backend;
  baseUrl: string;
  featureConfig: Partial<FeatureConfig>;
  /** OCR and pages it was parsed with, when recorded. */
  fileOptions?: FileOptions;
  hasJson: boolean;
}

export type CompareReportFormat = 'markdown' | 'json';

export interface CompareExportRequest {
  a: string;
  b: string;
  format: CompareReportFormat;
  /** Destination file; null → Electron's save dialog, or a download in browser mode (as export:task). */
  destPath?: string | null;
  overwrite?: boolean;
}
