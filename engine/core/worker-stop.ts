// Ending a pool worker without taking the process with it. The worker is asked to end (its job aborts at
// the next page boundary and its onnxruntime sessions are freed); only one that does not end in time is
// terminated, and never while it is inside onnxruntime's native code (engine/ocr/native-guard.ts): a thread
// terminated there aborts the whole process. A worker stuck in native code is left to come out by itself
// (doomed: its slot already has a new worker) and terminated then.
import type { Worker } from 'node:worker_threads';
import { closeGuard, releaseGuard } from '../ocr/native-guard.ts';
import type { ToWorker } from './jobs.ts';

/** How long a worker may take to finish its page and free its native resources before it is terminated. */
const STOP_GRACE_MS = 30_000;
/** How often a worker inside native code is looked at again. */
const NATIVE_POLL_MS = 250;

const sleep = (ms: number) => new Promise<false>((r) => setTimeout(() => r(false), ms).unref());

export interface StopOptions {
  /** Shared with the worker (it sends it with 'ready'); null for a worker that never got there. */
  guard: Int32Array | null;
  graceMs?: number;
  /** True once the pool is closing: a worker still inside native code a grace after that is left behind (unref'd). */
  closing?: () => boolean;
  log?: (line: string) => void;
}

export async function stopWorker(worker: Worker, opts: StopOptions): Promise<void> {
  if (worker.threadId < 0) return; // already ended
  const exited = new Promise<true>((resolve) => worker.once('exit', () => resolve(true)));
  try {
    worker.postMessage({ type: 'stop' } satisfies ToWorker);
  } catch {
    /* already gone */
  }
  if (opts.closing?.() && opts.guard) releaseGuard(opts.guard);
  if (await Promise.race([exited, sleep(opts.graceMs ?? STOP_GRACE_MS)])) return;
  let said = false;
  while (opts.guard && !closeGuard(opts.guard)) {
    if (!said)
      opts.log?.(`a stopped worker is inside native inference: it is replaced, and ends when the call returns`);
    said = true;
    if (opts.closing?.()) {
      releaseGuard(opts.guard);
      if (await Promise.race([exited, sleep(opts.graceMs ?? STOP_GRACE_MS)])) return;
      if (closeGuard(opts.guard)) break;
      opts.log?.('a worker is still inside native inference as the engine closes: left behind');
      worker.unref();
      return;
    }
    if (await Promise.race([exited, sleep(NATIVE_POLL_MS)])) return;
  }
  await worker.terminate();
}
