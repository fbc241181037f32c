// One thread of the worker pool (pool.ts): the pool's options, a job waiting or running, the slot a worker
// runs in, and how a worker is started (its heap limit, its OCR threads, mupdf's shared WASM) and what its
// failures mean (out of memory: a budget error, never resumed; anything else: the parser failed).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { OCR_THREADS_ENV } from '../ocr/runtime.ts';
import type { Progress } from '../../shared/somark-answers.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import { BudgetError, type Budget, type JobWatch } from './budget.ts';
import type { JobOutcome, ToWorker, WorkerJob } from './jobs.ts';

/** Most JavaScript heap a worker may use (its WASM and pixel buffers are outside it): a runaway parse
 * ends that worker (ERR_WORKER_OUT_OF_MEMORY), not the process. */
const WORKER_HEAP_MB = 1024;

export interface PoolOptions {
  size: number;
  workerUrl: URL;
  /** Called as each worker starts: its workerData (e.g. mupdf's compiled WASM, pdf/wasm-shared.ts). */
  workerData?: () => unknown;
  queueLimit: number;
  /** A worker idle this long is stopped (it is started again on demand). */
  idleMs?: number;
  log?: (line: string) => void;
  /** How long a stopped worker may take to end by itself (worker-stop.ts). */
  stopGraceMs?: number;
  /** Each worker loads the OCR models in the background as it starts (the first scanned page does not wait). */
  warmOcr?: boolean;
  /** onnxruntime threads of each worker; default: the cores left to each (cores ÷ workers, 1 to 4). */
  ocrThreads?: number;
}

export interface RunOptions {
  /** Stop the job (and replace its worker) when it is over one of these. */
  budget: Budget;
  /** Called when a worker picks the job up. */
  onStart?: () => void;
  onProgress?: (p: Progress) => void;
  /** A follow-up of an admitted task (e.g. assembling its ranges): goes first, ignores queueLimit. */
  priority?: boolean;
  /** Part of an admitted task: ignores queueLimit. */
  admitted?: boolean;
}

export interface Pending extends RunOptions {
  id: number;
  job: WorkerJob;
  resolve: (o: JobOutcome) => void;
  reject: (e: Error) => void;
}

export interface Slot {
  worker: Worker | null;
  /** The worker has loaded the parser; until then a job's budget does not run. */
  ready: boolean;
  /** Shared with the worker: its calls into native inference (engine/ocr/native-guard.ts). */
  guard: Int32Array | null;
  current: Pending | null;
  watch: JobWatch | null;
  idle: NodeJS.Timeout | null;
}

export const emptySlot = (): Slot => ({
  worker: null,
  ready: false,
  guard: null,
  current: null,
  watch: null,
  idle: null,
});

/** A new worker thread for a pool of `size` (it is asked to load the OCR models when the pool warms them). */
export function startWorker(opts: PoolOptions, size: number): Worker {
  const threads = opts.ocrThreads ?? Math.max(1, Math.min(4, Math.floor(availableParallelism() / size)));
  const worker = new Worker(opts.workerUrl, {
    workerData: opts.workerData?.(),
    env: { ...process.env, [OCR_THREADS_ENV]: String(threads) },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  if (opts.warmOcr) worker.postMessage({ type: 'warm' } satisfies ToWorker);
  return worker;
}

/** What a worker's 'error' event means for its job (an uncaught error or its heap limit). */
export function workerFailure(e: Error): EngineError {
  if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new BudgetError(
      ErrorCodes.PROCESSING_FAILED,
      `Parsing needed more than ${WORKER_HEAP_MB} MB of memory and was stopped`,
    );
  return new EngineError(ErrorCodes.PROCESSING_FAILED, `The parser failed: ${e.message}`);
}

/** What a worker's unexpected exit means for its job. */
export const exitFailure = (code: number): EngineError =>
  new EngineError(ErrorCodes.PROCESSING_FAILED, `The parser stopped unexpectedly (exit code ${code})`);
