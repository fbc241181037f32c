// Runs one recorded task of the engine to its end: an Office input is converted first (one at a time,
// counted by the admission), the parse goes through the orchestrator on the worker pool, and the record
// says SUCCESS or FAILED — or nothing, when the engine stopped and the task runs again at the next start.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Progress } from '../../shared/somark-answers.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../shared/somark.ts';
import { ErrorCodes, isEngineError } from '../errors.ts';
import type { DocumentInfo } from '../types.ts';
import { SOURCE_PDF } from '../outputs/result.ts';
import type { Admission } from './admission.ts';
import { isBudgetError } from './budget.ts';
import { sofficeOf, type EngineCoreOptions } from './engine-options.ts';
import type { InputInfo } from './inspect.ts';
import { filesPrefix, type ParseJob } from './jobs.ts';
import { convertInput, runParse } from './orchestrator.ts';
import type { WorkerPool } from './pool.ts';
import { INPUT_FILE, PAGES_DIR } from './resume.ts';
import type { TaskRecord } from './store/task-record.ts';
import type { TaskStore } from './store/task-store.ts';

export interface ExecuteContext {
  opts: EngineCoreOptions;
  store: TaskStore;
  pool: WorkerPool;
  admission: Admission;
  maxPages: number;
  /** Pages done of the tasks being parsed. */
  progress: Map<string, Progress>;
  /** Aborted by close(): stops a running LibreOffice conversion. */
  closing: AbortSignal;
  /** close() was called: a task cut off now stays resumable (unless `resume` is false). */
  stopping(): boolean;
  resume: boolean;
  /** The task has ended (or stopped with the engine): wakes those waiting for it. */
  settle(rec: TaskRecord): void;
  log(line: string): void;
}

export function taskRunner(c: ExecuteContext): (rec: TaskRecord, info: InputInfo) => Promise<void> {
  const { opts, store, log } = c;

  /** Parses `parsePath` (the upload, or the PDF converted from it) and records SUCCESS. */
  async function parse(rec: TaskRecord, inputPath: string, parsePath: string, info: DocumentInfo, office?: string) {
    const id = rec.task_id;
    const ocr = rec.ocr ?? opts.ocr;
    // A page range cut the PDF: the cut copy (SOURCE_PDF) is the preview the result names.
    const cut = !office && !!rec.pages;
    const job: ParseJob = {
      kind: 'parse',
      inputPath: parsePath,
      fileName: office ? SOURCE_PDF : rec.file_name,
      taskDir: store.taskDir(id),
      formats: rec.output_formats,
      elementFormats: rec.element_formats ?? DEFAULT_ELEMENT_FORMATS,
      featureConfig: rec.feature_config ?? DEFAULT_FEATURE_CONFIG,
      maxPages: c.maxPages,
      ocr,
      cacheDir: join(store.taskDir(id), PAGES_DIR),
      filesPrefix: filesPrefix(rec.file_key),
      warnings: info.warnings ?? [],
      ...(office ? { source: { fileName: rec.file_name, fileType: office, path: inputPath } } : {}),
      ...(cut ? { source: { fileName: rec.file_name, fileType: info.fileType } } : {}),
    };
    const outcome = await runParse(c.pool, job, info, {
      // CPU per page and per job, and progress: a busy machine slows a task but never fails it.
      budget: { ...opts.budget, wallMs: opts.jobTimeoutMs },
      onStart: () => {
        c.progress.set(id, { pages_done: 0, pages_total: info.pageCount });
        void store.update(id, { status: 'PROCESSING', started_at: Date.now() }).catch((e) => log(`task ${id}: ${e}`));
      },
      onProgress: (p) => c.progress.set(id, p),
    });
    // The upload goes before SUCCESS is visible: a client that sees the final state sees a tidy task folder.
    await rm(inputPath, { force: true }).catch(() => undefined);
    await rm(join(store.taskDir(id), PAGES_DIR), { recursive: true, force: true }).catch(() => undefined);
    await store.update(id, {
      status: 'SUCCESS',
      page_num: outcome.pageCount,
      file_type: office ?? outcome.fileType,
      finished_at: Date.now(),
    });
    log(`task ${id} SUCCESS (${outcome.pageCount} pages, ${Date.now() - rec.created_at} ms)`);
  }

  return async function execute(rec: TaskRecord, info: InputInfo): Promise<void> {
    const id = rec.task_id;
    const inputPath = join(store.taskDir(id), INPUT_FILE);
    let keepInput = false;
    try {
      if (info.kind === 'office') {
        // LibreOffice runs with the task, not at upload: the page count is known from here on.
        const converted = await c.admission.converting(async () => {
          await store.update(id, { status: 'PROCESSING', started_at: Date.now() });
          return convertInput(inputPath, store.taskDir(id), rec.file_name, {
            soffice: sofficeOf(opts),
            timeoutMs: opts.convertTimeoutMs,
            signal: c.closing,
            pages: rec.pages,
            maxPages: c.maxPages,
          });
        });
        await parse(rec, inputPath, converted.pdfPath, converted.info, info.fileType);
      } else await parse(rec, inputPath, info.unlocked?.path ?? inputPath, info); // a protected PDF: its decrypted copy
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (c.stopping() && c.resume && !rec.sync && !isBudgetError(e)) {
        // Cut off by close(): stays QUEUING/PROCESSING on disk with its input, and runs at the next start
        // (not one stopped for what its input did: over a budget, out of memory).
        keepInput = true;
        log(`task ${id} stopped with the engine (${rec.status}); it runs again at the next start`);
        return;
      }
      const code = isEngineError(e) ? e.code : ErrorCodes.PROCESSING_FAILED;
      log(`task ${id} FAILED: ${message}`);
      await store
        .update(id, { status: 'FAILED', error: message, error_code: code, finished_at: Date.now() })
        .catch(() => undefined);
    } finally {
      await info.unlocked?.close();
      if (!keepInput) {
        await rm(inputPath, { force: true }).catch(() => undefined);
        await rm(join(store.taskDir(id), PAGES_DIR), { recursive: true, force: true }).catch(() => undefined);
      }
      c.settle(rec);
    }
  };
}
