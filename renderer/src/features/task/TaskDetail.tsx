// The main area of the Queue tab: the selected task's header (name, facts, ids, export, actions)
// and below it the review screen when it finished, otherwise the status panel.
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { formatBytes } from '../../lib/format.ts';
import { useNow } from '../../lib/useNow.ts';
import { isActive, useTask, useTasks } from '../../stores/tasks.ts';
import { useUi } from '../../stores/ui.ts';
import { ExportMenu } from '../export/ExportMenu.tsx';
import { ReviewScreen } from '../review/ReviewScreen.tsx';
import { removeTasks } from '../queue/actions.ts';
import { StatusBadge } from '../queue/StatusBadge.tsx';
import { elapsedMs, formatElapsed } from '../queue/status.ts';
import { CopyId } from './CopyId.tsx';
import { useResultName } from './names.ts';
import { Icon } from '../../components/Icon.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import './messages.ts';
import './task.css';

function CollapseToggle() {
  const t = useT();
  const collapsed = useUi((s) => s.queueCollapsed);
  return (
    <button
      type="button"
      className="icon-btn"
      aria-pressed={collapsed}
      aria-label={collapsed ? t('task.showQueue') : t('task.hideQueue')}
      title={collapsed ? t('task.showQueue') : t('task.hideQueue')}
      onClick={() => useUi.getState().setQueueCollapsed(!collapsed)}
      data-testid="queue-collapse"
    >
      <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
    </button>
  );
}

function Header({ task, id }: { task: Task | undefined; id: string }) {
  const t = useT();
  // The elapsed time ticks while the task runs.
  const now = useNow(!!task && isActive(task) && task.startedAt !== null);
  const elapsed = task ? elapsedMs(task, now) : null;
  const savedName = useResultName(id);
  const facts = task
    ? [
        formatBytes(task.size),
        task.pages === null ? null : t('queue.pagesLong', { n: task.pages }),
        t(`backend.${task.backend}`),
        elapsed === null ? null : formatElapsed(elapsed),
      ].filter(Boolean)
    : [];
  return (
    <header className="detail-header">
      <CollapseToggle />
      <div className="detail-title">
        <h2 tabIndex={-1} id="detail-heading" data-testid="detail-heading">{task?.fileName ?? savedName ?? t('task.fromHistory')}</h2>
        <div className="detail-sub">
          {task && task.state !== 'SUCCESS' && <StatusBadge task={task} />}
          {facts.length > 0 && <span className="muted">{facts.join(' · ')}</span>}
        </div>
        <div className="detail-ids" data-testid="detail-ids">
          <span className="id-pair">
            <span className="muted">{t('queue.requestId')}</span>
            <CopyId label={t('queue.requestId')} value={id} />
          </span>
          {task?.remoteTaskId && (
            <span className="id-pair">
              <span className="muted">{t('queue.remoteId')}</span>
              <CopyId label={t('queue.remoteId')} value={task.remoteTaskId} />
            </span>
          )}
        </div>
      </div>
      <div className="detail-actions">
        {(!task || task.state === 'SUCCESS') && <ExportMenu taskIds={[id]} />}
        {task && (
          <button type="button" className="btn small danger-ghost" onClick={() => void removeTasks([id])}>
            {t('common.remove')}
          </button>
        )}
      </div>
    </header>
  );
}

export function TaskDetail({ taskId }: { taskId: string | null }) {
  const t = useT();
  const task = useTask(taskId);
  const hasTasks = useTasks((s) => s.order.length > 0);
  // An empty queue never hides (App.tsx), so there is nothing to show again.
  const collapsed = useUi((s) => s.queueCollapsed) && hasTasks;
  if (!taskId) {
    return (
      <section className="detail detail-empty" aria-label={t('task.detailLabel')} data-testid="detail-empty">
        {collapsed && <div className="detail-empty-bar"><CollapseToggle /></div>}
        <div className="detail-empty-inner">
          <p className="detail-empty-title">{t('task.noneSelected')}</p>
          <p className="muted">{t('task.noneSelectedHint')}</p>
        </div>
      </section>
    );
  }
  // A history item that left the queue still opens: the review screen loads it by id.
  const finished = !task || task.state === 'SUCCESS';
  return (
    <section className="detail" aria-labelledby="detail-heading" data-testid="task-detail">
      <Header task={task} id={taskId} />
      <div className="detail-body">
        {finished ? <ReviewScreen key={taskId} taskId={taskId} /> : <StatusPanel task={task} />}
      </div>
    </section>
  );
}
