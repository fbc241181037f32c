// Running interrupted tasks again: TaskStore.open has put them back to QUEUING (their input is still in
// the task folder); here what a cut-off run may have left behind is cleared — except the pages it read by
// OCR (PAGES_DIR, engine/core/page-cache.ts) and their crops, which the new run takes instead of reading
// them again — and the document facts the run needs are taken from the record, so start-up needs no
// parser in the main thread.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isEngineError } from '../errors.ts';
import type { TaskRecord } from './store/task-record.ts';
import type { TaskStore } from './store/task-store.ts';
import type { DocumentInfo } from '../types.ts';
import { officeExt } from './inspect.ts';
import { BUNDLE_FILE, IMAGES_DIR, RESULT_FILE } from '../outputs/result.ts';

export const INPUT_FILE = 'input';
/** Pages read by OCR while the task runs, one JSON each; removed when the task ends. */
export const PAGES_DIR = 'pages';

/** Crops that an assembly had already given their final names: a resumed run names them again. */
const FINAL_CROP = /^image_/;

/** Clears partial outputs of the interrupted run and answers the document's info. */
async function prepareResume(store: TaskStore, rec: TaskRecord): Promise<DocumentInfo> {
  const dir = store.taskDir(rec.task_id);
  const images = join(dir, IMAGES_DIR);
  for (const name of await readdir(images).catch(() => [] as string[])) {
    if (FINAL_CROP.test(name)) await rm(join(images, name), { force: true });
  }
  await rm(join(dir, BUNDLE_FILE), { force: true });
  await rm(join(dir, RESULT_FILE), { force: true });
  if (rec.file_type !== null && officeExt(`x${rec.file_type}`))
    return { fileType: rec.file_type, kind: 'office', pageCount: 0 };
  if (rec.file_type !== null && rec.page_num !== null) {
    return { fileType: rec.file_type, kind: rec.file_type === '.pdf' ? 'pdf' : 'image', pageCount: rec.page_num };
  }
  const { inspectDocument } = await import('./parse.ts');
  return inspectDocument(join(dir, INPUT_FILE), rec.file_name);
}

/** Launches every resumable task, oldest first; one that cannot be prepared is marked FAILED. */
export async function resumeTasks(
  store: TaskStore,
  launch: (rec: TaskRecord, info: DocumentInfo) => void,
  log: (l: string) => void,
): Promise<void> {
  for (const rec of store.takeResumable()) {
    try {
      const kept = (await readdir(join(store.taskDir(rec.task_id), PAGES_DIR)).catch(() => [] as string[])).length;
      if (kept) log(`task ${rec.task_id} resumes with ${kept} page${kept === 1 ? '' : 's'} already read by OCR`);
      launch(rec, await prepareResume(store, rec));
    } catch (e) {
      const message = `Could not resume the task: ${e instanceof Error ? e.message : String(e)}`;
      log(`task ${rec.task_id} FAILED: ${message}`);
      await store.update(rec.task_id, {
        status: 'FAILED',
        error: message,
        error_code: isEngineError(e) ? e.code : 1137,
        finished_at: Date.now(),
      });
      await rm(join(store.taskDir(rec.task_id), INPUT_FILE), { force: true });
    }
  }
}
