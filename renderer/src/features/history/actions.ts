// History actions: delete one or all (after asking), report the space freed.
import type { HistoryItem } from '../../../../shared/task.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { translate } from '../../i18n/index.ts';
import { formatBytes } from '../../lib/format.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { exportErrorLine } from '../export/actions.ts';
import './messages.ts';

export async function deleteHistoryItem(item: HistoryItem): Promise<boolean> {
  const ok = await confirmDialog({
    title: translate('history.deleteTitle', { name: item.fileName }),
    message: translate('history.deleteMessage'),
    confirmLabel: translate('history.delete'),
    danger: true,
  });
  if (!ok) return false;
  const res = await invoke('history:delete', { ids: [item.id] });
  if (!res.ok) {
    toast(translate('history.deleteFailed'), 'error', exportErrorLine(res.error));
    return false;
  }
  useTasks.getState().removeLocal(item.id);
  toast(translate('history.freed', { size: formatBytes(res.value.freedBytes) }), 'success');
  return true;
}

export async function clearHistory(): Promise<boolean> {
  const ok = await confirmDialog({
    title: translate('history.clearTitle'),
    message: translate('history.clearMessage'),
    confirmLabel: translate('history.delete'),
    danger: true,
  });
  if (!ok) return false;
  const before = await invoke('history:list', {});
  const res = await invoke('history:clear', undefined);
  if (!res.ok) {
    toast(translate('history.deleteFailed'), 'error', exportErrorLine(res.error));
    return false;
  }
  if (before.ok) for (const item of before.value) useTasks.getState().removeLocal(item.id);
  toast(translate('history.freed', { size: formatBytes(res.value.freedBytes) }), 'success');
  return true;
}
