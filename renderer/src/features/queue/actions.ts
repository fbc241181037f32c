// Task actions shared by the queue rows, the keyboard handler and the detail header.
// Each reports failures as a translated toast; main's answer updates the store; a removal keeps the focus on the page.
import { invoke } from '../../lib/ipc.ts';
import { translate } from '../../i18n/index.ts';
import { deferredErrorLine } from '../../i18n/errors.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import './messages.ts';

/** `password`: a protected PDF's password for this one run (local engine); not kept anywhere. */
export async function retryTask(id: string, password?: string): Promise<boolean> {
  const res = await invoke('tasks:retry', password ? { id, password } : { id });
  if (!res.ok) {
    toast({ key: 'queue.retryFailed' }, 'error', deferredErrorLine(res.error));
    return false;
  }
  useTasks.getState().upsert(res.value);
  return true;
}

export async function cancelTask(id: string): Promise<boolean> {
  const res = await invoke('tasks:cancel', { id });
  if (!res.ok) {
    toast({ key: 'queue.cancelFailed' }, 'error', deferredErrorLine(res.error));
    return false;
  }
  useTasks.getState().upsert(res.value);
  return true;
}

/** Asks first (unless confirm is false), then removes one by one; returns how many went. */
export async function removeTasks(ids: readonly string[], confirm = true): Promise<number> {
  if (ids.length === 0) return 0;
  const store = useTasks.getState();
  if (confirm) {
    const one = ids.length === 1 ? store.tasks[ids[0]!] : undefined;
    const ok = await confirmDialog({
      title: one
        ? translate('queue.removeOneTitle', { name: one.fileName })
        : translate('queue.removeManyTitle', { n: ids.length }),
      message: translate('queue.removeMessage'),
      confirmLabel: translate('common.remove'),
      danger: true,
    });
    if (!ok) return 0;
  }
  let removed = 0;
  for (const id of ids) {
    const res = await invoke('tasks:remove', { id });
    if (res.ok) {
      useTasks.getState().removeLocal(res.value.id);
      removed++;
    } else {
      const name = useTasks.getState().tasks[id]?.fileName ?? id;
      toast({ key: 'queue.removeFailed', vars: { name } }, 'error', deferredErrorLine(res.error));
    }
  }
  if (removed > 0) keepFocus();
  return removed;
}

/** Focus that was on a button of a removed task (gone with it) goes to the detail's heading (the
 * neighbour now selected), else to the queue, else to the drop zone; never left on the page's body. */
function keepFocus(): void {
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    const next =
      document.getElementById('detail-heading') ??
      document.querySelector<HTMLElement>('[data-testid="queue-list"], [data-testid="dropzone"]');
    next?.focus();
  });
}
