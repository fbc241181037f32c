// The engine without HTTP: validates an uploaded file, records a task, runs it on the worker pool
// and keeps its status, progress and stored result. The server (index.ts), the CLI and the bench
// all drive this one object. Tasks cut off by a stop or a crash run again at the next start (same
// task_id) while their input is on disk, unless resumeInterrupted is false.
import { availableParallelism } from 'node:os';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../shared/somark.ts';
import type { Progress } from '../../shared/somark-answers.ts';
import { EngineError, ErrorCodes, isEngineError } from '../errors.ts';
import { newTaskRecord, type TaskRecord } from './store/task-record.ts';
import { TaskStore } from './store/task-store.ts';
import type { DocumentInfo } from '../types.ts';
import { BASE_PLACEHOLDER, type ParseJob } from './jobs.ts';
import { WorkerPool } from './pool.ts';
import { mupdfWorkerData } from '../pdf/wasm-shared.ts';
import { INPUT_FILE, PAGES_DIR, resumeTasks } from './resume.ts';
import { convertOffice, inspectInput, type InputInfo } from './inspect.ts';
import { SOURCE_PDF } from '../outputs/result.ts';
import { runTask } from './run-task.ts';
import { isBudgetError, jobBudget } from './budget.ts';
import { Admission } from './admission.ts';
import { applyPageRange } from './page-range.ts';
import { startSweeper } from './sweeper.ts';
import { TaskEvents } from './task-events.ts';
import {
  DEFAULT_LONG_POLL_MS,
  DEFAULT_MAX_PAGES,
  DEFAULT_OFFICE_QUEUE_LIMIT,
  DEFAULT_TTL_MS,
  sofficeOf,
  type EngineCoreOptions,
  type SubmitInput,
  type TaskView,
} from './engine-options.ts';

export async function createEngineCore(opts: EngineCoreOptions) {
  const log = opts.log ?? (() => {});
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const resume = opts.resumeInterrupted ?? true;
  const store = await TaskStore.open(opts.dataDir, opts.resultTtlMs ?? DEFAULT_TTL_MS, log, resume);
  const workers = opts.workers ?? availableParallelism();
  const pool = new WorkerPool({
    size: workers,
    workerUrl: opts.workerUrl ?? new URL('./worker.ts', import.meta.url),
    workerData: mupdfWorkerData, // mupdf's machine code shared once this thread has read a PDF
    queueLimit: opts.queueLimit ?? 1000,
    idleMs: 5 * 60_000,
    log,
    warmOcr: opts.preloadOcr === true && opts.ocr?.enabled !== false,
  });
  if (opts.preloadOcr && opts.ocr?.enabled !== false) pool.prestart();
  const progress = new Map<string, Progress>();
  const events = new TaskEvents();
  const running = new Set<Promise<void>>();
  const admission = new Admission(pool, opts.officeQueueLimit ?? DEFAULT_OFFICE_QUEUE_LIMIT);
  let stopping = false;
  const closing = new AbortController(); // stops a running LibreOffice conversion on close()
  const sweeper = startSweeper(store, log);

  const settle = (rec: TaskRecord): void => {
    progress.delete(rec.task_id);
    events.settle(rec);
  };

  /** Parses `parsePath` (the upload, or the PDF converted from it) and records SUCCESS. */
  async function parse(
    rec: TaskRecord,
    inputPath: string,
    parsePath: string,
    info: DocumentInfo,
    reportedType?: string,
  ): Promise<void> {
    const id = rec.task_id;
    const ocr = rec.ocr ?? opts.ocr;
    // A page range cut the PDF: the cut copy (SOURCE_PDF) is the preview the result names.
    const cut = !reportedType && !!rec.pages;
    const job: ParseJob = {
      kind: 'parse',
      inputPath: parsePath,
      fileName: reportedType ? SOURCE_PDF : rec.file_name,
      taskDir: store.taskDir(id),
      formats: rec.output_formats,
      elementFormats: rec.element_formats ?? DEFAULT_ELEMENT_FORMATS,
      featureConfig: rec.feature_config ?? DEFAULT_FEATURE_CONFIG,
      maxPages,
      ocr,
      cacheDir: join(store.taskDir(id), PAGES_DIR),
      filesPrefix: `${BASE_PLACEHOLDER}/files/${rec.file_key}/`,
      warnings: info.warnings ?? [],
      ...(reportedType ? { source: { fileName: rec.file_name, fileType: reportedType, path: inputPath } } : {}),
      ...(cut ? { source: { fileName: rec.file_name, fileType: info.fileType } } : {}),
    };
    const outcome = await runTask(pool, job, info, {
      // CPU per page and per job, and progress: a busy machine slows a task but never fails it.
      budget: (pages) => jobBudget(pages, ocr?.enabled !== false, { ...opts.budget, wallMs: opts.jobTimeoutMs }),
      onStart: () => {
        progress.set(id, { pages_done: 0, pages_total: info.pageCount });
        void store.update(id, { status: 'PROCESSING', started_at: Date.now() }).catch((e) => log(`task ${id}: ${e}`));
      },
      onProgress: (p) => progress.set(id, p),
    });
    // The upload goes before SUCCESS is visible: a client that sees the final state sees a tidy task folder.
    await rm(inputPath, { force: true }).catch(() => undefined);
    await rm(join(store.taskDir(id), PAGES_DIR), { recursive: true, force: true }).catch(() => undefined);
    await store.update(id, {
      status: 'SUCCESS',
      page_num: outcome.pageCount,
      file_type: reportedType ?? outcome.fileType,
      finished_at: Date.now(),
    });
    log(`task ${id} SUCCESS (${outcome.pageCount} pages, ${Date.now() - rec.created_at} ms)`);
  }

  async function execute(rec: TaskRecord, info: InputInfo): Promise<void> {
    const id = rec.task_id;
    const inputPath = join(store.taskDir(id), INPUT_FILE);
    let keepInput = false;
    try {
      if (info.kind === 'office') {
        // LibreOffice runs with the task, not at upload: the page count is known from here on.
        const converted = await admission.converting(async () => {
          await store.update(id, { status: 'PROCESSING', started_at: Date.now() });
          return convertOffice(inputPath, store.taskDir(id), rec.file_name, {
            soffice: sofficeOf(opts),
            timeoutMs: opts.convertTimeoutMs,
            signal: closing.signal,
          });
        });
        if (rec.pages)
          converted.info = (await applyPageRange(converted.pdfPath, converted.info, rec.pages, rec.file_name)).info;
        if (converted.info.pageCount > maxPages) {
          throw new EngineError(
            ErrorCodes.TOO_MANY_PAGES,
            `The document has ${converted.info.pageCount} pages; the limit is ${maxPages}. Split it and submit the parts`,
          );
        }
        await parse(rec, inputPath, converted.pdfPath, converted.info, info.fileType);
      } else await parse(rec, inputPath, info.unlocked?.path ?? inputPath, info); // a protected PDF: its decrypted copy
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (stopping && resume && !rec.sync && !isBudgetError(e)) {
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
      settle(rec);
    }
  }

  const launch = (rec: TaskRecord, info: InputInfo): void => {
    const run = execute(rec, info);
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  // Interrupted tasks first, oldest first: the pool's queue is FIFO and no request is served yet.
  await resumeTasks(store, launch, log);

  return {
    store,
    pool,
    maxPages,
    /** Upper bound of an async_check hold in ms (0: never hold). */
    get longPollMs(): number {
      return Math.max(
        0,
        (typeof opts.longPollMs === 'function' ? opts.longPollMs() : opts.longPollMs) ?? DEFAULT_LONG_POLL_MS,
      );
    },

    /** Validates the file (type, integrity, page count, queue room), then queues it: errors come back at once. */
    async submit(input: SubmitInput): Promise<TaskRecord> {
      let release = (): void => {};
      let info: InputInfo | undefined;
      try {
        const size = (await stat(input.uploadPath)).size;
        if (size === 0)
          throw new EngineError(ErrorCodes.FILE_MISSING, `The uploaded file "${input.fileName}" is empty (0 bytes)`);
        // Loaded on first use: the parser (and its WASM) stays out of the main thread until needed.
        info = await inspectInput(input.uploadPath, input.fileName, {
          password: input.password,
          soffice: sofficeOf(opts),
        });
        let cut = false;
        // A protected PDF is cut through its decrypted copy.
        if (input.pages && info.kind !== 'office')
          ({ info, cut } = await applyPageRange(
            info.unlocked?.path ?? input.uploadPath,
            info,
            input.pages,
            input.fileName,
          ));
        if (info.pageCount > maxPages) {
          throw new EngineError(
            ErrorCodes.TOO_MANY_PAGES,
            `The document has ${info.pageCount} pages; the limit is ${maxPages}. Split it and submit the parts`,
          );
        }
        release = admission.admit(info.kind);
        // The record keeps a range only where it still has work to do: an Office file (cut after conversion) or a cut PDF.
        const rec = newTaskRecord({ ...input, pages: cut || info.kind === 'office' ? input.pages : undefined }, info);
        // The input is in the task's folder before the record says QUEUING, so a stop at any point
        // leaves either a resumable task or a folder without task.json (removed at the next start).
        await mkdir(store.taskDir(rec.task_id), { recursive: true });
        await rename(input.uploadPath, join(store.taskDir(rec.task_id), INPUT_FILE)).catch(async (e: Error) => {
          await store.create({
            ...rec,
            status: 'FAILED',
            error: `Could not store the upload: ${e.message}`,
            error_code: 1137,
            finished_at: Date.now(),
          });
          throw e;
        });
        if (cut)
          await copyFile(join(store.taskDir(rec.task_id), INPUT_FILE), join(store.taskDir(rec.task_id), SOURCE_PDF));
        await store.create(rec);
        launch(rec, info); // an Office task counts as converting from here
        info = undefined; // the task closes its decrypted copy
        release();
        return rec;
      } finally {
        await info?.unlocked?.close();
        release();
        await rm(input.uploadPath, { force: true }).catch(() => undefined);
      }
    },

    view(id: string): TaskView | null {
      const task = store.get(id);
      if (!task || store.isExpired(task)) return null;
      return { task, progress: task.status === 'PROCESSING' ? (progress.get(id) ?? null) : null };
    },

    /** Resolves with the task once it is SUCCESS or FAILED. */
    wait(id: string): Promise<TaskRecord> {
      const task = store.get(id);
      if (!task) return Promise.reject(new EngineError(ErrorCodes.PARAM_ERROR, `Task not found: ${id}`));
      if (task.status === 'SUCCESS' || task.status === 'FAILED') return Promise.resolve(task);
      return events.next(id);
    },

    /**
     * Long poll: resolves when the task is final, after `ms`, when `signal` aborts (the client left)
     * or when the engine closes, whichever is first. Answers at once for a finished or unknown task.
     */
    hold(id: string, ms: number, signal?: AbortSignal): Promise<void> {
      const task = store.get(id);
      if (!task || task.status === 'SUCCESS' || task.status === 'FAILED') return Promise.resolve();
      return events.hold(id, ms, signal);
    },

    /** Pending waits (sync requests and held checks): diagnostics, and tests that no hold leaks. */
    get waiting(): number {
      return events.pending;
    },

    /**
     * Stops accepting work; stored results stay. Running and queued tasks stay resumable (FAILED when
     * resumeInterrupted is false, and always for sync requests).
     */
    async close(): Promise<void> {
      stopping = true;
      closing.abort(new EngineError(ErrorCodes.PROCESSING_FAILED, 'The engine stopped while converting the document'));
      events.releaseHolds();
      sweeper.stop();
      await pool.close();
      await Promise.all(running);
      await store.close();
    },
  };
}

export type EngineCore = Awaited<ReturnType<typeof createEngineCore>>;
