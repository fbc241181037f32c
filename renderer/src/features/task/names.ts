// What the detail header knows of results opened by id (a history item whose queue task was removed):
// the review screen learns the task as it was saved with the cached result, and the header shows its
// name and facts (size, pages, backend, elapsed time) instead of a generic "Saved result".
import { create } from 'zustand';
import type { Task } from '../../../../shared/task.ts';

const useSavedTasks = create<Record<string, Task>>(() => ({}));

export function rememberResultTask(id: string, task: Task): void {
  if (task.fileName && useSavedTasks.getState()[id] !== task) useSavedTasks.setState({ [id]: task });
}

export const useSavedTask = (id: string): Task | undefined => useSavedTasks((s) => s[id]);
