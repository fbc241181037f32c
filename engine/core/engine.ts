// The engine without HTTP: validates an uploaded file, records a task, runs it on the worker pool
// and keeps its status, progress and stored result. The server (index.ts), the CLI and the bench
// all drive this one object. Tasks cut off by a stop or a crash run again at the next start (same
// task_id) while their input is on disk, unless resumeInterrupted is false.
import { availableParallelism } from 'node:os';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Progress } from '../../shared/somark-answers.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import { newTaskRecord, type TaskRecord } from './store/task-record.ts';
import { TaskStore } from './store/task-store.ts';
import { WorkerPool } from './pool.ts';
import { mupdfWorkerData } from '../pdf/wasm-shared.ts';
import { INPUT_FILE, resumeTasks } from './resume.ts';
import type { InputInfo } from './inspect.ts';
import { SOURCE_PDF } from '../outputs/result.ts';
import { Admission } from './admission.ts';
import { startSweeper } from './sweeper.ts';
import { taskRunner } from './execute.ts';
import { inspectTask } from './orchestrator.ts';
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

  const execute = taskRunner({
    opts,
    store,
    pool,
    admission,
    maxPages,
    progress,
    closing: closing.signal,
    stopping: () => stopping,
    resume,
    settle,
    log,
  });

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
        const inspected = await inspectTask(input.uploadPath, input.fileName, {
          password: input.password,
          soffice: sofficeOf(opts),
          pages: input.pages,
          maxPages,
        });
        info = inspected.info;
        const cut = inspected.cut;
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
