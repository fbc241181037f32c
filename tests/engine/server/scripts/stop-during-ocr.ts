// Run as its own process by pool-stop.test.ts: a worker pool recognising a scanned PDF is closed while
// its worker is inside onnxruntime (a moment into the second page), in four rounds; prints a line per round.
import { WorkerPool } from '../../../../engine/core/pool.ts';
import { jobBudget } from '../../../../engine/core/budget.ts';

const [file] = process.argv.slice(2);
const DELAYS_MS = [150, 400, 700, 1000];
for (const [i, delay] of DELAYS_MS.entries()) {
  const round = i + 1;
  const pool = new WorkerPool({
    size: 1,
    workerUrl: new URL('../../../../engine/core/worker.ts', import.meta.url),
    queueLimit: 10,
  });
  let closing: Promise<void> | null = null;
  const job = {
    kind: 'analyse' as const,
    inputPath: file!,
    fileType: '.pdf',
    start: 0,
    end: 3,
    imageDir: null,
    ocr: { enabled: true, lang: 'auto' as const },
  };
  const outcome = await pool
    .run(job, {
      budget: jobBudget(3, true),
      onProgress: () => void setTimeout(() => void (closing ??= pool.close()), delay),
    })
    .then(
      () => 'finished',
      (e: Error) => `rejected: ${e.message}`,
    );
  await (closing ?? pool.close());
  console.log(`round ${round}: ${outcome}; pool closed`);
}
