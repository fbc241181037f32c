// A bounded pool of worker_threads. Jobs wait in a FIFO queue (at most queueLimit waiting); each
// worker runs one job at a time. Workers start on demand, stop after idling, and are replaced when
// they crash, run out of memory or overrun a job's budget (budget.ts: CPU per page and per job, no
// progress), so one bad document never takes the engine down.
import type { Worker } from 'node:worker_threads';
import { EngineError, ErrorCodes } from '../errors.ts';
import { JobWatch, threadCpu } from './budget.ts';
import type { FromWorker, JobOutcome, ToWorker, WorkerJob } from './jobs.ts';
import { stopWorker } from './worker-stop.ts';
import {
  emptySlot,
  exitFailure,
  startWorker,
  workerFailure,
  type Pending,
  type PoolOptions,
  type RunOptions,
  type Slot,
} from './pool-worker.ts';

export type { PoolOptions, RunOptions } from './pool-worker.ts';

export class WorkerPool {
  readonly size: number;
  #opts: PoolOptions;
  #queue: Pending[] = [];
  #slots: Slot[];
  #nextId = 1;
  #closed = false;
  /** Workers being stopped (some may wait for a native call to return). */
  #stopping = new Set<Promise<void>>();

  constructor(opts: PoolOptions) {
    this.#opts = opts;
    this.size = Math.max(1, opts.size);
    this.#slots = Array.from({ length: this.size }, emptySlot);
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
    if (this.#closed)
      return Promise.reject(new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine is shutting down'));
    if (!opts.priority && !opts.admitted && !this.canAccept()) {
      return Promise.reject(
        new EngineError(
          ErrorCodes.QPS_LIMIT,
          `The engine's queue is full (${this.#opts.queueLimit} tasks waiting); retry later`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const p: Pending = { ...opts, id: this.#nextId++, job, resolve, reject };
      if (opts.priority) this.#queue.unshift(p);
      else this.#queue.push(p);
      this.#dispatch();
    });
  }

  /** Starts every worker now (each stops again after idling like any other), rather than on demand. */
  prestart(): void {
    for (const slot of this.#slots) {
      if (this.#closed || slot.worker) continue;
      this.#spawn(slot);
      if (this.#opts.idleMs) {
        slot.idle = setTimeout(() => void this.#stop(slot, null), this.#opts.idleMs);
        slot.idle.unref();
      }
    }
  }

  /** Rejects waiting jobs and stops every worker (running jobs fail). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const p of this.#queue.splice(0))
      p.reject(new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine stopped before the task ran'));
    await Promise.all(
      this.#slots.map((s) =>
        this.#stop(s, new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine stopped while parsing')),
      ),
    );
    await Promise.all(this.#stopping);
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
    const p = slot.current,
      worker = slot.worker;
    if (!p || !worker || slot.watch) return;
    slot.watch = new JobWatch(p.budget, threadCpu(worker), (err) => {
      this.#opts.log?.(`job ${p.id}: ${err.message}; stopping its worker`);
      void this.#stop(slot, err);
    });
  }

  #spawn(slot: Slot): Worker {
    const worker = startWorker(this.#opts, this.size);
    Object.assign(slot, { worker, ready: false, guard: null });
    worker.on('message', (m: FromWorker) => slot.worker === worker && this.#onMessage(slot, m));
    worker.on('error', (e) => {
      this.#opts.log?.(`worker error: ${e.message}`);
      if (slot.worker !== worker) return;
      slot.worker = null;
      void worker.terminate(); // an uncaught error or its heap limit: the thread is in JavaScript, not in native code
      this.#finish(slot, null, workerFailure(e));
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.#finish(slot, null, exitFailure(code));
    });
    return worker;
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      slot.ready = true;
      slot.guard = m.guard ? new Int32Array(m.guard) : null;
      this.#startClock(slot);
      return;
    }
    if (m.type === 'warm') {
      this.#opts.log?.(`worker ready for OCR (models loaded in ${m.ms} ms)`);
      return;
    }
    const p = slot.current;
    if (!p || m.id !== p.id) return;
    if (m.type === 'page') slot.watch?.pageStart(m.page);
    else if (m.type === 'progress') {
      slot.watch?.pageDone();
      p.onProgress?.(m.progress);
    } else if (m.type === 'done') this.#finish(slot, m.outcome, null);
    else this.#finish(slot, null, new EngineError(m.code, m.message));
  }

  #finish(slot: Slot, outcome: JobOutcome | null, err: Error | null): void {
    const p = slot.current;
    slot.watch?.end();
    slot.watch = null;
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

  /** Fails the slot's job at once and ends its worker in the background; the slot gets a new worker. */
  async #stop(slot: Slot, err: Error | null): Promise<void> {
    const worker = slot.worker,
      guard = slot.guard;
    slot.worker = null;
    slot.ready = false;
    slot.guard = null;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (slot.current)
      this.#finish(slot, null, err ?? new EngineError(ErrorCodes.PROCESSING_FAILED, 'The parser was stopped'));
    if (!worker) return;
    const stopping = stopWorker(worker, {
      guard,
      graceMs: this.#opts.stopGraceMs,
      closing: () => this.#closed,
      log: this.#opts.log,
    });
    this.#stopping.add(stopping);
    await stopping.finally(() => this.#stopping.delete(stopping));
  }
}
