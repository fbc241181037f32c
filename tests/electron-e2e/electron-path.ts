// Where the Electron binary is, if anywhere. Never require('electron') here: without its binary
// (ELECTRON_SKIP_BINARY_DOWNLOAD=1) that tries to download it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ElectronLookup {
  binary: string | null;
  /** Why there is none (shown as the skip reason). */
  reason: string;
}

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronLookup {
  const fromEnv = env.E2E_ELECTRON_BINARY;
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { binary: fromEnv, reason: '' }
      : { binary: null, reason: `E2E_ELECTRON_BINARY points to a missing file: ${fromEnv}` };
  }
  let pkgDir: string;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { binary: null, reason: 'the electron package is not installed' };
  }
  const pathTxt = join(pkgDir, 'path.txt');
  if (!existsSync(pathTxt)) {
    return {
      binary: null,
      reason:
        'node_modules/electron has no downloaded binary (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1?); ' +
        'run `npx install-electron` where GitHub is reachable, or set E2E_ELECTRON_BINARY',
    };
  }
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkgDir, 'dist');
  const binary = join(dist, readFileSync(pathTxt, 'utf8').trim());
  return existsSync(binary) ? { binary, reason: '' } : { binary: null, reason: `Electron binary missing at ${binary}` };
}
