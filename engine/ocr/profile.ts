// Stage timing of the OCR path (CPU and wall seconds per stage, for bench/ocr.ts --profile): a
// process-wide tally that costs two clock reads per stage.

export interface StageTime {
  calls: number;
  cpu: number;
  wall: number;
}

const tally = new Map<string, StageTime>();

function add(name: string, c0: NodeJS.CpuUsage, t0: number): void {
  const c = process.cpuUsage(c0);
  const s = tally.get(name) ?? { calls: 0, cpu: 0, wall: 0 };
  s.calls++;
  s.cpu += (c.user + c.system) / 1e6;
  s.wall += (performance.now() - t0) / 1000;
  tally.set(name, s);
}

/** Runs `fn` and adds its time to stage `name` (stages must not nest if their sums are to add up). */
export async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const c0 = process.cpuUsage(),
    t0 = performance.now();
  try {
    return await fn();
  } finally {
    add(name, c0, t0);
  }
}

/** The synchronous form of `timed`. */
export function timedSync<T>(name: string, fn: () => T): T {
  const c0 = process.cpuUsage(),
    t0 = performance.now();
  try {
    return fn();
  } finally {
    add(name, c0, t0);
  }
}

/** The stage times so far, and a reset. */
export function ocrStageTimes(): Map<string, StageTime> {
  return new Map(tally);
}
export function resetOcrStageTimes(): void {
  tally.clear();
}
