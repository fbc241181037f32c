// Runs one admitted task on the pool. A large PDF is shared out across the workers while they run (each
// claims pages from one cursor in shared memory and analyses them, crops included), then one assembly
// job — first in the queue — does the document-level pass and writes the outputs. Small files and images
// are one parse job.
import { join } from 'node:path';
import { pageCursor } from './page-cursor.ts';
import type { Progress } from '../../shared/somark-answers.ts';
import type { PageAnalysis } from './parse.ts';
import type { DocumentInfo } from '../types.ts';
import type { ParseJob, ParseOutcome } from './jobs.ts';
import { IMAGES_DIR } from '../outputs/result.ts';
import type { WorkerPool } from './pool.ts';
import type { Budget } from './budget.ts';

/** Below this many pages a PDF is parsed by one worker. */
export const SPLIT_MIN_PAGES = 24;
/** No range gets fewer pages than this. */
export const MIN_RANGE_PAGES = 12;

export interface TaskHooks {
  onStart(): void;
  onProgress(p: Progress): void;
  /** Budget of a job over this many pages (budget.ts). */
  budget(pages: number): Budget;
}

/** Contiguous [start, end) ranges, at most one per worker. */
export function planRanges(pages: number, workers: number): [number, number][] {
  const n = pages < SPLIT_MIN_PAGES ? 1 : Math.max(1, Math.min(workers, Math.floor(pages / MIN_RANGE_PAGES)));
  return Array.from({ length: n }, (_, i) => [Math.floor((i * pages) / n), Math.floor(((i + 1) * pages) / n)]);
}

export async function runTask(
  pool: WorkerPool,
  job: ParseJob,
  info: DocumentInfo,
  hooks: TaskHooks,
): Promise<ParseOutcome> {
  const pages = info.pageCount;
  const ranges = info.kind === 'pdf' ? planRanges(pages, pool.size) : [[0, pages] as [number, number]];
  if (ranges.length === 1) {
    const opts = { budget: hooks.budget(pages), onStart: hooks.onStart, onProgress: hooks.onProgress, admitted: true };
    return (await pool.run(job, opts)) as ParseOutcome;
  }
  let started = false;
  const done = ranges.map(() => 0);
  const imageDir = job.elementFormats.image === 'none' ? null : join(job.taskDir, IMAGES_DIR);
  // Fixed ranges left one worker idle while the other finished pages that cost more (crops, dense tables,
  // OCR). The first job takes pages one at a time from the front; the others take shares of what is left
  // from the back; a job that starts late (its worker busy) finds less or nothing left.
  const cursor = pageCursor(0, pages).buffer as SharedArrayBuffer;
  const parts = await Promise.all(
    ranges.map(async (_, i) => {
      const analyses = await pool.run(
        {
          kind: 'analyse',
          inputPath: job.inputPath,
          fileType: info.fileType,
          start: 0,
          end: pages,
          imageDir,
          ocr: job.ocr,
          cursor,
          cursorParts: i === 0 ? 0 : ranges.length,
          cacheDir: job.cacheDir,
        },
        {
          budget: hooks.budget(pages),
          admitted: true,
          onStart: () => {
            if (!started) hooks.onStart();
            started = true;
          },
          onProgress: (p) => {
            done[i] = p.pages_done;
            hooks.onProgress({ pages_done: done.reduce((a, b) => a + b, 0), pages_total: pages });
          },
        },
      );
      return analyses as PageAnalysis[];
    }),
  );
  // Pages come back in the order they were claimed: the assembly sorts them.
  const assemble = {
    kind: 'assemble' as const,
    parse: job,
    meta: { fileType: info.fileType, pageCount: pages },
    analyses: parts.flat(),
  };
  return (await pool.run(assemble, { budget: hooks.budget(pages), priority: true })) as ParseOutcome;
}
