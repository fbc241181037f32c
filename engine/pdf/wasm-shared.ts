// Keeps the one compiled copy of mupdf's WASM this thread has, so the thread can hand it to every worker
// thread it starts (as `{ mupdfWasm }` in workerData): the workers then share its machine code instead of
// each reading, compiling and, when they stop, freeing 10 MB of it. Loads and compiles nothing itself, so
// the server can ask before (or without) ever loading mupdf; wasm-handle.ts fills it when mupdf loads.

let compiled: object | null = null;

/** Called by wasm-handle.ts once mupdf's module is instantiated in this thread. */
export function keepMupdfWasm(mod: object): void {
  compiled = mod;
}

/** What a pool gives each worker it starts, evaluated at the worker's start: mupdf's compiled WASM if
 * this thread has loaded mupdf by then, else null (the worker then compiles its own). */
export const mupdfWorkerData = (): { mupdfWasm: object | null } => ({ mupdfWasm: compiled });
