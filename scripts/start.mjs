#!/usr/bin/env node
// `npm start`: build with electron-vite and run the Electron app. Where Electron's binary is not
// installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1, offline machines) it says so and runs browser mode instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** E2E_ELECTRON_BINARY, else the binary the electron package downloaded (dist/ + path.txt). */
function electronBinary() {
  const fromEnv = process.env.E2E_ELECTRON_BINARY;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  try {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathTxt = join(pkgDir, 'path.txt');
    if (!existsSync(pathTxt)) return null;
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkgDir, 'dist');
    const bin = join(dist, readFileSync(pathTxt, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root });
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    process.on('SIGINT', () => undefined);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(argv) {
  const bin = electronBinary();
  if (!bin) {
    console.error(
      "Electron's binary is not installed (it is downloaded on first use, or skipped with ELECTRON_SKIP_BINARY_DOWNLOAD=1).\n" +
        'Install it with `npx install-electron` on a machine with internet access, or set E2E_ELECTRON_BINARY.\n' +
        'Starting browser mode instead (npm run web)…\n',
    );
    return run(process.execPath, [join(root, 'scripts', 'web.mjs'), ...argv]);
  }
  console.error('Building with electron-vite…');
  const { build } = await import('electron-vite');
  await build({ root, configFile: join(root, 'electron.vite.config.ts'), logLevel: 'warn' });
  return run(bin, [root, ...argv]);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
