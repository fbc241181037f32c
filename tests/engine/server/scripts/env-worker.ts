// A stand-in pool worker for pool-threads.test.ts: answers each job with the onnxruntime thread count its
// pool gave it (DOCPARSE_OCR_THREADS in its environment).
import { parentPort } from 'node:worker_threads';

parentPort!.postMessage({ type: 'ready' });
parentPort!.on('message', (m: { type: string; id: number }) => {
  if (m.type === 'job')
    parentPort!.postMessage({
      type: 'done',
      id: m.id,
      outcome: { pageCount: Number(process.env.DOCPARSE_OCR_THREADS), fileType: 'pdf' },
    });
  if (m.type === 'stop') process.exit(0);
});
