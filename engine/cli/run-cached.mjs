// `node engine/cli/run-cached.mjs <script.ts> [args]`: turns on Node's compile cache (compile-cache.mjs),
// then runs the script. Plain JavaScript on purpose: an entry in TypeScript is stripped (and the stripper
// loaded, ~60 ms) before any of its code can turn the cache on; through here every module comes from it.
import './compile-cache.mjs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const script = process.argv[2];
if (!script) {
  process.stderr.write('usage: node engine/cli/run-cached.mjs <script.ts> [args]\n');
  process.exit(2);
}
process.argv.splice(1, 1); // the script sees its own path and arguments, as if run directly
await import(pathToFileURL(resolve(script)).href);
