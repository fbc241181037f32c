// Run as its own process by pool-stop.test.ts: jobs recognising a scanned PDF are stopped over their CPU
// budget (a few hundred ms of CPU per page: in the middle of onnxruntime's inference) with no grace, in four
// rounds; the pool must not terminate a worker inside native inference. Prints a line per round.
import { WorkerPool } from '../../../../engine/core/pool.ts';
import { jobBudget } from '../../../../engine/core/budget.ts';

const [file] = process.argv.slice(2);
const pool = new WorkerPool({
  size: 1,
  workerUrl: new URL('../../../../engine/core/worker.ts', import.meta.url),
  queueLimit: 10,
  stopGraceMs: 1,
});
const job = {
  kind: 'analyse' as const,
  inputPath: file!,
  fileType: '.pdf',
  start: 0,
  end: 3,
  imageDir: null,
  ocr: { enabled: true, lang: 'auto' as const },
};
for (const [i, pageCpuMs] of [300, 700, 1100, 1500].entries()) {
  const outcome = await pool.run(job, { budget: jobBudget(3, true, { pageCpuMs }) }).then(
    () => 'finished',
    (e: Error) => `rejected: ${e.message}`,
  );
  console.log(`round ${i + 1}: ${outcome}`);
}
await pool.close();
console.log('pool closed');
