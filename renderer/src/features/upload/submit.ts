// The submit pipeline: client checks → paths main can read → 'files:check' (type by content) →
// 'tasks:submit' with the good paths. Every rejected file ends up in the rejected panel.
import type { AppError } from '../../../../shared/result.ts';
import type { FileCheck, Task } from '../../../../shared/task.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { invoke, pathsForFiles } from '../../lib/ipc.ts';
import { translate } from '../../i18n/index.ts';
import { errorLine } from '../../i18n/errors.ts';
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

/** Paths main can read (from the native dialog, or after pathsForFiles). Folders expand in main. */
export async function submitPaths(paths: readonly string[]): Promise<Task[]> {
  if (paths.length === 0) return [];
  const upload = useUpload.getState();
  const checked = await invoke('files:check', { paths: [...paths] });
  if (!checked.ok) {
    upload.addRejected(paths.map((p) => ({ name: baseName(p), path: null, error: checked.error })));
    return [];
  }
  const good = checked.value.filter((c) => c.ok);
  upload.addRejected(
    checked.value
      .filter((c) => !c.ok)
      .map((c) => ({ name: c.name, path: null, error: c.error ?? { code: 'UNSUPPORTED', message: '' } })),
  );
  if (good.length === 0) {
    if (checked.value.length === 0) toast(translate('upload.nothingFound'), 'warning');
    return [];
  }

  const toSend = await skipDuplicates(good);
  if (toSend.length === 0) return [];
  const submitted = await invoke('tasks:submit', { paths: toSend.map((c) => c.path) });
  if (!submitted.ok) {
    toast(translate('upload.submitFailed'), 'error', errorLine(submitted.error));
    upload.addRejected(toSend.map((c) => ({ name: c.name, path: null, error: submitted.error })));
    return [];
  }
  const store = useTasks.getState();
  for (const task of submitted.value) store.upsert(task);
  if (!store.selectedId && submitted.value[0]) store.select(submitted.value[0].id);
  toast(translate('upload.added', { n: submitted.value.length }), 'success');
  return submitted.value;
}

/**
 * Files already in the queue (same name and size) are only added again when the user says so:
 * "already in the queue — add again?"; otherwise they are left out.
 */
async function skipDuplicates(files: FileCheck[]): Promise<FileCheck[]> {
  const inQueue = new Set(Object.values(useTasks.getState().tasks).map((t) => `${t.fileName}\0${t.size}`));
  const dupes = files.filter((c) => inQueue.has(`${c.name}\0${c.size}`));
  if (dupes.length === 0) return files;
  const again = await confirmDialog({
    title: dupes.length === 1 ? translate('upload.dupTitle', { name: dupes[0]!.name }) : translate('upload.dupTitleMany', { n: dupes.length }),
    message: translate('upload.dupMessage'),
    confirmLabel: translate('upload.addAgain'),
  });
  return again ? files : files.filter((c) => !dupes.includes(c));
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}
