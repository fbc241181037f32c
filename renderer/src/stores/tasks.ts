/**
 * Tasks as main reports them (main owns the truth; this is a mirror fed by useIpcEvents).
 *
 * For other features:
 *   const task = useTasks((s) => s.tasks[id]);           // one task by id (undefined if unknown)
 *   const selectedId = useTasks((s) => s.selectedId);
 *   const select = useTasks((s) => s.select);            // select(id | null)
 *   const ordered = useOrderedTasks();                   // oldest first (the order they are processed in)
 *   const checked = useTasks((s) => s.checked);          // multi-selection (ids) for batch actions
 */
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Task } from '../../../shared/task.ts';
import { FINAL_STATES } from '../../../shared/task.ts';
import { recordProgress, forgetProgress } from './progress.ts';

export interface TasksState {
  tasks: Record<string, Task>;
  /** Ids, oldest first (createdAt ascending; equal times keep arrival order): the order the queue runs them. */
  order: string[];
  selectedId: string | null;
  /** Multi-selection (checkboxes, Ctrl/Cmd+A), in queue order. */
  checked: string[];
  /** True once 'tasks:list' answered. */
  loaded: boolean;

  setAll(tasks: Task[]): void;
  upsert(task: Task): void;
  removeLocal(id: string): void;
  select(id: string | null): void;
  toggleChecked(id: string, on?: boolean): void;
  setChecked(ids: string[]): void;
  checkAll(): void;
  clearChecked(): void;
}

function insertOrdered(order: string[], tasks: Record<string, Task>, task: Task): string[] {
  const at = order.findIndex((id) => (tasks[id]?.createdAt ?? 0) > task.createdAt);
  const next = order.slice();
  next.splice(at === -1 ? next.length : at, 0, task.id);
  return next;
}

export const useTasks = create<TasksState>((set, get) => ({
  tasks: {},
  order: [],
  selectedId: null,
  checked: [],
  loaded: false,

  setAll(list) {
    const tasks: Record<string, Task> = {};
    for (const t of list) {
      tasks[t.id] = t;
      recordProgress(t);
    }
    const order = list
      .map((t, i) => ({ id: t.id, at: t.createdAt, i }))
      .sort((a, b) => a.at - b.at || a.i - b.i)
      .map((x) => x.id);
    // The selection survives: it may point at a history item that is not in the queue.
    set({ tasks, order, loaded: true, checked: get().checked.filter((id) => tasks[id]) });
  },

  upsert(task) {
    recordProgress(task);
    set((s) => {
      const known = Boolean(s.tasks[task.id]);
      const tasks = { ...s.tasks, [task.id]: task };
      return { tasks, order: known ? s.order : insertOrdered(s.order, s.tasks, task) };
    });
  },

  removeLocal(id) {
    forgetProgress(id);
    set((s) => {
      if (!s.tasks[id]) return s;
      const { [id]: _gone, ...tasks } = s.tasks;
      void _gone;
      const index = s.order.indexOf(id);
      const order = s.order.filter((x) => x !== id);
      // Keep a selection nearby so keyboard users do not lose their place.
      const selectedId = s.selectedId === id ? (order[Math.min(index, order.length - 1)] ?? null) : s.selectedId;
      return { tasks, order, selectedId, checked: s.checked.filter((x) => x !== id) };
    });
  },

  select(id) {
    set({ selectedId: id });
  },

  toggleChecked(id, on) {
    set((s) => {
      const has = s.checked.includes(id);
      const want = on ?? !has;
      if (want === has) return s;
      const checked = want
        ? s.order.filter((x) => x === id || s.checked.includes(x))
        : s.checked.filter((x) => x !== id);
      return { checked };
    });
  },

  setChecked(ids) {
    const wanted = new Set(ids);
    set((s) => ({ checked: s.order.filter((id) => wanted.has(id)) }));
  },

  checkAll() {
    set((s) => ({ checked: s.order.slice() }));
  },

  clearChecked() {
    set({ checked: [] });
  },
}));

/** Tasks oldest first, as the queue runs them (re-renders only when the list or a task changes). */
export function useOrderedTasks(): Task[] {
  return useTasks(useShallow((s) => s.order.map((id) => s.tasks[id]).filter((t): t is Task => Boolean(t))));
}

export function useTask(id: string | null | undefined): Task | undefined {
  return useTasks((s) => (id ? s.tasks[id] : undefined));
}

/** On its way (queued, sending, being parsed); a task that waits for its password is not. */
export const isActive = (task: Task): boolean => !FINAL_STATES.includes(task.state) && task.state !== 'needsPassword';
/** A protected PDF that waits for the password the user types in its row. */
export const needsPassword = (task: Task): boolean => task.state === 'needsPassword';
/**
 * Failures that lie in the file itself: trying again sends the same bytes and meets the same answer,
 * so the queue offers Remove (with the reason) instead of Retry.
 */
const FILE_PROBLEM_CODES: readonly string[] = [
  'EMPTY',
  'TOO_LARGE',
  'UNSUPPORTED',
  'MISMATCH',
  'SERVICE_1104',
  'SERVICE_1106',
  'SERVICE_1118',
  'SERVICE_1132',
  'PAGE_RANGE_PAST_END',
];
export const isFileProblem = (task: Task): boolean =>
  task.state === 'FAILED' && task.error !== null && FILE_PROBLEM_CODES.includes(task.error.code);
/** Cancelled tasks and failures a retry may fix (network, service side, key, unknown). */
export const canRetry = (task: Task): boolean =>
  task.state === 'cancelled' || (task.state === 'FAILED' && !isFileProblem(task));
export const canCancel = (task: Task): boolean => isActive(task);
