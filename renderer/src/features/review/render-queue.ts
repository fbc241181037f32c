// A tiny priority queue for expensive async jobs (PDF page renders): lower priority numbers run
// first, at most `concurrency` at once, and a queued job that is cancelled never starts.

export interface QueuedJob {
  done: Promise<boolean>;
  cancel(): void;
}

interface Entry {
  priority: number;
  order: number;
  cancelled: boolean;
  run: (isCancelled: () => boolean) => Promise<boolean>;
  resolve: (ok: boolean) => void;
}

export class RenderQueue {
  readonly concurrency: number;
  private waiting: Entry[] = [];
  private running = 0;
  private counter = 0;

  constructor(concurrency: number) {
    this.concurrency = concurrency;
  }

  add(priority: number, run: Entry['run']): QueuedJob {
    let resolve!: (ok: boolean) => void;
    const done = new Promise<boolean>((r) => {
      resolve = r;
    });
    const entry: Entry = { priority, order: this.counter++, cancelled: false, run, resolve };
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
          resolve(false);
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
      e.resolve(false);
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
        .catch(() => false)
        .then((ok) => {
          this.running--;
          entry.resolve(ok && !entry.cancelled);
          this.pump();
        });
    }
  }
}
