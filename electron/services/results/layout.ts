// The results cache's layout: the one place that spells its file names, what result.json holds, and
// what export reads of a cached result (TaskFiles). The cache folder of a task is
// `<dataDir>/results/<taskId>/` (../data-dir.ts), holding
//   main.md        the Markdown, image links rewritten to `./images/image_NNN.<ext>` (what the app shows)
//   main.json      outputs.json exactly as the service returned it (absent if json was not requested)
//   result.json    CachedResultMeta (below)
//   images/        image_001.png, image_002.jpg, … downloaded from img_url / imgs
//   bundle.zip     the service's own zip, when `zip` was requested and verified
//   original.<ext> a copy of the uploaded file (previews work after the original moves)
//   preview.pdf    an Office original converted to PDF by the local engine (result.pdf_url)
// main.md, main.json and images/ are also the SoMark bundle's layout, so exports reuse these names.
import { CodedError } from '../../../shared/result.ts';
import type { CatalogNode } from '../../../shared/somark.ts';
import type { Metadata } from '../../../shared/somark-answers.ts';
import type { Task } from '../../../shared/task.ts';

/** A task id (queue/new-task.ts makes them), checked before it names a cache folder. */
export const TASK_ID = /^req_[A-Za-z0-9]{6,64}$/;

export function assertTaskId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || !TASK_ID.test(id))
    throw new CodedError('NOT_FOUND', `Unknown task id ${JSON.stringify(id)}`);
}

/** File and folder names inside a task's cache folder. */
export const CACHE = {
  markdown: 'main.md',
  json: 'main.json',
  meta: 'result.json',
  images: 'images',
  bundle: 'bundle.zip',
  preview: 'preview.pdf',
} as const;

/** Name of the cached original: 'original.pdf' for a task whose file type is '.pdf'. */
export const originalFileName = (ext: string): string => `original${ext}`;

/** Matches the name of a cached original ('original', 'original.docx'). */
export const ORIGINAL_FILE = /^original(\.[A-Za-z0-9]{1,8})?$/;

/** Asset paths the renderer fetches: `results/<taskId>/<file>`; `…/original` is the cached original. */
export const ASSET_AREA = 'results';
export const ORIGINAL_ASSET = 'original';

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
  /** Set on an edited version (results/versions.ts): the result it corrects, and when it was saved. */
  edit?: { from: string; savedAt: number };
  /** Snapshot of the task when it succeeded (the queue may have forgotten it since); optional. */
  task?: Task;
}

/** What one finished task offers for export, read from its cache folder. */
export interface TaskFiles {
  id: string;
  fileName: string;
  /** Safe stem for export names: 'Report 2024.pdf' → 'Report 2024'. */
  stem: string;
  dir: string;
  meta: CachedResultMeta;
  /** `<dir>/images`: the folder the Markdown links as `./images/…`. */
  imagesDir: string;
  /** File names inside `imagesDir`. */
  images: string[];
  /** `<dir>/main.json` when the result has JSON. */
  jsonPath: string | null;
  /** `<dir>/bundle.zip` when the service's own zip was cached. */
  bundlePath: string | null;
  readMarkdown(): Promise<string>;
}
