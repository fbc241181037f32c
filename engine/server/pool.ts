// A bounded pool of worker_threads. Jobs wait in a FIFO queue (at most queueLimit waiting); each
// worker runs one job at a time. Workers start on demand, stop after idling, and are replaced when
// they crash or overrun a job's time limit, so one bad document never takes the engine down.
import { Worker } from 'node:worker_threads';
import type { Progress } from '../../shared/somark-answers.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { FromWorker, JobOutcome, ToWorker, WorkerJob } from './jobs.ts';

export interface PoolOptions {
  size: number;
  workerUrl: URL;
  /** Called as each worker starts: its workerData (e.g. mupdf's compiled WASM, pdf/wasm-shared.ts). */
  workerData?: () => unknown;
  queueLimit: number;
  /** A worker idle this long is stopped (it is started again on demand). */
  idleMs?: number;
  log?: (line: string) => void;
}

export interface RunOptions {
  /** Stop the job (and replace its worker) after this long. */
  timeoutMs: number;
  /** Called when a worker picks the job up. */
  onStart?: () => void;
  onProgress?: (p: Progress) => void;
  /** A follow-up of an admitted task (e.g. assembling its ranges): goes first, ignores queueLimit. */
  priority?: boolean;
  /** Part of an admitted task: ignores queueLimit. */
  admitted?: boolean;
}

interface Pending extends RunOptions {
  id: number;
  job: WorkerJob;
  resolve: (o: JobOutcome) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker | null;
  /** The worker has loaded the parser; until then a job's clock does not run. */
  ready: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

export class WorkerPool {
  readonly size: number;
  #opts: PoolOptions;
  #queue: Pending[] = [];
  #slots: Slot[];
  #nextId = 1;
  #closed = false;

  constructor(opts: PoolOptions) {
    this.#opts = opts;
    this.size = Math.max(1, opts.size);
    this.#slots = Array.from({ length: this.size }, () => ({ worker: null, ready: false, current: null, timer: null, idle: null }));
  }

  /** Jobs waiting for a worker (not counting running ones). */
  get queued(): number {
    return this.#queue.length;
  }

  get running(): number {
    return this.#slots.filter((s) => s.current).length;
  }

  /** False when a new job would have to wait and the queue is full (`reserved`: jobs about to come). */
  canAccept(reserved = 0): boolean {
    const free = this.#slots.filter((s) => !s.current).length;
    return !this.#closed && this.#queue.length + reserved < this.#opts.queueLimit + free;
  }

  run(job: WorkerJob, opts: RunOptions): Promise<JobOutcome> {
    if (this.#closed) return Promise.reject(new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine is shutting down'));
    if (!opts.priority && !opts.admitted && !this.canAccept()) {
      return Promise.reject(new EngineError(ErrorCodes.QPS_LIMIT, `The engine's queue is full (${this.#opts.queueLimit} tasks waiting); retry later`));
    }
    return new Promise((resolve, reject) => {
      const p: Pending = { ...opts, id: this.#nextId++, job, resolve, reject };
      if (opts.priority) this.#queue.unshift(p);
      else this.#queue.push(p);
      this.#dispatch();
    });
  }

  /** Rejects waiting jobs and stops every worker (running jobs fail). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const p of this.#queue.splice(0)) p.reject(new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine stopped before the task ran'));
    await Promise.all(this.#slots.map((s) => this.#stop(s, new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine stopped while parsing'))));
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.current || this.#queue.length === 0) continue;
      const p = this.#queue.shift()!;
      slot.current = p;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      const worker = slot.worker ?? this.#spawn(slot);
      if (slot.ready) this.#startClock(slot);
      const msg: ToWorker = { type: 'job', id: p.id, job: p.job };
      worker.postMessage(msg);
      p.onStart?.();
    }
  }

  #startClock(slot: Slot): void {
    const p = slot.current;
    if (!p || slot.timer) return;
    slot.timer = setTimeout(() => {
      this.#opts.log?.(`job ${p.id} exceeded ${p.timeoutMs} ms: stopping its worker`);
      const limit = p.timeoutMs >= 10_000 ? `${Math.round(p.timeoutMs / 1000)} s` : `${p.timeoutMs} ms`;
      void this.#stop(slot, new EngineError(ErrorCodes.PROCESSING_FAILED, `Parsing took longer than ${limit} and was stopped`));
    }, p.timeoutMs);
  }

  #spawn(slot: Slot): Worker {
    const worker = new Worker(this.#opts.workerUrl, { workerData: this.#opts.workerData?.() });
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (m: FromWorker) => slot.worker === worker && this.#onMessage(slot, m));
    worker.on('error', (e) => {
      this.#opts.log?.(`worker error: ${e.message}`);
      if (slot.worker !== worker) return;
      slot.worker = null;
      void worker.terminate();
      this.#finish(slot, null, new EngineError(ErrorCodes.PROCESSING_FAILED, `The parser failed: ${e.message}`));
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.#finish(slot, null, new EngineError(ErrorCodes.PROCESSING_FAILED, `The parser stopped unexpectedly (exit code ${code})`));
    });
    return worker;
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      slot.ready = true;
      return this.#startClock(slot);
    }
    const p = slot.current;
    if (!p || m.id !== p.id) return;
    if (m.type === 'progress') p.onProgress?.(m.progress);
    else if (m.type === 'done') this.#finish(slot, m.outcome, null);
    else this.#finish(slot, null, new EngineError(m.code, m.message));
  }

  #finish(slot: Slot, outcome: JobOutcome | null, err: Error | null): void {
    const p = slot.current;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    if (p) {
      if (err) p.reject(err);
      else p.resolve(outcome!);
    }
    if (!this.#closed && slot.worker && this.#opts.idleMs) {
      slot.idle = setTimeout(() => void this.#stop(slot, null), this.#opts.idleMs);
      slot.idle.unref();
    }
    this.#dispatch();
  }

  async #stop(slot: Slot, err: Error | null): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = false;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (slot.current) this.#finish(slot, null, err ?? new EngineError(ErrorCodes.PROCESSING_FAILED, 'The parser was stopped'));
    if (worker) await stopWorker(worker);
  }
}

/** How long a worker may take to finish its page and free its native resources before it is terminated. */
const STOP_GRACE_MS = 30_000;

/**
 * Asks a worker to end (its job aborts at the next page, OCR sessions are freed) and waits for it; only a
 * worker that does not end in time is terminated. Terminating a thread inside onnxruntime-node can abort
 * the whole process, the server included.
 */
async function stopWorker(worker: Worker): Promise<void> {
  if (worker.threadId < 0) return; // already ended
  let timer: NodeJS.Timeout | undefined;
  const exited = new Promise<boolean>((resolve) => worker.once('exit', () => resolve(true)));
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), STOP_GRACE_MS); });
  try {
    worker.postMessage({ type: 'stop' } satisfies ToWorker);
  } catch { /* already gone */ }
  const ended = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (!ended) await worker.terminate();
}
