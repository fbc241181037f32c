// Page-progress samples per task, kept so the queue can estimate an ETA from the observed rate.
// Fed by the tasks store on every update; pure maths in etaMs() is unit-tested.
import type { Task } from '../../../shared/task.ts';

export interface ProgressSample {
  /** First sample seen while PROCESSING (time, pages done). */
  t0: number;
  d0: number;
  /** Latest sample in which pages_done changed. */
  t: number;
  d: number;
  total: number;
}

const samples = new Map<string, ProgressSample>();

export function recordProgress(task: Task, now: number = Date.now()): void {
  const p = task.progress;
  if (task.state !== 'PROCESSING' || !p || p.pages_total <= 0) {
    if (task.state !== 'PROCESSING') samples.delete(task.id);
    return;
  }
  const prev = samples.get(task.id);
  if (!prev || p.pages_done < prev.d) {
    samples.set(task.id, { t0: now, d0: p.pages_done, t: now, d: p.pages_done, total: p.pages_total });
  } else if (p.pages_done !== prev.d || p.pages_total !== prev.total) {
    samples.set(task.id, { ...prev, t: now, d: p.pages_done, total: p.pages_total });
  }
}

export function forgetProgress(id: string): void {
  samples.delete(id);
}

export function progressSample(id: string): ProgressSample | undefined {
  return samples.get(id);
}

/**
 * Milliseconds left, from the rate between the first and the latest sample; null until at least
 * one page finished after we started watching. Within a page the estimate counts down; once a page
 * takes longer than the average so far, the slower rate is used (a stall makes the ETA grow).
 */
export function etaMs(sample: ProgressSample | undefined, now: number = Date.now()): number | null {
  if (!sample) return null;
  const pages = sample.d - sample.d0;
  if (pages <= 0) return null;
  const remaining = Math.max(0, sample.total - sample.d);
  if (remaining === 0) return 0;
  const perPage = (sample.t - sample.t0) / pages;
  const sinceLast = Math.max(0, now - sample.t);
  const estimate =
    sinceLast <= perPage ? remaining * perPage - sinceLast : (remaining - 1) * ((now - sample.t0) / (pages + 1));
  // Never claim "done" while pages remain.
  return Math.max(1000, Math.round(estimate));
}
