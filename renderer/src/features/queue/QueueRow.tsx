// One task in the queue: checkbox, name, status badge (with a bar while uploading/processing),
// size · pages · backend · mode · elapsed, the failure reason, and its actions.
import { memo, type CSSProperties } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { describeError } from '../../i18n/errors.ts';
import { formatBytes, formatDuration } from '../../lib/format.ts';
import { useNow } from '../../lib/useNow.ts';
import { canCancel, canRetry, isActive } from '../../stores/tasks.ts';
import { cancelTask, removeTasks, retryTask } from './actions.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { Icon } from '../../components/Icon.tsx';
import { elapsedMs, modeLabel, traceTitle } from './status.ts';

export interface QueueRowProps {
  task: Task;
  selected: boolean;
  checked: boolean;
  onSelect(id: string): void;
  onToggleChecked(id: string, on: boolean): void;
  style?: CSSProperties;
  index: number;
  total: number;
}

function QueueRowImpl({ task, selected, checked, onSelect, onToggleChecked, style, index, total }: QueueRowProps) {
  const t = useT();
  const active = isActive(task);
  const now = useNow(active && task.startedAt !== null);
  const elapsed = elapsedMs(task, now);
  const failure = task.state === 'FAILED' && task.error ? describeError(task.error, t) : null;

  const meta = [
    formatBytes(task.size),
    task.pages === null ? null : t('queue.pages', { n: task.pages }),
    t(`backend.${task.backend}`),
    modeLabel(task, t),
  ].filter(Boolean);

  return (
    <div
      id={`task-row-${task.id}`}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={total}
      className={`queue-row state-${task.state}${selected ? ' selected' : ''}${checked ? ' checked' : ''}`}
      data-testid="queue-row"
      data-task-id={task.id}
      data-state={task.state}
      title={traceTitle(task, t)}
      style={style}
      onClick={() => onSelect(task.id)}
    >
      <input
        type="checkbox"
        className="row-check"
        tabIndex={-1}
        checked={checked}
        aria-label={t('queue.checkLabel', { name: task.fileName })}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => onToggleChecked(task.id, e.currentTarget.checked)}
      />
      <div className="row-main">
        <div className="row-line">
          <span className="row-name">{task.fileName}</span>
          <StatusBadge task={task} now={now} />
        </div>
        <div className="row-line row-meta">
          {failure ? (
            <span className="row-error" title={failure.detail ?? failure.title}>{failure.title}</span>
          ) : (
            <span className="row-facts">{meta.join(' · ')}</span>
          )}
          <span className="row-elapsed" aria-label={t('queue.elapsed')}>
            {elapsed === null ? '' : formatDuration(elapsed)}
          </span>
        </div>
      </div>
      <div className="row-actions" onClick={(e) => e.stopPropagation()}>
        {canRetry(task) && (
          <button type="button" className="icon-btn" tabIndex={-1} aria-label={t('queue.retryLabel', { name: task.fileName })}
            title={t('common.retry')} onClick={() => void retryTask(task.id)}><Icon name="retry" /></button>
        )}
        {canCancel(task) && (
          <button type="button" className="icon-btn" tabIndex={-1} aria-label={t('queue.cancelLabel', { name: task.fileName })}
            title={t('common.cancel')} onClick={() => void cancelTask(task.id)}><Icon name="stop" /></button>
        )}
        <button type="button" className="icon-btn" tabIndex={-1} aria-label={t('queue.removeLabel', { name: task.fileName })}
          title={t('common.remove')} onClick={() => void removeTasks([task.id])}><Icon name="trash" /></button>
      </div>
    </div>
  );
}

export const QueueRow = memo(QueueRowImpl);
