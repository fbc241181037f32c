// Worker thread: runs one parse job at a time for the pool (pool.ts) and writes its outputs.
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { ErrorCodes, isEngineError } from '../errors.ts';
import { parseDocument } from '../parse/index.ts';
import type { FromWorker, ToWorker } from './jobs.ts';
import { IMAGES_DIR, writeOutputs } from './outputs.ts';

const port = parentPort;
if (!port) throw new Error('engine/server/worker.ts must run as a worker thread');

const post = (m: FromWorker): void => port.postMessage(m);

port.on('message', async (msg: ToWorker) => {
  if (msg?.type !== 'job') return;
  const { id, job } = msg;
  try {
    const imagePrefix = `${job.filesPrefix}${IMAGES_DIR}/`;
    const doc = await parseDocument(job.inputPath, job.fileName, {
      featureConfig: job.featureConfig,
      elementFormats: job.elementFormats,
      imageDir: join(job.taskDir, IMAGES_DIR),
      imageUrl: (name) => imagePrefix + name,
      maxPages: job.maxPages,
      onProgress: (progress) => post({ type: 'progress', id, progress }),
    });
    await writeOutputs(job, doc);
    post({ type: 'done', id, outcome: { pageCount: doc.pageCount, fileType: doc.fileType } });
  } catch (e) {
    const code = isEngineError(e) ? e.code : ErrorCodes.PROCESSING_FAILED;
    const message = isEngineError(e) ? e.message : `Parsing failed: ${e instanceof Error ? e.message : String(e)}`;
    post({ type: 'failed', id, code, message });
  }
});
