// Hands mupdf an empty Emscripten module object before it loads, so the adapter can read structured
// text straight from the WASM heap (stext-walk.ts). Must be imported before 'mupdf' anywhere.
const g = globalThis as { $libmupdf_wasm_Module?: Record<string, unknown> };

/** mupdf's Emscripten module (its `_wasm_*` exports and heap views), once mupdf has loaded. */
export const wasmModule: Record<string, unknown> = (g.$libmupdf_wasm_Module ??= {});
