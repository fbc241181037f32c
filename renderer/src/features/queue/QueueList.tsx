// The task list: one focusable grid of rows (one column of cells per row), oldest first as the queue runs
// them, the running row kept in view (scrolling the list only, never the panes around it). Keys: ↑/↓/Home/End move the selection, Enter opens the
// selected task (focus goes to the detail pane), Space checks it, Delete removes (after a
// confirm), Ctrl/Cmd+A checks all, Escape clears the checks. Over 200 tasks it is virtualised.
import { useEffect, useEffectEvent, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { useTasks } from '../../stores/tasks.ts';
import { removeTasks } from './actions.ts';
import { QueueRow } from './QueueRow.tsx';

const VIRTUALIZE_OVER = 200;

const isWorking = (t: Task): boolean => t.state === 'uploading' || t.state === 'QUEUING' || t.state === 'PROCESSING';

/** Scrolls `list` (only) so `row` is wholly visible, the least distance; scrollIntoView would also scroll the
 *  panes and the page around the list and cut its top row. */
function scrollRowIntoList(list: HTMLElement, row: HTMLElement | null): void {
  if (!row) return;
  const top = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  const bottom = top + row.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}
const ROW_HEIGHT = 60;

export function QueueList({ tasks, onOpen }: { tasks: Task[]; onOpen(id: string): void }) {
  const t = useT();
  const selectedId = useTasks((s) => s.selectedId);
  const checked = useTasks((s) => s.checked);
  const select = useTasks((s) => s.select);
  const toggleChecked = useTasks((s) => s.toggleChecked);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = tasks.length > VIRTUALIZE_OVER;
  const checkedSet = new Set(checked);

  const virtualizer = useVirtualizer({
    count: virtual ? tasks.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const selectedIndex = tasks.findIndex((x) => x.id === selectedId);

  /** Scrolls the row of task `id` into view (in the list as it is now); nothing when it is not listed. */
  const reveal = useEffectEvent((id: string | null) => {
    const index = tasks.findIndex((x) => x.id === id);
    if (index < 0) return;
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    else if (scrollRef.current) scrollRowIntoList(scrollRef.current, document.getElementById(`task-row-${id}`));
  });

  // Only when the selection changes, not on every progress update.
  useEffect(() => reveal(selectedId), [selectedId]);

  // The row being worked on stays in view as the queue moves down the list.
  const runningId = tasks.find(isWorking)?.id ?? null;
  useEffect(() => reveal(runningId), [runningId]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (tasks.length === 0) return;
    const mod = e.ctrlKey || e.metaKey;
    const move = (index: number) => {
      e.preventDefault();
      const clamped = Math.max(0, Math.min(tasks.length - 1, index));
      select(tasks[clamped]!.id);
    };
    const current = selectedIndex;
    if (e.key === 'ArrowDown') move(current < 0 ? 0 : current + 1);
    else if (e.key === 'ArrowUp') move(current < 0 ? 0 : current - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(tasks.length - 1);
    else if (e.key === 'PageDown') move(current + 10);
    else if (e.key === 'PageUp') move(current - 10);
    else if (e.key === 'Enter' && selectedId) {
      e.preventDefault();
      onOpen(selectedId);
    } else if (e.key === ' ' && selectedId) {
      e.preventDefault();
      toggleChecked(selectedId);
    } else if ((e.key === 'Delete' || (e.key === 'Backspace' && mod)) && (checked.length || selectedId)) {
      e.preventDefault();
      void removeTasks(checked.length ? checked : [selectedId!]);
    } else if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      useTasks.getState().checkAll();
    } else if (e.key === 'Escape' && checked.length) {
      e.preventDefault();
      useTasks.getState().clearChecked();
    }
  };

  const row = (task: Task, index: number, style?: CSSProperties) => (
    <QueueRow
      key={task.id}
      task={task}
      index={index}
      total={tasks.length}
      selected={task.id === selectedId}
      checked={checkedSet.has(task.id)}
      onSelect={select}
      onToggleChecked={toggleChecked}
      style={style}
    />
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualised list of positioned rows; a <table> cannot lay them out
    <div
      ref={scrollRef}
      className="queue-list"
      role="grid"
      tabIndex={0}
      aria-label={t('queue.listLabel')}
      aria-rowcount={tasks.length}
      aria-multiselectable="false"
      aria-activedescendant={selectedId && selectedIndex >= 0 ? `task-row-${selectedId}` : undefined}
      data-testid="queue-list"
      onKeyDown={onKeyDown}
    >
      {virtual ? (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) =>
            row(tasks[item.index]!, item.index, {
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: ROW_HEIGHT,
              transform: `translateY(${item.start}px)`,
            }),
          )}
        </div>
      ) : (
        tasks.map((task, i) => row(task, i))
      )}
    </div>
  );
}
