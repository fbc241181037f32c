// Messages between the worker pool (main thread) and the parse workers (worker.ts).
import type { ElementFormats, FeatureConfig, OutputFormat, Progress } from '../../shared/somark.ts';

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
  /** Prefix of public file URLs, still carrying the base placeholder: `${BASE_PLACEHOLDER}/files/<key>/`. */
  filesPrefix: string;
}

export interface ParseOutcome {
  pageCount: number;
  fileType: string;
}

export type WorkerJob = ParseJob;

export type ToWorker = { type: 'job'; id: number; job: WorkerJob };

export type FromWorker =
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'done'; id: number; outcome: ParseOutcome }
  | { type: 'failed'; id: number; code: number; message: string };

/**
 * Stored results carry this in place of the public base URL (`http://host:port/api/v1`); it is
 * replaced when a result is served, so results survive a restart on another port or host name.
 */
export const BASE_PLACEHOLDER = '@docparse-engine-base@';
