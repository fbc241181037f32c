// Above the list: the select-all box, counts, and — when tasks are checked — the batch actions
// (export from issue 5's ExportMenu, remove, clear as a × button), one group that wraps under the count as a whole.
import { useEffect, useRef } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { isActive, useTasks } from '../../stores/tasks.ts';
import { ExportMenu } from '../export/ExportMenu.tsx';
import { removeTasks } from './actions.ts';
import { Icon } from '../../components/Icon.tsx';

export function SelectionToolbar({ tasks }: { tasks: Task[] }) {
  const t = useT();
  const checked = useTasks((s) => s.checked);
  const boxRef = useRef<HTMLInputElement>(null);
  const all = tasks.length > 0 && checked.length === tasks.length;
  const some = checked.length > 0 && !all;
  const active = tasks.filter(isActive).length;

  useEffect(() => {
    if (boxRef.current) boxRef.current.indeterminate = some;
  }, [some]);

  return (
    <div className="queue-toolbar" role="toolbar" aria-label={t('queue.toolbarLabel')}>
      <input
        ref={boxRef}
        type="checkbox"
        checked={all}
        disabled={tasks.length === 0}
        aria-label={t('queue.checkAll')}
        onChange={(e) =>
          e.currentTarget.checked ? useTasks.getState().checkAll() : useTasks.getState().clearChecked()
        }
      />
      {checked.length === 0 ? (
        <span className="queue-count">
          {t('queue.count', { n: tasks.length })}
          {active > 0 && <span className="muted"> · {t('queue.activeCount', { n: active })}</span>}
        </span>
      ) : (
        <>
          <span className="queue-count" aria-live="polite">
            {t('queue.selected', { n: checked.length })}
          </span>
          {/* One group, at the end of the row; in the narrowest pane it moves under the count as a whole. */}
          <span className="queue-actions">
            <ExportMenu taskIds={checked} />
            <button type="button" className="btn small danger-ghost" onClick={() => void removeTasks(checked)}>
              {t('common.remove')}
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('queue.clearSelection')}
              title={t('queue.clearSelection')}
              onClick={() => useTasks.getState().clearChecked()}
            >
              <Icon name="close" />
            </button>
          </span>
        </>
      )}
    </div>
  );
}
