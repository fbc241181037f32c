// The one place the engine's entry points turn on Node's on-disk compile cache, so the engine's TypeScript is
// stripped and compiled once, not at every run (it was half of a small parse's time). Plain JavaScript on
// purpose: run-cached.mjs imports it before any TypeScript is loaded (stripping an entry in TypeScript loads
// the stripper, ~60 ms, before its code could turn the cache on); parse.ts and server.ts import it first too,
// for runs that start them directly. The cache is in the OS temp dir (Node's default); worker threads inherit
// it through NODE_COMPILE_CACHE.
import module from 'node:module';

const r = module.enableCompileCache?.();
if (r?.directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = r.directory;
