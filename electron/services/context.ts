// What feature modules (queue, results, history, export) share inside the main-process services.
// The task queue and results cache implement these; history/export only use them.
import type { CheckedFile } from './files/check.ts';
import type { Grants } from './files/grants.ts';
import type { Emit } from '../../shared/ipc-contract.ts';
import type { CodedError } from '../../shared/result.ts';
import type { JsonOutput } from '../../shared/somark.ts';
import type { ResultView, Settings, SubmitOptions, Task } from '../../shared/task.ts';
import type { Dialogs } from './app-types.ts';
import type { CachedResultMeta, TaskFiles } from './results/layout.ts';

/** The results cache (results/store.ts; layout and CachedResultMeta in results/layout.ts). */
export interface ResultsStore {
  /** Absolute folder of a task's cached result. */
  dir(taskId: string): string;
  has(taskId: string): Promise<boolean>;
  /** Changes whenever the task's result is (re)written (result.json's mtime); -1 when there is none. */
  version(taskId: string): Promise<number>;
  readMeta(taskId: string): Promise<CachedResultMeta>;
  readMarkdown(taskId: string): Promise<string>;
  readJson(taskId: string): Promise<JsonOutput | null>;
  /** Why the task has no usable result (gone, unfinished, failed, no longer cached), or null when cached. */
  availability(taskId: string): Promise<CodedError | null>;
  /** What an export reads; throws availability's reason when there is no result. */
  files(taskId: string): Promise<TaskFiles>;
  /** What the review screen shows ('results:get'). */
  view(taskId: string): Promise<ResultView>;
  /** Bytes the folder takes on disk. */
  bytes(taskId: string): Promise<number>;
  /** Removes the folder; returns the bytes freed. */
  delete(taskId: string): Promise<number>;
  /** Task ids that have a cached result. */
  list(): Promise<string[]>;
}

export interface TaskRegistry {
  list(): Task[];
  get(id: string): Task | undefined;
  /** Queues files that passed their check (files/intake.ts is the door that checks them). */
  add(files: readonly CheckedFile[], options?: SubmitOptions, parentId?: string): Promise<Task[]>;
  remove(id: string): Promise<void>;
}

export interface Downloads {
  /** Browser mode: makes a file downloadable once; returns the URL the renderer opens. */
  register(filePath: string, downloadName: string): string;
}

export interface ServicesContext {
  dataDir: string;
  transport: 'electron' | 'web';
  /** Always safe to call; events are queued by the transport until the renderer is ready. */
  emit: Emit;
  dialogs: Dialogs | null;
  tasks: TaskRegistry;
  results: ResultsStore;
  settings: { get(): Settings };
  downloads: Downloads;
  /** Paths the user gave (dialogs, drops, uploads): the only ones the renderer may name. */
  grants: Grants;
}
