// Worker thread: runs one job at a time for the pool (pool.ts) — a whole parse, one page range of a
// large PDF, or the assembly of analysed ranges — and writes the task's outputs.
import { extname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { ErrorCodes, isEngineError } from '../errors.ts';
import { analysePages } from './analyse.ts';
import type { ParsedDocument, ParseOptions } from '../types.ts';
import { DEFAULT_OCR, warmOcr } from '../source/ocr-pages.ts';
import { releaseOcrModels } from '../ocr/runtime.ts';
import { NATIVE_GUARD } from '../ocr/native-guard.ts';
import { openPageCache } from './page-cache.ts';
import type { FromWorker, JobOutcome, ParseJob, ToWorker, WorkerJob } from './jobs.ts';

// A worker that only analyses page ranges (the parse CLI's split of one large PDF) never loads the
// assembly, the outputs (crypto, the Office converter's child_process) or the Office readers.
const whole = () => Promise.all([import('./parse.ts'), import('../outputs/result.ts')]);

const port = parentPort;
if (!port) throw new Error('engine/core/worker.ts must run as a worker thread');

const post = (m: FromWorker): void => port.postMessage(m);

/** `IMAGES_DIR` is outputs.ts's (loaded with the job that needs it). */
function parseOptions(job: ParseJob, id: number, IMAGES_DIR: string, signal?: AbortSignal): ParseOptions {
  const imagePrefix = `${job.filesPrefix}${IMAGES_DIR}/`;
  return {
    featureConfig: job.featureConfig,
    elementFormats: job.elementFormats,
    imageDir: join(job.taskDir, IMAGES_DIR),
    imageUrl: (name) => imagePrefix + name,
    maxPages: job.maxPages,
    ocr: job.ocr,
    signal,
    onPageStart: (page) => post({ type: 'page', id, page }),
    onProgress: (progress) => post({ type: 'progress', id, progress }),
  };
}

/** An Office upload's own XML states its structure exactly: laid over the converted PDF's result. */
const withSource = async (job: ParseJob, doc: ParsedDocument): Promise<ParsedDocument> =>
  job.source?.path
    ? (await import('../source/office/structure.ts')).fromSource(
        job.source.path,
        extname(job.source.fileName).toLowerCase(),
        doc,
        job,
      )
    : doc;

async function run(job: WorkerJob, id: number, signal: AbortSignal): Promise<JobOutcome> {
  switch (job.kind) {
    case 'parse': {
      const [{ parseDocument }, { IMAGES_DIR, writeOutputs }] = await whole();
      const options = parseOptions(job, id, IMAGES_DIR, signal);
      if (job.cacheDir) options.pageCache = await openPageCache(job.cacheDir, options.imageDir);
      const doc = await withSource(job, await parseDocument(job.inputPath, job.fileName, options));
      await writeOutputs(job, doc);
      return { pageCount: doc.pageCount, fileType: doc.fileType };
    }
    case 'analyse': {
      let done = 0;
      const total = job.end - job.start;
      return analysePages(job.inputPath, job.fileType, job.start, job.end, {
        imageDir: job.imageDir,
        ocr: job.ocr ?? DEFAULT_OCR,
        cursor: job.cursor ? new BigInt64Array(job.cursor) : undefined,
        cursorParts: job.cursorParts,
        cache: job.cacheDir ? await openPageCache(job.cacheDir, job.imageDir) : undefined,
        signal,
        onPageStart: (page) => post({ type: 'page', id, page }),
        onPage: () => post({ type: 'progress', id, progress: { pages_done: ++done, pages_total: total } }),
      });
    }
    case 'assemble': {
      const [{ assembleDocument }, { IMAGES_DIR, writeOutputs }] = await whole();
      const doc = await withSource(
        job.parse,
        await assembleDocument(job.analyses, job.meta, parseOptions(job.parse, id, IMAGES_DIR)),
      );
      await writeOutputs(job.parse, doc);
      return { pageCount: doc.pageCount, fileType: doc.fileType };
    }
  }
}

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
    post({ type: 'done', id: msg.id, outcome: await run(msg.job, msg.id, job.signal) });
  } catch (e) {
    const code = isEngineError(e) ? e.code : ErrorCodes.PROCESSING_FAILED;
    const message = isEngineError(e) ? e.message : `Parsing failed: ${e instanceof Error ? e.message : String(e)}`;
    post({ type: 'failed', id: msg.id, code, message });
  } finally {
    current = null;
    if (stopping) await quit();
  }
});
