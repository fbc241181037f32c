// Worker thread of the pool (pool.ts): runs one job at a time (run-job.ts: a whole parse, one share of a
// large PDF's pages, or the assembly), reports its pages, and ends cleanly when asked.
import { parentPort } from 'node:worker_threads';
import { ErrorCodes, isEngineError } from '../errors.ts';
import { warmOcr } from '../source/ocr-pages.ts';
import { releaseOcrModels } from '../ocr/runtime.ts';
import { NATIVE_GUARD } from '../ocr/native-guard.ts';
import type { FromWorker, ToWorker } from './jobs.ts';
import { runJob } from './run-job.ts';

const port = parentPort;
if (!port) throw new Error('engine/core/worker.ts must run as a worker thread');

const post = (m: FromWorker): void => port.postMessage(m);

post({ type: 'ready', guard: NATIVE_GUARD.buffer as SharedArrayBuffer });

// The job running now (one at a time), and whether the pool asked this thread to end.
let current: AbortController | null = null;
let stopping = false;

/** Ends the thread cleanly: native OCR sessions are freed first (see releaseOcrModels). */
async function quit(): Promise<never> {
  await releaseOcrModels();
  process.exit(0);
}

port.on('message', async (msg: ToWorker) => {
  if (msg?.type === 'stop') {
    stopping = true;
    if (current) current.abort();
    else await quit();
    return;
  }
  if (msg?.type === 'warm' && !stopping) {
    const t0 = performance.now();
    if (await warmOcr()) post({ type: 'warm', ms: Math.round(performance.now() - t0) });
    return;
  }
  if (msg?.type !== 'job') return;
  const job = (current = new AbortController());
  try {
    const id = msg.id;
    const outcome = await runJob(msg.job, {
      signal: job.signal,
      onPageStart: (page) => post({ type: 'page', id, page }),
      onProgress: (progress) => post({ type: 'progress', id, progress }),
    });
    post({ type: 'done', id, outcome });
  } catch (e) {
    const code = isEngineError(e) ? e.code : ErrorCodes.PROCESSING_FAILED;
    const message = isEngineError(e) ? e.message : `Parsing failed: ${e instanceof Error ? e.message : String(e)}`;
    post({ type: 'failed', id: msg.id, code, message });
  } finally {
    current = null;
    if (stopping) await quit();
  }
});
