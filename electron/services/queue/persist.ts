// tasks.json: the queue's durable state, written atomically (temp + rename) and debounced.
// On load, tasks are checked field by field and put back into a state the queue can continue from.
import type { Task, TaskState } from '../../../shared/task.ts';
import { readJsonFile, writeJsonAtomic } from '../util/atomic.ts';
import { TASK_ID } from '../results/layout.ts';
import { dataPaths } from '../data-dir.ts';
import { bank, recordRetry } from './clock.ts';
import { stat } from 'node:fs/promises';

const VERSION = 1;
const STATES: readonly TaskState[] = [
  'queued',
  'needsPassword',
  'uploading',
  'QUEUING',
  'PROCESSING',
  'SUCCESS',
  'FAILED',
  'cancelled',
];

export async function saveTasks(dataDir: string, tasks: Iterable<Task>): Promise<void> {
  await writeJsonAtomic(dataPaths(dataDir).tasks, { version: VERSION, tasks: [...tasks] });
}

function plausible(t: unknown): t is Task {
  if (typeof t !== 'object' || t === null) return false;
  const o = t as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    TASK_ID.test(o.id) &&
    typeof o.filePath === 'string' &&
    typeof o.fileName === 'string' &&
    typeof o.state === 'string' &&
    (STATES as readonly string[]).includes(o.state) &&
    typeof o.createdAt === 'number' &&
    (o.backend === 'local' || o.backend === 'cloud') &&
    Array.isArray(o.formats)
  );
}

/**
 * Brings a stored task back: an upload in flight starts again from the queue; a remote task that was
 * being polled keeps its remoteTaskId and is polled again; a sync request that was waiting for its
 * answer has nothing to poll, so it is queued again. The time the app was closed is not work: the clock of
 * a task that was running stops at `savedAt` (the last write of tasks.json). The local engine restarted with
 * the app and runs its task again: that is the task's next attempt, and it says so.
 */
export function revive(t: Task, savedAt: number = Date.now()): Task {
  // A backoff wait does not survive a restart (and tasks stored before `retry` existed lack it).
  const running = t.state === 'uploading' || t.state === 'QUEUING' || t.state === 'PROCESSING';
  t = { ...(running ? bank(t, Math.max(savedAt, t.startedAt ?? 0)) : t), retry: null };
  const resumable = (t.state === 'QUEUING' || t.state === 'PROCESSING') && t.mode === 'async' && !!t.remoteTaskId;
  if (resumable && t.backend === 'local') {
    const attempts = t.attempts + 1;
    const reason = {
      code: 'ENGINE_RESTARTED',
      message: 'The app and its local engine were restarted; the engine runs the task again',
    };
    t = { ...recordRetry(t, attempts, 'engineRestarted', reason, Date.now()), attempts };
  }
  if (t.state === 'uploading' || ((t.state === 'QUEUING' || t.state === 'PROCESSING') && !resumable)) {
    return { ...t, state: 'queued', remoteTaskId: null, uploadPercent: null, progress: null };
  }
  return { ...t };
}

export async function loadTasks(dataDir: string, warn: (m: string) => void): Promise<Task[]> {
  let raw: unknown;
  let savedAt = Date.now();
  try {
    raw = await readJsonFile(dataPaths(dataDir).tasks);
    savedAt = (await stat(dataPaths(dataDir).tasks).catch(() => null))?.mtimeMs ?? savedAt;
  } catch (e) {
    warn(`tasks.json unreadable, starting with an empty queue: ${(e as Error).message}`);
    return [];
  }
  if (raw === null) return [];
  const list = (raw as { tasks?: unknown }).tasks;
  if (!Array.isArray(list)) return [];
  const out: Task[] = [];
  for (const t of list) {
    if (plausible(t)) out.push(revive(t, savedAt));
    else warn('a damaged task entry in tasks.json was skipped');
  }
  return out;
}
