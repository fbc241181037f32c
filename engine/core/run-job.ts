// What one job of a parse does, wherever it runs (a pool worker, worker.ts, or the parse CLI's own thread):
// a whole parse, one share of a large PDF's pages, or the assembly of the analysed pages; then the outputs.
import { extname, join } from 'node:path';
import type { ParsedDocument, ParseOptions } from '../types.ts';
import type { Progress } from '../../shared/somark-answers.ts';
import { DEFAULT_OCR } from '../source/ocr-pages.ts';
import { analysePages } from './analyse.ts';
import { openPageCache } from './page-cache.ts';
import type { JobOutcome, ParseJob, ParseOutcome, WorkerJob } from './jobs.ts';

/** Where a job reports to (the pool's messages, or the CLI's callbacks). */
export interface JobContext {
  signal?: AbortSignal;
  onPageStart?: (page: number) => void;
  onProgress?: (p: Progress) => void;
}

// A thread that only analyses page ranges (the parse CLI's split of one large PDF) never loads the
// assembly, the outputs (crypto, the Office converter's child_process) or the Office readers.
const whole = () => Promise.all([import('./parse.ts'), import('../outputs/result.ts')]);

/** `IMAGES_DIR` is outputs/result.ts's (loaded with the job that needs it). */
function parseOptions(job: ParseJob, ctx: JobContext, IMAGES_DIR: string): ParseOptions {
  const imagePrefix = `${job.filesPrefix}${IMAGES_DIR}/`;
  return {
    featureConfig: job.featureConfig,
    elementFormats: job.elementFormats,
    imageDir: join(job.taskDir, IMAGES_DIR),
    imageUrl: (name) => imagePrefix + name,
    maxPages: job.maxPages,
    ocr: job.ocr,
    signal: ctx.signal,
    onPageStart: ctx.onPageStart,
    onProgress: ctx.onProgress,
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

/** The outputs of a parsed document: result.json in the task folder, or the stored answer itself. */
async function finish(job: ParseJob, parsed: ParsedDocument): Promise<ParseOutcome> {
  const { buildResult, writeOutputs } = await import('../outputs/result.ts');
  const doc = await withSource(job, parsed);
  const outcome: ParseOutcome = { pageCount: doc.pageCount, fileType: doc.fileType };
  if (job.inMemory) outcome.stored = await buildResult(job, doc);
  else await writeOutputs(job, doc);
  return outcome;
}

export async function runJob(job: WorkerJob, ctx: JobContext): Promise<JobOutcome> {
  switch (job.kind) {
    case 'parse': {
      const [{ parseDocument }, { IMAGES_DIR }] = await whole();
      const options = parseOptions(job, ctx, IMAGES_DIR);
      if (job.cacheDir) options.pageCache = await openPageCache(job.cacheDir, options.imageDir);
      return finish(job, await parseDocument(job.inputPath, job.fileName, options, job.known));
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
        signal: ctx.signal,
        onPageStart: ctx.onPageStart,
        onPage: () => ctx.onProgress?.({ pages_done: ++done, pages_total: total }),
      });
    }
    case 'assemble': {
      const [{ assembleDocument }, { IMAGES_DIR }] = await whole();
      // The assembly is not stopped midway: it has no page boundary to stop at.
      const options = parseOptions(job.parse, { onPageStart: ctx.onPageStart, onProgress: ctx.onProgress }, IMAGES_DIR);
      return finish(job.parse, await assembleDocument(job.analyses, job.meta, options));
    }
  }
}
