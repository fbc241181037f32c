// In-process runner of the parse CLI for one PDF or image: the engine core's orchestrator (inspect, page
// limit, plan, run, outputs) on this thread, with worker threads for a large PDF (core/thread-exec.ts).
// No task store, no result.json round trip: the stored answer comes back in memory.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { LocalOptions } from './local.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import { filesPrefix } from '../core/jobs.ts';
import { DEFAULT_MAX_PAGES } from '../core/engine-options.ts';
import { idleCoresSince, splitThreads } from '../core/plan.ts';
import { BUNDLE_FILE, IMAGES_DIR } from '../outputs/result.ts';
import type { FileOutcome, Runner } from './outcome.ts';

/** The same options as the engine-core runner (a type-only import: local.ts's modules are not loaded). */
export type DirectOptions = LocalOptions;

export function createDirectRunner(opts: DirectOptions): { run: Runner; close(): Promise<void> } {
  /** Cores idle since the runner was made (this thread's own load excluded by splitThreads' "1 +"). */
  const idleCores = idleCoresSince();
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const dirs: string[] = [];
  const closing: (() => Promise<void>)[] = [];

  const run: Runner = async (file, onProgress) => {
    const fileName = basename(file);
    if ((await stat(file)).size === 0)
      throw new EngineError(ErrorCodes.FILE_MISSING, `The file "${fileName}" is empty (0 bytes)`);
    // Loaded here, not at start: the remote runner and --help never pay for the parser and its WASM.
    // mupdf's WASM first: it compiles while the parser's modules load.
    void import('../pdf/wasm-handle.ts');
    const [{ inspectTask, runParse }, { threadExecutor }] = await Promise.all([
      import('../core/orchestrator.ts'),
      import('../core/thread-exec.ts'),
    ]);
    const { info } = await inspectTask(file, fileName, { maxPages, limitHint: ' (or raise --max-pages)' });
    const taskDir = await mkdtemp(join(tmpdir(), 'docparse-parse-'));
    dirs.push(taskDir);
    // A random key, as the server's: the links to the crops are rewritten where they start with it, and text
    // from the document cannot name it.
    const prefix = filesPrefix(crypto.randomUUID().replace(/-/g, ''));
    const total = info.pageCount;
    let last = 0;
    const exec = threadExecutor(
      info.kind === 'pdf' ? splitThreads(opts.workers, availableParallelism(), idleCores()) : 1,
    );
    closing.push(exec.close);
    const outcome = await runParse(
      exec,
      {
        kind: 'parse',
        inputPath: file,
        fileName,
        taskDir,
        formats: opts.formats,
        elementFormats: opts.elementFormats,
        featureConfig: opts.featureConfig,
        maxPages,
        ocr: opts.ocr,
        filesPrefix: prefix,
        warnings: info.warnings ?? [],
        inMemory: true,
      },
      info,
      {
        // At most one note per ~5% of the pages: a note per page would cost more than it tells.
        onProgress: ({ pages_done: done }) => {
          if (done === total || done - last >= Math.max(1, Math.ceil(total / 20)))
            onProgress(`${(last = done)}/${total} pages`);
        },
      },
    );
    const stored = outcome.stored!;
    return {
      result: stored.result,
      pageCount: stored.metadata.page_num,
      zip: async () => (stored.result.outputs.zip ? new Uint8Array(await readFile(join(taskDir, BUNDLE_FILE))) : null),
      local: { imagesDir: join(taskDir, IMAGES_DIR), imagePrefix: `${prefix}${IMAGES_DIR}/` },
    } satisfies FileOutcome;
  };

  return {
    run,
    close: async () => {
      await Promise.all(closing.map((c) => c()));
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}
