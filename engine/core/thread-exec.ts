// The parse CLI's Executor (orchestrator.ts): this thread runs a small document's parse itself (no worker
// start-up, one copy of mupdf), the first share of a large PDF's pages and its assembly; the other shares go
// to a pool of worker threads made for that document and stopped once its shares are analysed, so their
// heaps and mupdf memory are gone before the assembly's peak.
import { availableParallelism } from 'node:os';
import type { Executor } from './orchestrator.ts';
import type { WorkerPool } from './pool.ts';
import { runJob } from './run-job.ts';

export interface ThreadExecutor extends Executor {
  close(): Promise<void>;
}

/** `threads`: this one plus the workers a large PDF is split across (plan.ts splitThreads). */
export function threadExecutor(threads: number): ThreadExecutor {
  let pool: WorkerPool | null = null;
  let stopping: Promise<void> | undefined;

  const workers = async (): Promise<WorkerPool> => {
    if (pool) return pool;
    // mupdf is loaded here by now (the input was inspected): the workers reuse its compiled WASM.
    const [{ mupdfWorkerData }, { WorkerPool }] = await Promise.all([
      import('../pdf/wasm-shared.ts'),
      import('./pool.ts'),
    ]);
    pool ??= new WorkerPool({
      size: threads - 1,
      // This thread reads pages too: the cores are shared among all `threads`.
      ocrThreads: Math.max(1, Math.floor(availableParallelism() / threads)),
      workerUrl: new URL('./worker.ts', import.meta.url),
      queueLimit: 1000,
      workerData: mupdfWorkerData,
    });
    return pool;
  };

  const stopWorkers = async (): Promise<void> => {
    const p = pool;
    pool = null;
    if (p) stopping = p.close();
    await stopping;
  };

  return {
    size: threads,
    async run(job, opts) {
      if (job.kind === 'analyse' && opts.part && threads > 1) return (await workers()).run(job, opts);
      opts.onStart?.();
      return runJob(job, { onProgress: opts.onProgress });
    },
    partsDone: stopWorkers,
    close: stopWorkers,
  };
}
