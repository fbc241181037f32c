// Runs browser mode (electron/web/server.ts: real services, real local engine) as a child process for
// e2e tests: fresh data folder, random port, fixed token so a restart keeps the page's cookie valid.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const SERVER = join(REPO_ROOT, 'electron', 'web', 'server.ts');
const URL_LINE = /Open: (http:\/\/127\.0\.0\.1:(\d+))\/\?token=([\w-]+)/;

export interface WebAppOptions {
  /** Reuse a data folder (default: a fresh temp folder, removed after the test). */
  dataDir?: string;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /** How long to wait for the server to print its URL. */
  startTimeoutMs?: number;
}

export interface WebApp {
  /** http://127.0.0.1:PORT/?token=… — what a user opens. */
  readonly url: string;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  readonly dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  logs(): string;
  /** Quit (SIGTERM, graceful) and start again on the same port, token and data folder. */
  restart(): Promise<void>;
  /** Quit gracefully (SIGTERM), or crash it (SIGKILL). Safe to call twice. */
  stop(opts?: { signal?: 'SIGTERM' | 'SIGKILL' }): Promise<void>;
  /** Start again after stop() (same port, token, data folder). */
  start(): Promise<void>;
  /** Stop and delete the data folder if the harness created it. */
  dispose(): Promise<void>;
}

export async function startWebApp(opts: WebAppOptions = {}): Promise<WebApp> {
  if (!existsSync(join(REPO_ROOT, 'out', 'renderer', 'index.html'))) {
    throw new Error(
      'No renderer build in out/renderer: run `npm run build:renderer` (npm test does) before the e2e suite',
    );
  }
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'docparse-e2e-')));
  const token = randomBytes(24).toString('base64url');
  let port = 0;
  let child: ChildProcess | null = null;
  let output = '';

  const launch = (): Promise<void> =>
    new Promise((resolveStart, rejectStart) => {
      const proc = spawn(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          SERVER,
          '--port',
          String(port),
          '--data-dir',
          dataDir,
          '--no-build',
          // Tests export into temp folders by typed path (browser mode has no native dialogs).
          '--allow-dir',
          tmpdir(),
        ],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, ...opts.env, DOCPARSE_WEB_TOKEN: token, DOCPARSE_WEB_EXIT_ON_STDIN_END: '1' },
          // The server exits when this pipe closes, so a crashed test run leaves no server behind.
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      child = proc;
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        proc.kill('SIGKILL');
        rejectStart(
          new Error(`browser mode did not print its URL within ${opts.startTimeoutMs ?? 60_000} ms:\n${output}`),
        );
      }, opts.startTimeoutMs ?? 60_000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        const m = URL_LINE.exec(output.slice(-4096));
        if (m && !settled) {
          settled = true;
          clearTimeout(timer);
          port = Number(m[2]);
          resolveStart();
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', (c: Buffer) => {
        output += c.toString();
      });
      proc.once('exit', (code, signal) => {
        output += `\n[server exited: code ${code} signal ${signal}]\n`;
        if (child === proc) child = null;
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          rejectStart(new Error(`browser mode exited before it was ready:\n${output}`));
        }
      });
    });

  const stop = async ({ signal = 'SIGTERM' }: { signal?: 'SIGTERM' | 'SIGKILL' } = {}): Promise<void> => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  await launch();
  const app: WebApp = {
    get url() {
      return `http://127.0.0.1:${port}/?token=${token}`;
    },
    get origin() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    token,
    dataDir,
    logs: () => output,
    stop,
    start: async () => {
      if (child) return;
      await launch();
    },
    restart: async () => {
      await stop();
      await launch();
    },
    dispose: async () => {
      await stop();
      if (ownDir) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    },
  };
  return app;
}
