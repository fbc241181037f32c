// The queue collapsed to an icon rail (narrow windows, or when the user hides it): one labelled
// button that opens it again (the only one: the detail header offers Hide only while the queue is open),
// with the number of documents and of failures at a glance.
import { useEffect } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.ts';
import { useOrderedTasks } from '../../stores/tasks.ts';
import { NARROW_PX, useUi } from '../../stores/ui.ts';
import './messages.ts';

export function QueueRail() {
  const t = useT();
  const tasks = useOrderedTasks();
  const failed = tasks.filter((task) => task.state === 'FAILED').length;
  return (
    <nav className="queue-rail" aria-label={t('queue.rail')} data-testid="queue-rail">
      <button
        type="button"
        className="queue-rail-btn"
        id="queue-expand"
        aria-expanded={false}
        title={t('queue.railShowLabel', { n: tasks.length })}
        onClick={() => {
          useUi.getState().setQueueCollapsed(false);
          requestAnimationFrame(() => document.getElementById('queue-collapse')?.focus());
        }}
        data-testid="queue-expand"
      >
        <Icon name="chevronRight" size={14} />
        <span className="queue-rail-label">{t('queue.railShow')}</span>
        <span className="queue-rail-count" aria-hidden="true">
          {tasks.length}
        </span>
      </button>
      {failed > 0 && <span className="queue-rail-failed">{t('queue.railFailed', { n: failed })}</span>}
    </nav>
  );
}

/** Keeps useUi().narrow in step with the window width (the queue collapses below NARROW_PX). */
export function useNarrowWindow(): void {
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(max-width: ${NARROW_PX - 1}px)`);
    const apply = () => useUi.getState().setNarrow(query.matches);
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
}
