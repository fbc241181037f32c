// The one orchestrator of a parse, for the engine's tasks (engine.ts, execute.ts) and the parse CLI alike:
// inspect the input (type, integrity, page range, page limit) → convert an Office file → plan the page
// ranges for the threads at hand (plan.ts) → run the jobs (run-job.ts: analyse pages, assemble, outputs)
// on an Executor: the worker pool (pool.ts), or the CLI's own thread plus workers (thread-exec.ts).
import type { Progress } from '../../shared/somark-answers.ts';
import type { DocumentInfo } from '../types.ts';
import type { PageAnalysis } from '../model.ts';
import { IMAGES_DIR } from '../outputs/result.ts';
import { join } from 'node:path';
import { jobBudget, type Budget } from './budget.ts';
import { applyPageRange } from './page-range.ts';
import { convertOffice, inspectInput, type InputInfo, type InputOptions } from './inspect.ts';
import { pageCursor } from './page-cursor.ts';
import { checkPageLimit, planRanges } from './plan.ts';
import type { RunOptions } from './pool.ts';
import type { JobOutcome, ParseJob, ParseOutcome, WorkerJob } from './jobs.ts';

/** Where a parse's jobs run. `part`: the index of an analysis share (0 claims pages from the front). */
export interface Executor {
  /** Threads that may analyse one document's pages at once. */
  readonly size: number;
  run(job: WorkerJob, opts: RunOptions & { part?: number }): Promise<JobOutcome>;
  /** Every share is analysed: free what only the shares needed before the assembly's peak. */
  partsDone?(): Promise<void>;
}

export interface ParseHooks {
  onStart?(): void;
  onProgress?(p: Progress): void;
  /** Overrides of the job budget (budget.ts jobBudget: the one rule for every job of the parse). */
  budget?: Partial<Budget>;
}

export interface InspectOptions extends InputOptions {
  /** Local extension `page_range`: the 1-based pages to parse. */
  pages?: readonly number[];
  maxPages?: number;
  /** Ends the page-limit sentence (the CLI names its option). */
  limitHint?: string;
}

/** An input's facts, its page range applied (a PDF cut in place) and the page limit checked; `cut` says
 * whether the file was cut. An Office file's range and limit wait for its conversion (convertInput). */
export async function inspectTask(
  path: string,
  fileName: string,
  o: InspectOptions,
): Promise<{ info: InputInfo; cut: boolean }> {
  let info = await inspectInput(path, fileName, o);
  try {
    let cut = false;
    // A protected PDF is cut through its decrypted copy.
    if (o.pages && info.kind !== 'office')
      ({ info, cut } = await applyPageRange(info.unlocked?.path ?? path, info, o.pages, fileName));
    checkPageLimit(info.pageCount, o.maxPages, o.limitHint);
    return { info, cut };
  } catch (e) {
    await info.unlocked?.close();
    throw e;
  }
}

/** An Office input converted by LibreOffice (in taskDir): the PDF to parse, its range applied, its limit checked. */
export async function convertInput(
  inputPath: string,
  taskDir: string,
  fileName: string,
  o: InspectOptions & { timeoutMs?: number; signal?: AbortSignal },
): Promise<{ pdfPath: string; info: DocumentInfo }> {
  const converted = await convertOffice(inputPath, taskDir, fileName, o);
  if (o.pages) converted.info = (await applyPageRange(converted.pdfPath, converted.info, o.pages, fileName)).info;
  checkPageLimit(converted.info.pageCount, o.maxPages, o.limitHint);
  return converted;
}

/**
 * Runs one parse on `exec`. A small file or an image is one parse job. A large PDF is shared out across
 * the threads while they run (each claims pages from one cursor in shared memory and analyses them, crops
 * included), then one assembly job — first in the queue — does the document-level pass and the outputs.
 */
export async function runParse(
  exec: Executor,
  job: ParseJob,
  info: DocumentInfo,
  hooks: ParseHooks = {},
): Promise<ParseOutcome> {
  const pages = info.pageCount;
  const budget = jobBudget(pages, job.ocr?.enabled !== false, hooks.budget);
  const ranges = info.kind === 'pdf' ? planRanges(pages, exec.size) : [[0, pages] as [number, number]];
  if (ranges.length === 1) {
    const opts = { budget, onStart: hooks.onStart, onProgress: hooks.onProgress, admitted: true };
    // The facts only (an InputInfo's decrypted copy has a close() no thread could be sent).
    const known = { fileType: info.fileType, kind: info.kind, pageCount: info.pageCount };
    return (await exec.run({ ...job, known }, opts)) as ParseOutcome;
  }
  let started = false;
  const done = ranges.map(() => 0);
  const imageDir = job.elementFormats.image === 'none' ? null : join(job.taskDir, IMAGES_DIR);
  // Fixed ranges left one thread idle while the other finished pages that cost more (crops, dense tables,
  // OCR). The first share takes pages one at a time from the front; the others take shares of what is left
  // from the back; a share that starts late (its worker busy or starting) finds less or nothing left.
  const cursor = pageCursor(0, pages).buffer as SharedArrayBuffer;
  const parts = await Promise.all(
    ranges.map(async (_, i) => {
      const analyse: WorkerJob = {
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
      };
      const onStart = () => {
        if (!started) hooks.onStart?.();
        started = true;
      };
      const onProgress = (p: Progress) => {
        done[i] = p.pages_done;
        hooks.onProgress?.({ pages_done: done.reduce((a, b) => a + b, 0), pages_total: pages });
      };
      return exec.run(analyse, { budget, admitted: true, part: i, onStart, onProgress });
    }),
  );
  await exec.partsDone?.();
  // Pages come back in the order they were claimed: the assembly sorts them.
  const assemble: WorkerJob = {
    kind: 'assemble',
    parse: job,
    meta: { fileType: info.fileType, pageCount: pages },
    analyses: (parts as PageAnalysis[][]).flat(),
  };
  return (await exec.run(assemble, { budget, priority: true })) as ParseOutcome;
}
