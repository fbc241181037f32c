// Command line of browser mode: `node electron/web/server.ts [--port N] [--data-dir DIR] [--allow-dir DIR]… [--static-dir DIR] [--no-build]`.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DEFAULT_PORT = 5180;
const APP_FOLDER = 'docparse-desktop-web';

export interface WebArgs {
  /** Explicit port (0 = random); undefined → DEFAULT_PORT with a random fallback. */
  port: number | undefined;
  dataDir: string;
  staticDir: string | undefined;
  /** Folders whose files the page may name directly (open by path, export to a typed path). */
  allowDirs: string[];
  /** Accepted for symmetry with scripts/web.mjs; the server itself never builds. */
  noBuild: boolean;
  help: boolean;
}

export const USAGE = `Usage: node electron/web/server.ts [options]
  --port N         listen on 127.0.0.1:N (0 = random; default ${DEFAULT_PORT}, random if taken)
  --data-dir DIR   app data folder (default: $DOCPARSE_DATA_DIR or a per-user folder)
  --allow-dir DIR  let the page open files from DIR and export into it by typed path (repeatable);
                   otherwise it reads only what is uploaded and exports only as downloads
  --static-dir DIR built renderer to serve (default: out/renderer)
  --no-build       (scripts/web.mjs) skip the renderer build when out/renderer exists
Environment: DOCPARSE_DATA_DIR, DOCPARSE_WEB_TOKEN (fixed access token, at least 16 characters),
  DOCPARSE_WEB_EXIT_ON_STDIN_END=1 (exit when stdin closes: test harnesses).`;

/** Per-user data folder, following each platform's convention (XDG on Linux). */
export function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home = homedir()): string {
  if (env.DOCPARSE_DATA_DIR) return env.DOCPARSE_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_FOLDER);
}

export function parseWebArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): WebArgs {
  const out: WebArgs = {
    port: undefined,
    dataDir: '',
    staticDir: undefined,
    allowDirs: [],
    noBuild: false,
    help: false,
  };
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const v = value();
        const n = Number(v);
        if (!/^\d+$/.test(v) || n > 65535) throw new Error(`--port: not a port number: ${v}`);
        out.port = n;
        break;
      }
      case '--data-dir':
        dataDir = value();
        break;
      case '--static-dir':
        out.staticDir = value();
        break;
      case '--allow-dir':
        out.allowDirs.push(resolve(value()));
        break;
      case '--no-build':
        out.noBuild = true;
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new Error(`Unknown option: ${arg}`);
    }
  }
  out.dataDir = dataDir ?? defaultDataDir(env, process.platform);
  return out;
}
