// Exports of finished results as main and renderer ask for them: one task to a file (ExportRequest and
// its ExportResult), or many to a folder (BatchExportRequest, answered by a BatchSummary per job).
import type { AppError } from './result.ts';

export type ExportFormat = 'markdown' | 'json' | 'zip';

export interface ExportRequest {
  id: string;
  format: ExportFormat;
  /** Markdown only: images in a folder beside the file, or inlined as data URIs. */
  images?: 'folder' | 'inline';
  /**
   * JSON only: 'self-contained' (default) replaces the service's image URLs by data URIs (zip and folder
   * exports link the bundled images/ files instead); 'service' is main.json exactly as returned.
   */
  json?: 'service' | 'self-contained';
  /** Destination file; null → in Electron a save dialog, in browser mode a download URL is returned. */
  destPath?: string | null;
  overwrite?: boolean;
}

export interface ExportResult {
  written: string[];
  /** Browser mode: where to download the file from. */
  downloadUrl: string | null;
}

export interface BatchExportRequest {
  ids: string[];
  formats: ExportFormat[];
  destDir: string;
  images?: 'folder' | 'inline';
}

export interface BatchSummary {
  jobId: string;
  destDir: string;
  written: { id: string; paths: string[] }[];
  skipped: { id: string; fileName: string; reason: AppError }[];
}
