// Hands mupdf an empty Emscripten module object before it loads, so the adapter can read structured
// text straight from the WASM heap (stext-walk.ts), and compiles mupdf's WASM once per process: the
// main thread compiles it and passes the compiled module to its worker threads (workerData, see
// wasm-shared.ts), which instantiate it without reading and compiling 10 MB again. Must be imported
// before 'mupdf' anywhere.
import { readFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { keepMupdfWasm } from './wasm-shared.ts';

// The engine's TypeScript lib has no WebAssembly types: the few used here.
type WasmModule = object & { readonly __wasmModule?: never };
type Receive = (instance: object, module: WasmModule) => void;
const WA = (
  globalThis as unknown as {
    WebAssembly: {
      Module: abstract new (...a: never[]) => WasmModule;
      compile(bytes: Uint8Array): Promise<WasmModule>;
      instantiate(mod: WasmModule, imports: object): Promise<object>;
    };
  }
).WebAssembly;
const g = globalThis as { $libmupdf_wasm_Module?: Record<string, unknown> };

/** mupdf's Emscripten module (its `_wasm_*` exports and heap views), once mupdf has loaded. */
export const wasmModule: Record<string, unknown> = (g.$libmupdf_wasm_Module ??= {});

/** The module a parent thread passed, else this thread's own compilation of mupdf's file (null when the
 * file cannot be read here: mupdf then loads it its own way). */
function source(): WasmModule | Uint8Array | null {
  const given = (workerData as { mupdfWasm?: unknown } | null)?.mupdfWasm;
  if (given instanceof WA.Module) return given;
  try {
    return readFileSync(new URL('./mupdf-wasm.wasm', import.meta.resolve('mupdf')));
  } catch {
    return null;
  }
}

if (!wasmModule.instantiateWasm) {
  const src = source();
  // Compiled from here on, while the modules that import mupdf are still loading: mupdf asks for it
  // only when it is evaluated, after the whole module graph has loaded.
  const compiling = src instanceof Uint8Array ? WA.compile(src) : null;
  compiling?.catch(() => {}); // reported where it is awaited
  if (src) {
    wasmModule.instantiateWasm = (imports: object, receive: Receive) => {
      void (async () => {
        const mod = compiling ? await compiling : (src as WasmModule);
        const instance = await WA.instantiate(mod, imports);
        keepMupdfWasm(mod);
        receive(instance, mod);
      })();
      return {}; // asynchronous: Emscripten waits for receive
    };
  }
}
