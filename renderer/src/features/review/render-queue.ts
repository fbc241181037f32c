// A tiny priority queue for expensive async jobs (PDF page renders): lower priority numbers run
// first, at most `concurrency` at once, and a queued job that is cancelled never starts.

export interface QueuedJob<T> {
  /** The job's result, or null when it was cancelled (or threw). */
  done: Promise<T | null>;
  cancel(): void;
}

interface Entry {
  priority: number;
  order: number;
  cancelled: boolean;
  run: (isCancelled: () => boolean) => Promise<unknown>;
  resolve: (value: unknown) => void;
}

export class RenderQueue {
  readonly concurrency: number;
  private waiting: Entry[] = [];
  private running = 0;
  private counter = 0;

  constructor(concurrency: number) {
    this.concurrency = concurrency;
  }

  add<T>(priority: number, run: (isCancelled: () => boolean) => Promise<T | null>): QueuedJob<T> {
    let resolve!: (value: T | null) => void;
    const done = new Promise<T | null>((r) => {
      resolve = r;
    });
    const entry: Entry = {
      priority,
      order: this.counter++,
      cancelled: false,
      run,
      resolve: resolve as (v: unknown) => void,
    };
    this.waiting.push(entry);
    this.pump();
    return {
      done,
      cancel: () => {
        if (entry.cancelled) return;
        entry.cancelled = true;
        const at = this.waiting.indexOf(entry);
        if (at !== -1) {
          this.waiting.splice(at, 1);
          resolve(null);
        }
      },
    };
  }

  /** Jobs not started yet. */
  get pending(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  clear(): void {
    for (const e of this.waiting) {
      e.cancelled = true;
      e.resolve(null);
    }
    this.waiting = [];
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      let best = 0;
      for (let k = 1; k < this.waiting.length; k++) {
        const a = this.waiting[k]!;
        const b = this.waiting[best]!;
        if (a.priority < b.priority || (a.priority === b.priority && a.order < b.order)) best = k;
      }
      const entry = this.waiting.splice(best, 1)[0]!;
      this.running++;
      entry
        .run(() => entry.cancelled)
        .catch(() => null)
        .then((value) => {
          this.running--;
          entry.resolve(entry.cancelled ? null : (value ?? null));
          this.pump();
        });
    }
  }
}
