// The Queue tab's left pane: drop zone, rejected files, selection toolbar, and the task list
// (or the empty state).
import { useT } from '../../i18n/index.ts';
import { useOrderedTasks, useTasks } from '../../stores/tasks.ts';
import { useAppInfo } from '../../stores/app.ts';
import { DropZone } from '../upload/DropZone.tsx';
import { RejectedPanel } from '../upload/RejectedPanel.tsx';
import { QueueList } from './QueueList.tsx';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import './messages.ts';
import './queue.css';

export function QueuePane({ onOpen }: { onOpen(id: string): void }) {
  const t = useT();
  const tasks = useOrderedTasks();
  const loaded = useTasks((s) => s.loaded);
  const empty = loaded && tasks.length === 0;
  // The app could not start: the banner says so; the queue never loads, so it does not say "Loading…".
  const failed = useAppInfo((s) => s.phase === 'failed');

  return (
    <section className="queue-pane" aria-label={t('nav.queue')}>
      <DropZone large={empty}>
        <RejectedPanel />
        {tasks.length > 0 && <SelectionToolbar tasks={tasks} />}
        {tasks.length > 0 ? (
          <QueueList tasks={tasks} onOpen={onOpen} />
        ) : (
          <div className="queue-empty" data-testid="queue-empty">
            {!failed && <p className="queue-empty-title">{loaded ? t('queue.emptyTitle') : t('app.loading')}</p>}
            {loaded && <p className="muted">{t('queue.emptyHint')}</p>}
          </div>
        )}
      </DropZone>
    </section>
  );
}
