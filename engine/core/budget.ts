// A job's budgets on the worker pool, which follow its progress rather than the clock: a page is stopped
// when it has used more than its share of processor time (the worker thread's own CPU, which includes
// mupdf's WASM and onnxruntime's inference: both run on that thread) or when the thread has made no
// progress at all — no page finished, no processor time — for a while; the whole job has a bounded CPU
// budget too. A busy machine slows a job (its thread gets less CPU per second) but never fails it.
import type { Worker } from 'node:worker_threads';
import { EngineError, ErrorCodes } from '../errors.ts';

export interface Budget {
  /** Processor time one page may use (its render, OCR and analysis). */
  pageCpuMs: number;
  /** Processor time the whole job may use, whatever its page count. */
  jobCpuMs: number;
  /** Stopped after this long with no page finished and no processor time used (a hang). */
  stallMs: number;
  /** A fixed wall-clock limit on top (EngineCoreOptions.jobTimeoutMs); none by default. */
  wallMs?: number;
}

/** Stopped for what the input made the engine do (over a budget, out of memory): failed for good, never resumed. */
export class BudgetError extends EngineError {
  readonly final = true;
}
export const isBudgetError = (e: unknown): e is BudgetError => e instanceof BudgetError;

/** Less processor time than this between two samples (µs): the thread did nothing. */
const IDLE_US = 5_000;
const secs = (ms: number): string => (ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** The worker thread's CPU time in µs; a Node without worker.cpuUsage() (before 24.6) measures its event
 * loop's busy time instead (which also counts a thread blocked in a call). */
export const threadCpu = (worker: Worker): (() => Promise<number>) =>
  typeof worker.cpuUsage === 'function'
    ? async () => {
        const u = await worker.cpuUsage();
        return u.user + u.system;
      }
    : async () => worker.performance.eventLoopUtilization().active * 1000;

/** Watches one running job: `cpu()` answers its thread's CPU time in µs; `over` is called once, with the reason. */
export class JobWatch {
  #b: Budget;
  #cpu: () => Promise<number>;
  #over: (e: BudgetError) => void;
  #timers: NodeJS.Timeout[] = [];
  #jobCpu0 = -1;
  #pageCpu0 = -1;
  #lastCpu = -1;
  #lastActive = Date.now();
  /** The page being read (0-based), or null between pages. */
  #page: number | null = null;
  #done = false;

  constructor(budget: Budget, cpu: () => Promise<number>, over: (e: BudgetError) => void) {
    this.#b = budget;
    this.#cpu = cpu;
    this.#over = over;
    const every = Math.max(50, Math.min(1000, budget.stallMs / 4, budget.pageCpuMs / 4));
    this.#timers.push(setInterval(() => void this.#sample(), every));
    if (budget.wallMs !== undefined)
      this.#timers.push(
        setTimeout(() => this.#stop(`Parsing took longer than ${secs(budget.wallMs!)} and was stopped`), budget.wallMs),
      );
    void this.#sample();
  }

  pageStart(page: number): void {
    this.#page = page;
    this.#pageCpu0 = this.#lastCpu;
    this.#lastActive = Date.now();
  }

  pageDone(): void {
    this.#page = null;
    this.#lastActive = Date.now();
  }

  end(): void {
    this.#done = true;
    for (const t of this.#timers) clearTimeout(t);
  }

  #stop(reason: string): void {
    if (this.#done) return;
    this.end();
    this.#over(new BudgetError(ErrorCodes.PROCESSING_FAILED, reason));
  }

  async #sample(): Promise<void> {
    let cpu: number;
    try {
      cpu = await this.#cpu();
    } catch {
      return; // the thread has ended: the pool hears of it
    }
    if (this.#done) return;
    if (this.#jobCpu0 < 0) this.#jobCpu0 = cpu;
    if (this.#pageCpu0 < 0 && this.#page !== null) this.#pageCpu0 = cpu;
    if (this.#lastCpu >= 0 && cpu - this.#lastCpu > IDLE_US) this.#lastActive = Date.now();
    this.#lastCpu = cpu;
    const { pageCpuMs, jobCpuMs, stallMs } = this.#b;
    const page = this.#page === null ? null : this.#page + 1;
    if (page !== null && this.#pageCpu0 >= 0 && cpu - this.#pageCpu0 > pageCpuMs * 1000) {
      this.#stop(`Page ${page} used more than ${secs(pageCpuMs)} of processor time and was stopped`);
    } else if (cpu - this.#jobCpu0 > jobCpuMs * 1000) {
      this.#stop(`The document used more than ${secs(jobCpuMs)} of processor time and was stopped`);
    } else if (Date.now() - this.#lastActive > stallMs) {
      this.#stop(`${page !== null ? `Page ${page}` : 'Parsing'} made no progress for ${secs(stallMs)} and was stopped`);
    }
  }
}

/** No page finished and no processor time for this long: the job is stuck. */
const DEFAULT_STALL_MS = 60_000;
/** The most processor time one job may use, whatever its page count (a page range or a whole document). */
const MAX_JOB_CPU_MS = 20 * 60_000;

/** The budget of a job over `pages` pages: 60 s of CPU per page with OCR (30 s without: a page's own text is
 * read in milliseconds), 60 s + 15 s (2 s) per page for the job, at most MAX_JOB_CPU_MS; `set` overrides. */
export function jobBudget(pages: number, ocr: boolean, set: Partial<Budget> = {}): Budget {
  return {
    pageCpuMs: set.pageCpuMs ?? (ocr ? 60_000 : 30_000),
    jobCpuMs: set.jobCpuMs ?? Math.min(MAX_JOB_CPU_MS, 60_000 + (ocr ? 15_000 : 2_000) * pages),
    stallMs: set.stallMs ?? DEFAULT_STALL_MS,
    ...(set.wallMs !== undefined ? { wallMs: set.wallMs } : {}),
  };
}
