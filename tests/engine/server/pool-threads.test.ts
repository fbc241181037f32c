// The pool gives each worker its share of the cores for onnxruntime (cores ÷ workers, at least 1), or
// the count it is asked for (the CLI's split, which also reads pages on its main thread).
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../engine/core/pool.ts';
import type { ParseJob } from '../../../engine/core/jobs.ts';

const budget = { pageCpuMs: 60_000, jobCpuMs: 600_000, stallMs: 60_000 };

async function threadsOf(size: number, ocrThreads?: number): Promise<number> {
  const pool = new WorkerPool({
    size,
    workerUrl: new URL('./scripts/env-worker.ts', import.meta.url),
    queueLimit: 10,
    ...(ocrThreads ? { ocrThreads } : {}),
  });
  try {
    const out = await pool.run({ kind: 'parse' } as ParseJob, { budget });
    return (out as { pageCount: number }).pageCount;
  } finally {
    await pool.close();
  }
}

describe('onnxruntime threads of pool workers', () => {
  it('cores ÷ workers by default, at least one', async () => {
    expect(await threadsOf(1)).toBe(Math.min(4, availableParallelism()));
    expect(await threadsOf(availableParallelism() + 1)).toBe(1);
  });

  it('the count asked for', async () => {
    expect(await threadsOf(1, 3)).toBe(3);
  });
});
