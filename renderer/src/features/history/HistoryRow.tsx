// One history row: name (opens the result), the text snippet of a search hit with the query marked,
// the link to the result it re-runs (an edited version: its badge and its original, one click away), date,
// pages, backend, size, time taken, and the row's actions; and the delete actions (one or all, after
// asking), which report the space freed.
import type { ReactNode } from 'react';
import type { HistoryItem } from '../../../../shared/task.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { translate, useT } from '../../i18n/index.ts';
import { formatBytes } from '../../lib/format.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { deferredExportErrorLine } from '../export/actions.ts';
import { CompareButton } from '../compare/CompareButton.tsx';
import './messages.ts';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The snippet with every case-insensitive occurrence of the query in <mark>. */
function highlight(text: string, query: string): ReactNode[] {
  if (!query) return [text];
  const parts = text.split(new RegExp(`(${escapeRegExp(query)})`, 'giu'));
  return parts.map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, never reordered: the place is the identity
    i % 2 === 1 ? <mark key={i}>{part}</mark> : part,
  );
}

export function HistoryRow({
  item,
  query,
  date,
  size,
  elapsed,
  parentName,
  onOpen,
  onRerun,
  onDelete,
}: {
  item: HistoryItem;
  query: string;
  date: string;
  size: string;
  elapsed: string;
  parentName: string | null;
  onOpen: (id: string) => void;
  onRerun: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <tr data-testid="history-row" data-id={item.id}>
      <th scope="row" className="hist-name">
        <button
          type="button"
          className="link-btn"
          aria-label={t('history.openLabel', { name: item.fileName })}
          onClick={() => onOpen(item.id)}
        >
          {item.fileName}
        </button>
        {item.editedFrom && (
          <span className="hist-edited" data-testid="history-edited">
            {t('history.edited')}
          </span>
        )}
        {item.editedFrom ? (
          <div className="hist-parent muted xp-small">
            ↳{' '}
            {parentName ? (
              <button
                type="button"
                className="link-btn"
                data-testid="history-original"
                onClick={() => onOpen(item.editedFrom!)}
              >
                {t('history.editedOf', { name: parentName })}
              </button>
            ) : (
              t('history.editedOfUnknown')
            )}
          </div>
        ) : (
          item.parentId && (
            <div className="hist-parent muted xp-small">
              ↳ {parentName ? t('history.rerunOf', { name: parentName }) : t('history.rerunOfUnknown')}
            </div>
          )
        )}
        {item.snippet && (
          <div className="hist-snippet" data-testid="history-snippet">
            {highlight(item.snippet, query)}
          </div>
        )}
      </th>
      <td className="nowrap">{date}</td>
      <td className="num">{item.pages ?? '–'}</td>
      <td className="nowrap">{t(`backend.${item.backend}`)}</td>
      <td className="num">{size}</td>
      <td className="num">{elapsed}</td>
      <td>
        <div className="hist-actions">
          <button
            type="button"
            className="btn small"
            onClick={() => onOpen(item.id)}
            aria-label={t('history.openLabel', { name: item.fileName })}
          >
            {t('history.open')}
          </button>
          <button
            type="button"
            className="btn small"
            onClick={onRerun}
            aria-label={t('history.rerunLabel', { name: item.fileName })}
          >
            {t('history.rerun')}
          </button>
          <CompareButton id={item.id} fileName={item.fileName} />
          <button
            type="button"
            className="btn small danger-ghost"
            onClick={onDelete}
            aria-label={t('history.deleteLabel', { name: item.fileName })}
          >
            {t('history.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

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
    toast({ key: 'history.deleteFailed' }, 'error', deferredExportErrorLine(res.error));
    return false;
  }
  useTasks.getState().removeLocal(item.id);
  toast({ key: 'history.freed', vars: { size: formatBytes(res.value.freedBytes) } }, 'success');
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
    toast({ key: 'history.deleteFailed' }, 'error', deferredExportErrorLine(res.error));
    return false;
  }
  if (before.ok) for (const item of before.value) useTasks.getState().removeLocal(item.id);
  toast({ key: 'history.freed', vars: { size: formatBytes(res.value.freedBytes) } }, 'success');
  return true;
}
