// The queue's types: its face to the services (TaskQueue), what it is built from (QueueDeps), and one run's
// handle on its task (RunHandle), dependencies (RunDeps) and outcome.
import type { Emit } from '../../../shared/ipc-contract.ts';
import type { Task } from '../../../shared/task.ts';
import type { TaskRegistry } from '../context.ts';
import type { Settings } from '../../../shared/task.ts';
import type { Timing } from '../consts.ts';
import type { Logger } from '../log.ts';
import type { Targets } from '../backend/targets.ts';
import type { FinishedParse } from '../results/writer.ts';

export interface TaskQueue extends TaskRegistry {
  /** Loads tasks.json and resumes: polling by remote task id, queued uploads in order. */
  restore(): Promise<void>;
  cancel(id: string): Promise<Task>;
  /** `password`: for a protected PDF on the local engine; kept in memory for this one run only. A task that
   *  waits for its password (needsPassword) is retried with it. */
  retry(id: string, password?: string): Promise<Task>;
  /** Starts waiting tasks if slots are free (after the concurrency setting changed). */
  kick(): void;
  /** The local engine's process went down: its running tasks start over and wait for the restarted one. */
  engineLost(): void;
  /** Stops work without changing the stored state (it resumes on the next start). */
  close(): Promise<void>;
}

export interface QueueDeps extends RunDeps {
  dataDir: string;
  emit: Emit;
  /** Told the password a protected PDF's run starts with, so the review can draw its pages (memory only). */
  sessionPassword?(id: string, password: string): void;
}

export interface RunHandle {
  get(): Task;
  /** `flush`: write tasks.json now (the remote task id must survive a crash). */
  update(patch: Partial<Task>, flush?: boolean): void;
  signal: AbortSignal;
  /** The password the user gave for this run of a protected PDF (memory only; local engine only). */
  password?: string;
}

export interface RunDeps {
  timing: Timing;
  settings: () => Settings;
  targets: Targets;
  saveResult(task: Task, done: FinishedParse, signal: AbortSignal): Promise<number>;
  log: Logger;
}

/** `lost`: the service no longer knows the task (our engine restarted without it). */
export type Outcome = { kind: 'done' } | { kind: 'failed'; reason: string; lost?: boolean };
type RetryEvent = { attempt: number; error: unknown; delayMs: number };
/** Hears about a retry before its backoff sleep; `patch` resets what the failed attempt showed. */
export type OnRetry = (i: RetryEvent, patch?: Partial<Task>) => void;
