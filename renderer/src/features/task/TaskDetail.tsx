// The main area of the Queue tab: the selected task's header (name, facts, ids, export, actions)
// and below it the review screen when it finished, otherwise the status panel.
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { formatBytes, formatElapsed } from '../../lib/format.ts';
import { useNow } from '../../lib/useNow.ts';
import { isActive, isFileProblem, useTask, useTasks } from '../../stores/tasks.ts';
import { useUi } from '../../stores/ui.ts';
import { ExportMenu } from '../export/ExportMenu.tsx';
import { CompareButton } from '../compare/CompareButton.tsx';
import { ReviewScreen } from '../review/ReviewScreen.tsx';
import { removeTasks } from '../queue/actions.ts';
import { StatusBadge } from '../queue/StatusBadge.tsx';
import { elapsedMs } from '../queue/status.ts';
import { CopyId } from './CopyId.tsx';
import { useSavedTask } from './names.ts';
import { Icon } from '../../components/Icon.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import './messages.ts';
import './task.css';

/** "Hide the queue", shown while the queue is open and has something in it (an empty queue never hides).
 * Once hidden, the queue rail's button is the one way back (QueueRail), and the focus moves there. */
function HideQueue() {
  const t = useT();
  const collapsed = useUi((s) => s.queueCollapsed);
  const hasTasks = useTasks((s) => s.order.length > 0);
  if (collapsed || !hasTasks) return null;
  return (
    <button
      type="button"
      id="queue-collapse"
      className="icon-btn"
      aria-expanded={true}
      aria-label={t('task.hideQueue')}
      title={t('task.hideQueue')}
      onClick={() => {
        useUi.getState().setQueueCollapsed(true);
        requestAnimationFrame(() => document.getElementById('queue-expand')?.focus());
      }}
      data-testid="queue-collapse"
    >
      <Icon name="chevronLeft" />
    </button>
  );
}

function Header({ task, id }: { task: Task | undefined; id: string }) {
  const t = useT();
  // The elapsed time ticks while the task runs.
  const now = useNow(!!task && isActive(task) && task.startedAt !== null);
  // A result opened from the history after its task left the queue: the facts saved with it.
  const saved = useSavedTask(id);
  const shown = task ?? saved;
  const elapsed = shown ? elapsedMs(shown, now) : null;
  const facts = shown
    ? [
        formatBytes(shown.size),
        shown.pages === null ? null : t('queue.pagesLong', { n: shown.pages }),
        t(`backend.${shown.backend}`),
        elapsed === null ? null : formatElapsed(elapsed, t),
      ].filter(Boolean)
    : [];
  return (
    <header className="detail-header">
      <HideQueue />
      <div className="detail-title">
        <h2 tabIndex={-1} id="detail-heading" data-testid="detail-heading">
          {shown?.fileName ?? t('task.fromHistory')}
        </h2>
        <div className="detail-sub">
          {task && task.state !== 'SUCCESS' && <StatusBadge task={task} />}
          {facts.length > 0 && <span className="muted">{facts.join(' · ')}</span>}
        </div>
        <div className="detail-ids" data-testid="detail-ids">
          <span className="id-pair">
            <span className="muted">{t('queue.requestId')}</span>
            <CopyId label={t('queue.requestId')} value={id} />
          </span>
          {shown?.remoteTaskId && (
            <span className="id-pair">
              <span className="muted">{t('queue.remoteId')}</span>
              <CopyId label={t('queue.remoteId')} value={shown.remoteTaskId} />
            </span>
          )}
        </div>
      </div>
      <div className="detail-actions">
        {(!task || task.state === 'SUCCESS') && <ExportMenu taskIds={[id]} />}
        {/* Beside Export, not in the review's toolbar, which must keep one row at 1024 px with the queue open. */}
        {(!task || task.state === 'SUCCESS') && shown && <CompareButton id={id} fileName={shown.fileName} />}
        {/* A failure in the file itself: the failed-task panel's Remove is the way out, beside its reason. */}
        {task && !isFileProblem(task) && (
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
  if (!taskId) {
    return (
      <section className="detail detail-empty" aria-label={t('task.detailLabel')} data-testid="detail-empty">
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
