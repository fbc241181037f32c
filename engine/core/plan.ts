// How one parse is planned: whether a document fits the page limit (the one TOO_MANY_PAGES error), how many
// threads share it, and the page ranges they take. The orchestrator (orchestrator.ts) asks these for the
// engine's pool and for the parse CLI's own thread alike.
import { cpus } from 'node:os';
import { EngineError, ErrorCodes } from '../errors.ts';

/** Below this many pages a PDF is parsed by one thread. */
const SPLIT_MIN_PAGES = 24;
/** No range gets fewer pages than this. */
const MIN_RANGE_PAGES = 12;

/** Refuses a document of more than `maxPages` pages (1132); `hint` ends the sentence (how to raise the limit). */
export function checkPageLimit(pageCount: number, maxPages: number | undefined, hint = ''): void {
  if (maxPages === undefined || pageCount <= maxPages) return;
  throw new EngineError(
    ErrorCodes.TOO_MANY_PAGES,
    `The document has ${pageCount} pages; the limit is ${maxPages}. Split it and submit the parts${hint}`,
  );
}

/** Contiguous [start, end) ranges, at most one per thread. */
export function planRanges(pages: number, threads: number): [number, number][] {
  const n = pages < SPLIT_MIN_PAGES ? 1 : Math.max(1, Math.min(threads, Math.floor(pages / MIN_RANGE_PAGES)));
  return Array.from({ length: n }, (_, i) => [Math.floor((i * pages) / n), Math.floor(((i + 1) * pages) / n)]);
}

/**
 * Threads to split one large PDF across in the parse CLI: `--workers N` as given; by default this thread
 * plus one per core left idle by the rest of the machine while this run started (`idleCores`, measured
 * while this thread was busy loading), at most `cores`. A worker on a busy core gains no wall time (IRS
 * manual on a loaded 2-core machine: 6.7–9.6 s either way) and costs its own V8 heap and mupdf (+46 MB
 * peak RSS, +0.5 CPU-s); `idleCores` is null when too little time passed to tell (then one per core).
 */
export function splitThreads(requested: number | undefined, cores: number, idleCores: number | null): number {
  if (requested !== undefined) return Math.max(1, requested);
  if (idleCores === null) return Math.max(1, cores);
  return Math.max(1, Math.min(cores, 1 + Math.round(idleCores)));
}

/** Idle and total CPU time of all cores since boot (ms), to tell how many cores are free now. */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times: t } of cpus()) {
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/** Starts measuring: the answer tells the cores idle since this call (null: too little time to tell). */
export function idleCoresSince(): () => number | null {
  const start = cpuTimes();
  return () => {
    const now = cpuTimes();
    const total = now.total - start.total;
    return total < 100 ? null : ((now.idle - start.idle) / total) * cpus().length;
  };
}
