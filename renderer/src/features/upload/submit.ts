// The submit pipeline: client checks → paths main can read → 'tasks:submit', which checks each file by
// content once, queues the good ones and answers the rest. Every rejected file ends up in the rejected
// panel; files already in the queue are added again only when the user says so.
import type { AppError } from '../../../../shared/result.ts';
import type { FileCheck, SubmitResult, Task } from '../../../../shared/task.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { invoke, pathsForFiles } from '../../lib/ipc.ts';
import { translate } from '../../i18n/index.ts';
import { deferredErrorLine } from '../../i18n/errors.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { useUpload } from './store.ts';
import { partitionFiles, relativePathOf, type Rejection } from './validate.ts';

const rejectAll = (files: readonly File[], error: AppError): Rejection[] =>
  files.map((f) => ({ name: f.name, path: relativePathOf(f), error }));

/** Files from a drop, the file input or the clipboard. Returns the tasks created. */
export async function submitFiles(files: readonly File[]): Promise<Task[]> {
  if (files.length === 0) return [];
  const upload = useUpload.getState();
  const { good, rejected } = partitionFiles(files);
  upload.addRejected(rejected);
  if (good.length === 0) return [];

  upload.setBusy(useUpload.getState().busy + good.length);
  try {
    const paths = await pathsForFiles(good);
    if (!paths.ok) {
      upload.addRejected(rejectAll(good, paths.error));
      return [];
    }
    return await submitPaths(paths.value);
  } finally {
    useUpload.getState().setBusy(Math.max(0, useUpload.getState().busy - good.length));
  }
}

/** One 'tasks:submit'; refused files go to the rejected panel. null when the call itself failed. */
async function submit(paths: readonly string[], duplicates: 'add' | 'ask'): Promise<SubmitResult | null> {
  const upload = useUpload.getState();
  // The options chosen for these files (FileOptionsBar), else main fills in the Settings defaults.
  const fileOptions = upload.fileOptions;
  const res = await invoke('tasks:submit', {
    paths: [...paths],
    duplicates,
    ...(fileOptions ? { options: { fileOptions } } : {}),
  });
  if (!res.ok) {
    toast({ key: 'upload.submitFailed' }, 'error', deferredErrorLine(res.error));
    upload.addRejected(paths.map((p) => ({ name: baseName(p), path: null, error: res.error })));
    return null;
  }
  upload.addRejected(
    res.value.rejected.map((c) => ({
      name: c.name,
      path: null,
      error: c.error ?? { code: 'UNSUPPORTED', message: '' },
    })),
  );
  return res.value;
}

/** Paths main can read (from the native dialog, or after pathsForFiles). Folders expand in main. */
export async function submitPaths(paths: readonly string[]): Promise<Task[]> {
  if (paths.length === 0) return [];
  const first = await submit(paths, 'ask');
  if (!first) return [];
  // Queued at once, not after the question below: meanwhile their rows show their progress.
  show(first.tasks);
  const created = [...first.tasks];
  if (first.duplicates.length > 0 && (await addAgain(first.duplicates))) {
    const again = await submit(
      first.duplicates.map((c) => c.path),
      'add',
    );
    show(again?.tasks ?? []);
    created.push(...(again?.tasks ?? []));
  }
  if (created.length === 0) {
    if (first.rejected.length === 0 && first.duplicates.length === 0) toast({ key: 'upload.nothingFound' }, 'warning');
    return [];
  }
  const store = useTasks.getState();
  if (!store.selectedId && created[0]) store.select(created[0].id);
  toast({ key: 'upload.added', vars: { n: created.length } }, 'success');
  return created;
}

/**
 * Puts new tasks in the queue store. A task the store already has came from a 'task:updated' event,
 * which is newer than the submit answer (a file can fail while the duplicate question is open).
 */
function show(tasks: readonly Task[]): void {
  const store = useTasks.getState();
  for (const task of tasks) if (!store.tasks[task.id]) store.upsert(task);
}

/** "Already in the queue — add again?" for files of the same name and size as a queued task. */
async function addAgain(dupes: readonly FileCheck[]): Promise<boolean> {
  return confirmDialog({
    title:
      dupes.length === 1
        ? translate('upload.dupTitle', { name: dupes[0]!.name })
        : translate('upload.dupTitleMany', { n: dupes.length }),
    message: translate('upload.dupMessage', { n: dupes.length }),
    confirmLabel: translate('upload.addAgain'),
  });
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}
