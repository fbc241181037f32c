// What feature modules (queue, results, history, export) share inside the main-process services.
// The task queue and results cache implement these; history/export only use them.
import type { CheckedFile } from './files/check.ts';
import type { Grants } from './files/grants.ts';
import type { Emit } from '../../shared/ipc-contract.ts';
import type { CatalogNode, JsonOutput, Metadata } from '../../shared/somark.ts';
import type { Settings, SubmitOptions, Task } from '../../shared/task.ts';
import type { Dialogs } from './app-types.ts';

/**
 * Results cache, one folder per task: `<dataDir>/results/<taskId>/` holding
 *   main.md        the Markdown, image links rewritten to `./images/image_NNN.<ext>` (what the app shows)
 *   main.json      outputs.json exactly as the service returned it (absent if json was not requested)
 *   result.json    CachedResultMeta (below)
 *   images/        image_001.png, image_002.jpg, … downloaded from img_url / imgs
 *   bundle.zip     the service's own zip, when `zip` was requested and verified
 *   original.<ext> a copy of the uploaded file (previews work after the original moves)
 *   preview.pdf    an Office original converted to PDF by the local engine (result.pdf_url)
 */
export interface CachedResultMeta {
  taskId: string;
  remoteTaskId: string | null;
  fileName: string;
  metadata: Metadata;
  imgs: string[];
  catalog: CatalogNode[];
  /** Service img_url (or imgs entry) → relative path in the folder ('images/image_001.png'). */
  images: Record<string, string>;
  hasJson: boolean;
  hasServiceZip: boolean;
  /** File name of the cached original inside the folder, or null. */
  original: string | null;
  /** The service's warnings for this result (absent in results cached before they existed). */
  warnings?: string[];
  /** The PDF the service converted an Office original to (result.pdf_url), when it sent one. */
  preview?: string;
  savedAt: number;
  /** Snapshot of the task when it succeeded (the queue may have forgotten it since); optional. */
  task?: Task;
}

export interface ResultsStore {
  /** Absolute folder of a task's cached result. */
  dir(taskId: string): string;
  has(taskId: string): Promise<boolean>;
  readMeta(taskId: string): Promise<CachedResultMeta>;
  readMarkdown(taskId: string): Promise<string>;
  readJson(taskId: string): Promise<JsonOutput | null>;
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
