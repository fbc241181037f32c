// One task in the queue: checkbox, name, status badge (with a bar while uploading/processing),
// the latest retry and why ("Attempt 2: connection lost"), size · pages · backend · per-file options ·
// elapsed work (or, while a retry waits, its countdown and reason; for a protected PDF, its password field),
// the failure reason, and its actions. A grid row (not an option): its cells may hold the checkbox and
// the action buttons without nesting controls inside a control.
import { memo, type CSSProperties } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { describeError } from '../../i18n/errors.ts';
import { formatBytes, formatElapsed } from '../../lib/format.ts';
import { useNow } from '../../lib/useNow.ts';
import { canCancel, canRetry, isActive, needsPassword } from '../../stores/tasks.ts';
import { cancelTask, removeTasks, retryTask } from './actions.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { Icon } from '../../components/Icon.tsx';
import { attemptLine, elapsedMs, isRetrying, optionsLine, retryLine, traceTitle } from './status.ts';
import { RowPassword } from './RowPassword.tsx';

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

/** Hover actions, just left of the badge (over the end of the name), never on the badge. */
function RowActions({ task }: { task: Task }) {
  const t = useT();
  const name = task.fileName;
  return (
    <span className="row-actions-anchor">
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only keeps its buttons' clicks from also selecting the row */}
      <span className="row-actions" onClick={(e) => e.stopPropagation()}>
        {canRetry(task) && (
          <button
            type="button"
            className="icon-btn"
            tabIndex={-1}
            aria-label={t('queue.retryLabel', { name })}
            title={t('common.retry')}
            onClick={() => void retryTask(task.id)}
          >
            <Icon name="retry" />
          </button>
        )}
        {canCancel(task) && (
          <button
            type="button"
            className="icon-btn"
            tabIndex={-1}
            aria-label={t('queue.cancelLabel', { name })}
            title={t('common.cancel')}
            onClick={() => void cancelTask(task.id)}
          >
            <Icon name="stop" />
          </button>
        )}
        <button
          type="button"
          className="icon-btn"
          tabIndex={-1}
          aria-label={t('queue.removeLabel', { name })}
          title={t('common.remove')}
          onClick={() => void removeTasks([task.id])}
        >
          <Icon name="trash" />
        </button>
      </span>
    </span>
  );
}

function QueueRowImpl({ task, selected, checked, onSelect, onToggleChecked, style, index }: QueueRowProps) {
  const t = useT();
  const active = isActive(task);
  const retrying = isRetrying(task);
  // A retry's countdown ticks 4× a second so its seconds change on time.
  const now = useNow(active && (task.startedAt !== null || retrying), retrying ? 250 : 1000);
  const elapsed = elapsedMs(task, now);
  const failure = task.state === 'FAILED' && task.error ? describeError(task.error, t) : null;
  const retry = retryLine(task, t, now);
  const attempt = attemptLine(task, t);
  const options = optionsLine(task, t);
  const backend = t(`backend.${task.backend}`);
  const asks = needsPassword(task) && task.backend === 'local';

  const meta = [
    formatBytes(task.size),
    task.pages === null ? null : t('queue.pages', { n: task.pages }),
    backend,
    options && (options.ignored ? t('queue.optionsIgnored', { options: options.text, backend }) : options.text),
  ].filter(Boolean);

  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: a positioned row of a virtualised grid; focus and keys stay on the grid (aria-activedescendant)
    <div
      id={`task-row-${task.id}`}
      role="row"
      aria-selected={selected}
      aria-rowindex={index + 1}
      className={`queue-row state-${task.state}${selected ? ' selected' : ''}${checked ? ' checked' : ''}`}
      data-testid="queue-row"
      data-task-id={task.id}
      data-state={task.state}
      title={traceTitle(task, t)}
      style={style}
      onClick={() => onSelect(task.id)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a cell of the grid's row; focus stays on the grid */}
      <span role="gridcell" className="row-check-cell">
        <input
          type="checkbox"
          className="row-check"
          tabIndex={-1}
          checked={checked}
          aria-label={t('queue.checkLabel', { name: task.fileName })}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => onToggleChecked(task.id, e.currentTarget.checked)}
        />
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a cell of the grid's row; focus stays on the grid */}
      <div role="gridcell" className="row-main">
        <div className="row-line">
          <span className="row-name">{task.fileName}</span>
          <RowActions task={task} />
          <StatusBadge task={task} now={now} />
        </div>
        <div className="row-line row-meta">
          {asks ? (
            <RowPassword task={task} />
          ) : failure ? (
            <span className="row-error" title={failure.detail ?? failure.title}>
              {failure.title}
            </span>
          ) : retry ? (
            <span className="row-retry" data-testid="row-retry" title={task.retry?.reason.message}>
              {retry}
            </span>
          ) : (
            <span className="row-facts" title={[attempt, ...meta].filter(Boolean).join(' · ')}>
              {attempt && (
                <span className="row-attempt" data-testid="row-attempt">
                  {attempt} ·{' '}
                </span>
              )}
              <span data-testid="row-meta">{meta.join(' · ')}</span>
            </span>
          )}
          <span className="row-elapsed" role="timer" aria-label={t('queue.elapsed')}>
            {elapsed === null ? '' : formatElapsed(elapsed, t)}
          </span>
        </div>
      </div>
    </div>
  );
}

export const QueueRow = memo(QueueRowImpl);
