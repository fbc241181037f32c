// The local engine as a child process of the app: started by the app's supervisor (a Node child in browser
// mode, Electron's utilityProcess in the desktop app), it waits for one 'start' message carrying its options
// and key (never on the command line), answers 'listening' with its URL, sends its log lines over the same
// channel, and stops on 'stop', SIGTERM, or when its parent is gone (IPC disconnect, or a new parent pid).
import { startEngineServer, type EngineServer } from './index.ts';

/** Parent → child. `port`: the previous run's, so polling URLs stay valid (0 = any free port). */
export type ToEngine =
  | {
      type: 'start';
      port: number;
      dataDir: string;
      apiKeys: string[];
      maxPages: number;
      workerUrl?: string;
      soffice?: string;
      longPollMs?: number;
      preloadOcr?: boolean;
    }
  | { type: 'soffice'; path?: string }
  | { type: 'longPoll'; ms: number }
  | { type: 'stop' };

/** Child → parent. */
export type FromEngine =
  | { type: 'listening'; url: string; port: number; pid: number; startMs: number }
  | { type: 'log'; line: string }
  | { type: 'failed'; message: string };

interface ParentPort {
  on(event: 'message', cb: (e: { data: unknown }) => void): void;
  postMessage(m: unknown): void;
}

// Electron's utility process talks through process.parentPort; a Node child through process.send.
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
const send = (m: FromEngine): void => {
  if (parentPort) parentPort.postMessage(m);
  else if (process.connected) process.send?.(m);
};
const onMessage = (cb: (m: ToEngine) => void): void => {
  if (parentPort) parentPort.on('message', (e) => cb(e.data as ToEngine));
  else process.on('message', (m) => cb(m as ToEngine));
};

const born = performance.now();
let server: EngineServer | null = null;
let soffice: string | undefined; // undefined: search PATH and the install folders
let longPollMs: number | undefined; // undefined: the engine's default hold
let stopping = false;

function stop(why: string): void {
  if (stopping) return;
  stopping = true;
  send({ type: 'log', line: `stopping (${why}); running and queued tasks run again at the next start` });
  const done = (code: number) => () => process.exit(code);
  // A stuck shutdown must not leave the process behind: leave after 10 s whatever happens.
  setTimeout(done(1), 10_000).unref();
  (server ? server.close() : Promise.resolve()).then(done(0), done(1));
}

async function start(m: Extract<ToEngine, { type: 'start' }>): Promise<void> {
  soffice = m.soffice;
  longPollMs = m.longPollMs;
  const opts = {
    dataDir: m.dataDir,
    apiKeys: m.apiKeys,
    maxPages: m.maxPages,
    preloadOcr: m.preloadOcr === true,
    ...(m.workerUrl ? { workerUrl: new URL(m.workerUrl) } : {}),
    soffice: () => soffice,
    ...(m.longPollMs !== undefined ? { longPollMs: () => longPollMs ?? m.longPollMs! } : {}),
    log: (line: string) => send({ type: 'log', line }),
  };
  try {
    server = await startEngineServer({ ...opts, port: m.port });
  } catch (e) {
    // The previous port was taken meanwhile: any free port will do (the app follows the new URL).
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || m.port === 0) throw e;
    send({ type: 'log', line: `port ${m.port} is taken; listening on another one` });
    server = await startEngineServer({ ...opts, port: 0 });
  }
  if (stopping) return void server.close();
  send({
    type: 'listening',
    url: server.url,
    port: server.port,
    pid: process.pid,
    startMs: Math.round(performance.now() - born),
  });
}

onMessage((m) => {
  if (m?.type === 'start' && !server) {
    start(m).catch((e: unknown) => {
      send({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
      process.exitCode = 1;
      setTimeout(() => process.exit(1), 100).unref(); // let the message leave first
    });
  } else if (m?.type === 'soffice') soffice = m.path;
  else if (m?.type === 'longPoll') longPollMs = m.ms;
  else if (m?.type === 'stop') stop('asked by the app');
});
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('disconnect', () => stop('the app is gone'));
// A parent that dies without closing the channel (SIGKILL of a utility process's parent) leaves us
// re-parented: notice it and leave, so no engine outlives the app.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) stop('the app is gone');
}, 2000).unref();
