// Hands mupdf an empty Emscripten module object before it loads, so the adapter can read structured
// text straight from the WASM heap (stext-walk.ts), and compiles mupdf's WASM once per process: the
// main thread compiles it and passes the compiled module to its worker threads (workerData), which
// instantiate it without reading and compiling 10 MB again (a worker started before the compile is done
// gets it through a port once it is). Must be imported before 'mupdf' anywhere.
import { readFileSync } from 'node:fs';
import { MessageChannel, MessagePort, workerData, type TransferListItem } from 'node:worker_threads';

// The engine's TypeScript lib has no WebAssembly types: the few used here.
type WasmModule = object & { readonly __wasmModule?: never };
type Receive = (instance: object, module: WasmModule) => void;
const WA = (globalThis as unknown as { WebAssembly: {
  Module: abstract new (...a: never[]) => WasmModule;
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(mod: WasmModule, imports: object): Promise<object>;
} }).WebAssembly;
const g = globalThis as { $libmupdf_wasm_Module?: Record<string, unknown> };

/** mupdf's Emscripten module (its `_wasm_*` exports and heap views), once mupdf has loaded. */
export const wasmModule: Record<string, unknown> = (g.$libmupdf_wasm_Module ??= {});

const readWasm = (): Uint8Array | null => {
  try {
    return readFileSync(new URL('./mupdf-wasm.wasm', import.meta.resolve('mupdf')));
  } catch {
    return null; // mupdf then loads it its own way
  }
};

/** The module a parent thread passed (or will pass, through a port), else this thread's own compile. */
function source(): Promise<WasmModule | null> | null {
  const given = (workerData as { mupdfWasm?: unknown } | null)?.mupdfWasm;
  if (given instanceof WA.Module) return Promise.resolve(given);
  if (given instanceof MessagePort) {
    return new Promise<unknown>((resolve) => given.once('message', resolve)).then((m) => {
      given.close();
      return m instanceof WA.Module ? m : compileOwn(); // null: the parent could not compile it
    });
  }
  return compileOwn();
}
const compileOwn = (): Promise<WasmModule | null> | null => {
  const bytes = readWasm();
  return bytes && WA.compile(bytes);
};

// Compiled from here on, while the modules that import mupdf are still loading: mupdf asks for it only
// when it is evaluated, after the whole module graph has loaded.
const compiling = wasmModule.instantiateWasm ? null : source();
compiling?.catch(() => {}); // reported where it is awaited
if (compiling) {
  wasmModule.instantiateWasm = (imports: object, receive: Receive) => {
    void (async () => {
      const mod = await compiling;
      if (!mod) throw new Error("mupdf's WASM could not be read");
      receive(await WA.instantiate(mod, imports), mod);
    })();
    return {}; // asynchronous: Emscripten waits for receive
  };
}

/** workerData (and what it transfers) for a worker thread: mupdf's compiled WASM, sent as soon as this
 * thread has compiled it, so the worker loads its modules meanwhile instead of waiting to be started. */
export function wasmForWorker(): { workerData: { mupdfWasm: MessagePort }; transferList: TransferListItem[] } {
  const { port1, port2 } = new MessageChannel();
  void (async () => {
    port1.postMessage(await (compiling ?? Promise.resolve(null)).catch(() => null));
    port1.close();
  })();
  return { workerData: { mupdfWasm: port2 }, transferList: [port2] };
}
