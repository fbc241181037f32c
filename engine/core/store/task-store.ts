// Tasks on disk: <dataDir>/tasks/<task_id>/{task.json, result.json, images/, bundle.zip, input}.
// task.json is rewritten atomically on every status change; the in-memory map mirrors it. On open,
// finished tasks are served again; interrupted ones (QUEUING/PROCESSING) whose input is still in their
// folder go back to QUEUING to run again (takeResumable), the others are marked FAILED; stale uploads
// (requests cut off before they became tasks) and expired tasks are removed.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteStatus } from '../../../shared/somark.ts';
import { isHex32, writeFileAtomic } from '../../../lib/atomic.ts';
import { EngineError, ErrorCodes } from '../../errors.ts';
import { RESULT_FILE } from '../../outputs/result.ts';
import { acquireLock } from './lock.ts';
import { readRecord, type TaskRecord } from './task-record.ts';

const INTERRUPTED_MESSAGE = 'Task interrupted by a restart of the engine; submit the file again';
const UPLOAD_GONE_MESSAGE =
  'Task interrupted by a restart of the engine and its uploaded file is gone; submit the file again';
const SYNC_INTERRUPTED_MESSAGE =
  'Task interrupted by a restart of the engine while a sync request waited for it; submit the file again';
const MAX_RESUMES = 3;
const resumesExhausted = (n: number): string =>
  `Task interrupted by ${n} restarts of the engine while parsing it; submit the file again`;

const isFinished = (s: RemoteStatus): boolean => s === 'SUCCESS' || s === 'FAILED';

export class TaskStore {
  readonly dataDir: string;
  readonly tasksDir: string;
  readonly uploadsDir: string;
  readonly ttlMs: number;
  #tasks = new Map<string, TaskRecord>();
  #byKey = new Map<string, string>();
  #writes = new Map<string, Promise<void>>();
  #unlock: () => Promise<void> = async () => {};
  #resumable: TaskRecord[] = [];

  private constructor(dataDir: string, ttlMs: number) {
    this.dataDir = dataDir;
    this.tasksDir = join(dataDir, 'tasks');
    this.uploadsDir = join(dataDir, 'uploads');
    this.ttlMs = ttlMs;
  }

  /**
   * Loads every task; interrupted ones go back to QUEUING when `resume` and their input is there (else
   * FAILED); then clears stale uploads and drops expired tasks.
   */
  static async open(
    dataDir: string,
    ttlMs: number,
    log: (l: string) => void = () => {},
    resume = false,
  ): Promise<TaskStore> {
    const store = new TaskStore(dataDir, ttlMs);
    await mkdir(dataDir, { recursive: true });
    store.#unlock = await acquireLock(dataDir);
    try {
      await mkdir(store.tasksDir, { recursive: true });
      for (const name of await readdir(store.tasksDir)) {
        const dir = join(store.tasksDir, name);
        const rec = isHex32(name) ? await readRecord(join(dir, 'task.json')) : null;
        if (!rec || rec.task_id !== name) {
          await rm(dir, { recursive: true, force: true });
          continue;
        }
        store.#remember(rec);
        if (!isFinished(rec.status)) await store.#recover(rec, resume, log);
      }
      store.#resumable.sort((a, b) => a.created_at - b.created_at);
      // Task inputs live in their task folders; what is left here are uploads of cut-off requests.
      await rm(store.uploadsDir, { recursive: true, force: true });
      await mkdir(store.uploadsDir, { recursive: true });
      await store.sweep();
    } catch (e) {
      await store.#unlock();
      throw e;
    }
    return store;
  }

  /** The interrupted tasks put back to QUEUING by open(), oldest first (handed out once). */
  takeResumable(): TaskRecord[] {
    return this.#resumable.splice(0);
  }

  /** A finished task's stored answer (outputs/result.ts) as JSON text, its file URLs still on the placeholder. */
  async resultText(id: string): Promise<string> {
    try {
      return await readFile(join(this.taskDir(id), RESULT_FILE), 'utf8');
    } catch {
      throw new EngineError(ErrorCodes.PROCESSING_FAILED, 'The stored result of this task is missing');
    }
  }

  taskDir(id: string): string {
    return join(this.tasksDir, id);
  }

  get(id: string): TaskRecord | undefined {
    return this.#tasks.get(id);
  }

  byFileKey(key: string): TaskRecord | undefined {
    const id = this.#byKey.get(key);
    return id === undefined ? undefined : this.#tasks.get(id);
  }

  list(): TaskRecord[] {
    return [...this.#tasks.values()];
  }

  async create(rec: TaskRecord): Promise<void> {
    await mkdir(this.taskDir(rec.task_id), { recursive: true });
    this.#remember(rec);
    await this.#persist(rec.task_id);
  }

  /** Applies a patch in memory at once and persists it; writes of one task are serialised. */
  async update(id: string, patch: Partial<Omit<TaskRecord, 'task_id' | 'file_key'>>): Promise<TaskRecord> {
    const rec = this.#tasks.get(id);
    if (!rec) throw new Error(`unknown task ${id}`);
    Object.assign(rec, patch);
    await this.#persist(id);
    return rec;
  }

  async remove(id: string): Promise<void> {
    const rec = this.#tasks.get(id);
    if (rec) this.#byKey.delete(rec.file_key);
    this.#tasks.delete(id);
    await (this.#writes.get(id) ?? Promise.resolve());
    await rm(this.taskDir(id), { recursive: true, force: true });
  }

  isExpired(rec: TaskRecord, now = Date.now()): boolean {
    return isFinished(rec.status) && rec.finished_at !== null && now - rec.finished_at >= this.ttlMs;
  }

  /** Deletes finished tasks older than the TTL; returns how many went. */
  async sweep(now = Date.now()): Promise<number> {
    const expired = this.list().filter((r) => this.isExpired(r, now));
    for (const r of expired) await this.remove(r.task_id);
    return expired.length;
  }

  /** Waits for pending writes. */
  async flush(): Promise<void> {
    await Promise.all([...this.#writes.values()]);
  }

  /** Flushes and releases the data dir. */
  async close(): Promise<void> {
    await this.flush();
    await this.#unlock();
  }

  async #recover(rec: TaskRecord, resume: boolean, log: (l: string) => void): Promise<void> {
    const input = join(this.taskDir(rec.task_id), 'input');
    const resumes = rec.resumes ?? 0;
    const reason = !resume
      ? INTERRUPTED_MESSAGE
      : rec.sync
        ? SYNC_INTERRUPTED_MESSAGE
        : !existsSync(input)
          ? UPLOAD_GONE_MESSAGE
          : resumes >= MAX_RESUMES
            ? resumesExhausted(resumes)
            : null;
    if (reason === null) {
      log(`task ${rec.task_id} was ${rec.status} when the engine stopped: queued again`);
      await this.update(rec.task_id, { status: 'QUEUING', started_at: null, resumes: resumes + 1 });
      this.#resumable.push(rec);
      return;
    }
    log(`task ${rec.task_id} was ${rec.status} when the engine stopped: marked FAILED (${reason})`);
    await this.update(rec.task_id, { status: 'FAILED', error: reason, error_code: 1137, finished_at: Date.now() });
    await rm(input, { force: true });
  }

  #remember(rec: TaskRecord): void {
    this.#tasks.set(rec.task_id, rec);
    this.#byKey.set(rec.file_key, rec.task_id);
  }

  #persist(id: string): Promise<void> {
    const prev = this.#writes.get(id) ?? Promise.resolve();
    const next = prev.then(async () => {
      const rec = this.#tasks.get(id);
      if (rec) await writeFileAtomic(join(this.taskDir(id), 'task.json'), JSON.stringify(rec), { overwrite: true });
    });
    const tail = next.catch(() => undefined);
    this.#writes.set(id, tail);
    void tail.then(() => {
      if (this.#writes.get(id) === tail) this.#writes.delete(id);
    });
    return next;
  }
}
