// In-process runner of the parse CLI for one file at a time: the main thread parses a small document
// itself (no worker start-up, one copy of mupdf), and a large PDF is split by page range between the
// main thread and N-1 worker threads, then assembled here. No task store, no result.json round trip.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { LocalOptions } from './local.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { PageAnalysis } from '../core/parse.ts';
import type { ParsedDocument, ParseOptions } from '../types.ts';
import { BASE_PLACEHOLDER } from '../core/jobs.ts';
import { DEFAULT_MAX_PAGES } from '../core/engine-options.ts';
import { BUNDLE_FILE, IMAGES_DIR, buildResult } from '../outputs/result.ts';
import type { WorkerPool } from '../core/pool.ts';
import { planRanges } from '../core/run-task.ts';
import { jobBudget } from '../core/budget.ts';
import { pageCursor } from '../core/page-cursor.ts';
import type { FileOutcome, Runner } from './outcome.ts';
import { DEFAULT_OCR } from '../source/ocr-pages.ts';

/** The same options as the engine-core runner (a type-only import: local.ts's modules are not loaded). */
export type DirectOptions = LocalOptions;

/** Idle and total CPU time of all cores since boot (ms), to tell how many cores are free now. */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0,
    total = 0;
  for (const { times: t } of cpus()) {
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/**
 * Threads to split one large PDF across: `--workers N` as given; by default this thread plus one per
 * core left idle by the rest of the machine while this run started (`idleCores`, measured while this
 * thread was busy loading), at most `cores`. A worker on a busy core gains no wall time (IRS manual on
 * a loaded 2-core machine: 6.7–9.6 s either way) and costs its own V8 heap and mupdf (+46 MB peak RSS,
 * +0.5 CPU-s); `idleCores` is null when too little time passed to tell (then one per core).
 */
export function splitThreads(requested: number | undefined, cores: number, idleCores: number | null): number {
  if (requested !== undefined) return Math.max(1, requested);
  if (idleCores === null) return Math.max(1, cores);
  return Math.max(1, Math.min(cores, 1 + Math.round(idleCores)));
}

export function createDirectRunner(opts: DirectOptions): { run: Runner; close(): Promise<void> } {
  const startTimes = cpuTimes();
  /** Cores idle since the runner was made (this thread's own load excluded by splitThreads' "1 +"). */
  const idleCores = (): number | null => {
    const now = cpuTimes(),
      total = now.total - startTimes.total;
    return total < 100 ? null : ((now.idle - startTimes.idle) / total) * cpus().length;
  };
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  let pool: WorkerPool | null = null; // started only for a document worth splitting, stopped after it
  let stopping: Promise<void> | undefined;
  const dirs: string[] = [];

  const run: Runner = async (file, onProgress) => {
    const fileName = basename(file);
    if ((await stat(file)).size === 0)
      throw new EngineError(ErrorCodes.FILE_MISSING, `The file "${fileName}" is empty (0 bytes)`);
    // Loaded here, not at start: the remote runner and --help never pay for the parser and its WASM.
    // mupdf's WASM first: it compiles while the parser's modules load.
    void import('../pdf/wasm-handle.ts');
    const { analysePages, assembleDocument, inspectDocument, parseDocument } = await import('../core/parse.ts');
    const info = await inspectDocument(file, fileName);
    if (info.pageCount > maxPages) {
      throw new EngineError(
        ErrorCodes.TOO_MANY_PAGES,
        `The document has ${info.pageCount} pages; the limit is ${maxPages}. Split it and submit the parts (or raise --max-pages)`,
      );
    }
    const taskDir = await mkdtemp(join(tmpdir(), 'docparse-parse-'));
    dirs.push(taskDir);
    // A random key, as the server's: the links to the crops are rewritten where they start with it, and text from
    // the document cannot name it.
    const filesPrefix = `${BASE_PLACEHOLDER}/files/${crypto.randomUUID().replace(/-/g, '')}/`;
    const imageDir = join(taskDir, IMAGES_DIR);
    const total = info.pageCount;
    let last = 0;
    const progress = (done: number) => {
      // At most one note per ~5% of the pages: a note per page would cost more than it tells.
      if (done === total || done - last >= Math.max(1, Math.ceil(total / 20)))
        onProgress(`${(last = done)}/${total} pages`);
    };
    const options: ParseOptions = {
      featureConfig: opts.featureConfig,
      elementFormats: opts.elementFormats,
      imageDir,
      imageUrl: (name) => `${filesPrefix}${IMAGES_DIR}/${name}`,
      maxPages,
      ocr: opts.ocr,
      onProgress: (p) => progress(p.pages_done),
    };
    const workers = info.kind === 'pdf' ? splitThreads(opts.workers, availableParallelism(), idleCores()) : 1;
    const ranges = info.kind === 'pdf' ? planRanges(total, workers) : [[0, total] as [number, number]];
    let doc: ParsedDocument;
    if (ranges.length === 1) {
      doc = await parseDocument(file, fileName, options, info);
    } else {
      // mupdf is loaded here by now (inspectDocument): the workers reuse its compiled WASM.
      const [{ mupdfWorkerData }, { WorkerPool }] = await Promise.all([
        import('../pdf/wasm-shared.ts'),
        import('../core/pool.ts'),
      ]);
      // This thread reads pages too: the cores are shared among all `workers` threads.
      const ocrThreads = Math.max(1, Math.floor(availableParallelism() / workers));
      pool ??= new WorkerPool({
        size: workers - 1,
        ocrThreads,
        workerUrl: new URL('../core/worker.ts', import.meta.url),
        queueLimit: 1000,
        workerData: mupdfWorkerData,
      });
      const done = ranges.map(() => 0);
      const report = (i: number, n: number) => {
        done[i] = n;
        progress(done.reduce((a, b) => a + b, 0));
      };
      const cropDir = opts.elementFormats.image === 'none' ? null : imageDir;
      const p = pool;
      // This thread takes pages one at a time from the front while the workers start; each worker, once
      // started, takes its share of what is left from the back (fixed halves left this thread waiting
      // 30-180 ms for the worker that started ~0.1-0.2 s after it).
      const cursor = pageCursor(0, total); // pages come back out of order: assembleDocument sorts them
      const [mine, theirs] = await Promise.all([
        (() => {
          let n = 0;
          return analysePages(file, info.fileType, 0, total, {
            imageDir: cropDir,
            ocr: opts.ocr ?? DEFAULT_OCR,
            cursor,
            onPage: () => report(0, ++n),
          });
        })(),
        Promise.all(
          ranges.slice(1).map(async (_, k) => {
            const job = {
              kind: 'analyse' as const,
              inputPath: file,
              fileType: info.fileType,
              start: 0,
              end: total,
              imageDir: cropDir,
              ocr: opts.ocr,
              cursor: cursor.buffer as SharedArrayBuffer,
              cursorParts: ranges.length,
            };
            return (await p.run(job, {
              budget: jobBudget(total, opts.ocr?.enabled !== false),
              admitted: true,
              onProgress: (q) => report(k + 1, q.pages_done),
            })) as PageAnalysis[];
          }),
        ).finally(() => {
          // The workers are done: their heaps and mupdf memory go before the assembly's peak.
          if (pool === p) {
            pool = null;
            stopping = p.close();
          }
        }),
      ]);
      await stopping;
      doc = await assembleDocument([mine, ...theirs].flat(), { fileType: info.fileType, pageCount: total }, options);
    }
    const stored = await buildResult(
      { fileName, taskDir, formats: opts.formats, filesPrefix, warnings: info.warnings ?? [] },
      doc,
    );
    const outcome: FileOutcome = {
      result: stored.result,
      pageCount: stored.metadata.page_num,
      zip: async () => (stored.result.outputs.zip ? new Uint8Array(await readFile(join(taskDir, BUNDLE_FILE))) : null),
      local: { imagesDir: imageDir, imagePrefix: `${filesPrefix}${IMAGES_DIR}/` },
    };
    return outcome;
  };

  return {
    run,
    close: async () => {
      await Promise.all([pool?.close(), stopping]);
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}
