#!/usr/bin/env node
// `npm run web [-- --port N --data-dir DIR --no-build]`: builds the renderer (vite, renderer/vite.config.ts)
// into out/renderer, then runs the browser-mode server (electron/web/server.ts) in a child process.
// `--build-only` builds and exits (scripts/test.mjs uses it).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rendererIndex = join(root, 'out', 'renderer', 'index.html');

export async function buildRenderer() {
  const { build } = await import('vite');
  await build({ configFile: join(root, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
  if (!existsSync(rendererIndex)) throw new Error(`The renderer build did not produce ${rendererIndex}`);
}

async function main(argv) {
  const buildOnly = argv.includes('--build-only');
  const noBuild = argv.includes('--no-build');
  if (buildOnly || !noBuild || !existsSync(rendererIndex)) {
    if (noBuild) console.error('--no-build: no renderer build in out/renderer yet, building it once.');
    console.error('Building the renderer…');
    await buildRenderer();
  }
  if (buildOnly) return 0;

  const serverArgs = argv.filter((a) => a !== '--build-only');
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(root, 'electron', 'web', 'server.ts'), ...serverArgs],
    { stdio: 'inherit', cwd: root },
  );
  // Ctrl+C reaches the child through the terminal's process group; a SIGTERM sent to us alone is forwarded.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
