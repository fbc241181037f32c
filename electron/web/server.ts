// Browser mode entry: the main-process services under plain Node behind a loopback web server.
// Run: node electron/web/server.ts [--port N] [--data-dir DIR]   (scripts/web.mjs builds the renderer first)
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppServices } from '../services/app.ts';
import type { AppServices } from '../services/app-types.ts';
import { DEFAULT_PORT, parseWebArgs, USAGE } from './args.ts';
import { startWebServer, type WebServer } from './http-server.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

function fixedToken(): string | undefined {
  const t = process.env.DOCPARSE_WEB_TOKEN;
  if (t === undefined || t === '') return undefined;
  if (!/^[\w-]{16,}$/.test(t)) throw new Error('DOCPARSE_WEB_TOKEN must be at least 16 characters of [A-Za-z0-9_-]');
  return t;
}

export async function main(argv: readonly string[]): Promise<void> {
  const args = parseWebArgs(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const staticDir = resolve(args.staticDir ?? resolve(repoRoot, 'out/renderer'));
  if (!existsSync(resolve(staticDir, 'index.html'))) {
    throw new Error(
      `No renderer build in ${staticDir}: run \`npm run web\` (it builds first) or \`npm run build:renderer\``,
    );
  }
  const dataDir = resolve(args.dataDir);
  await mkdir(dataDir, { recursive: true });
  let services: AppServices | null = null;
  const log = (line: string): void => console.error(line);

  const server: WebServer = await startWebServer({
    staticDir,
    port: args.port,
    preferredPort: DEFAULT_PORT,
    token: fixedToken(),
    log,
    async createServices({ assetUrlBase }) {
      const svc: AppServices = await createAppServices({
        dataDir,
        transport: 'web',
        version: appVersion(),
        locale: Intl.DateTimeFormat().resolvedOptions().locale,
        platform: process.platform,
        assetUrlBase,
        allowedPaths: { read: args.allowDirs, write: args.allowDirs },
      });
      services = svc;
      return svc;
    },
  });

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.error(`${signal}: shutting down…`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    void (async () => {
      await server.close().catch(() => undefined);
      await services?.close().catch((e: unknown) => console.error('Closing services failed:', e));
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Test harnesses hold our stdin open; when they die without stopping us, the pipe closes.
  if (process.env.DOCPARSE_WEB_EXIT_ON_STDIN_END === '1') {
    process.stdin.on('end', () => shutdown('stdin closed'));
    process.stdin.resume();
  }

  console.log(`DocParse Desktop (browser mode), data in ${dataDir}`);
  // Tests wait for this exact line shape: "Open: http://127.0.0.1:PORT/?token=…".
  console.log(`Open: ${server.url}`);
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
