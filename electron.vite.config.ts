// Three bundles into out/: main (ESM, plus the engine's process and its worker thread as entries of their
// own), the sandboxed preload (CommonJS: a sandboxed preload cannot load ESM), and the renderer.
import { defineConfig } from 'electron-vite';
import type { UserConfig } from 'vite';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rendererConfig from './renderer/vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const r = (p: string): string => resolve(root, p);
// Tests build into a temp folder (DOCPARSE_OUT_DIR) so they never touch out/ of a running checkout.
const out = (p: string): string => resolve(process.env.DOCPARSE_OUT_DIR ?? r('out'), p);
const renderer = rendererConfig as UserConfig;

export default defineConfig({
  main: {
    build: {
      outDir: out('main'),
      // Production dependencies (mupdf, @napi-rs/keyring, busboy, ws, fflate) stay in node_modules.
      externalizeDeps: true,
      target: 'node22',
      sourcemap: true,
      rollupOptions: {
        input: {
          index: r('electron/main/index.ts'),
          // Loaded with new Worker(new URL('./engine-worker.js', import.meta.url)) by the packaged app.
          'engine-worker': r('engine/core/worker.ts'),
          // The engine's own process: utilityProcess.fork(new URL('./engine-process.js', import.meta.url)).
          'engine-process': r('engine/server/child.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: out('preload'),
      // Bundle everything (shared/ included): a sandboxed preload can only require 'electron'.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: r('electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: renderer.root ?? r('renderer'),
    base: './',
    plugins: renderer.plugins,
    resolve: renderer.resolve,
    define: renderer.define,
    build: {
      ...renderer.build,
      outDir: out('renderer'),
      emptyOutDir: true,
      rollupOptions: { ...renderer.build?.rollupOptions, input: { index: r('renderer/index.html') } },
    },
  },
});
