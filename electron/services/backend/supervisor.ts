// Keeps the engine process running: starts it on demand, restarts it when it exits unexpectedly (on the
// same port when it can, after a backoff that grows with each recent crash), gives up with a clear error
// after too many crashes in a short time, and stops it on close (asked first, killed if it lingers).
import type { EngineProcess, FromEngine, SpawnEngineProcess, ToEngine } from './engine-process.ts';

export interface SupervisorPolicy {
  /** Wait before the first restart; doubles with each crash in the window, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Crashes within windowMs after which the supervisor gives up (until something asks again). */
  maxCrashes: number;
  windowMs: number;
  /** How long a process may take to say it listens, and to stop when asked. */
  startTimeoutMs: number;
  stopTimeoutMs: number;
}

const DEFAULT_POLICY: SupervisorPolicy = {
  backoffMs: 500,
  maxBackoffMs: 10_000,
  maxCrashes: 5,
  windowMs: 5 * 60_000,
  startTimeoutMs: 120_000,
  stopTimeoutMs: 10_000,
};

export type EngineEvent =
  | { kind: 'crashed'; pid: number | undefined; code: number | null; signal: string | null }
  | { kind: 'restarted'; url: string; pid: number | undefined; crashes: number }
  | { kind: 'gave-up'; message: string };

interface Running {
  url: string;
  port: number;
}

export interface Supervisor {
  /** The running engine; waits for a start or restart in progress; rejects once it gave up. */
  ensure(): Promise<Running>;
  current(): Running | null;
  pid(): number | null;
  send(m: ToEngine): void;
  close(): Promise<void>;
}

const describeExit = (code: number | null, signal: string | null): string =>
  signal ? `signal ${signal}` : `exit code ${code}`;

export function createSupervisor(o: {
  spawn: SpawnEngineProcess;
  /** The 'start' message for a process listening on `port` (0 = any). */
  startMessage: (port: number) => ToEngine;
  log: { info(m: string): void; warn(m: string): void; error(m: string): void };
  onEvent: (e: EngineEvent) => void;
  policy?: Partial<SupervisorPolicy>;
}): Supervisor {
  const p: SupervisorPolicy = { ...DEFAULT_POLICY, ...o.policy };
  let proc: EngineProcess | null = null;
  let running: Running | null = null;
  let pending: Promise<Running> | null = null;
  let crashes: number[] = [];
  let closed = false;
  let lastPort = 0;

  /** One process until it listens; rejects if it fails, exits or stays silent first. */
  function launch(port: number): Promise<Running> {
    const t0 = performance.now();
    const child = o.spawn();
    proc = child;
    child.onOutput((line) => o.log.warn(`engine[${child.pid}]: ${line}`));
    return new Promise<Running>((resolve, reject) => {
      let up = false;
      const timer = setTimeout(() => {
        reject(new Error(`it did not start within ${p.startTimeoutMs / 1000} s`));
        child.kill();
      }, p.startTimeoutMs);
      child.onMessage((m: FromEngine) => {
        if (m.type === 'log') o.log.info(`engine: ${m.line}`);
        else if (m.type === 'failed') reject(new Error(m.message));
        else if (m.type === 'listening' && !up) {
          up = true;
          clearTimeout(timer);
          o.log.info(
            `engine process ${m.pid} listening at ${m.url} (started in ${Math.round(performance.now() - t0)} ms, ${m.startMs} ms inside)`,
          );
          resolve({ url: m.url, port: m.port });
        }
      });
      child.onExit((code, signal) => {
        clearTimeout(timer);
        if (proc === child) proc = null;
        if (!up) return reject(new Error(`it stopped before listening (${describeExit(code, signal)})`));
        if (closed) return;
        running = null;
        o.log.error(`engine process ${child.pid} stopped unexpectedly (${describeExit(code, signal)}); restarting it`);
        crashes.push(Date.now());
        const next = restart();
        pending = next;
        // Callers of ensure() hear the outcome; once it is known, a later ensure() starts afresh.
        const settle = (): void => void (pending === next && (pending = null));
        next.then(settle, settle);
        o.onEvent({ kind: 'crashed', pid: child.pid, code, signal });
      });
      child.send(o.startMessage(port));
    }).then((r) => {
      if (closed) throw new Error('the app is shutting down');
      running = r;
      lastPort = r.port; // a restart listens here again, so polling URLs stay valid
      return r;
    });
  }

  async function restart(): Promise<Running> {
    for (;;) {
      const now = Date.now();
      crashes = crashes.filter((t) => now - t < p.windowMs);
      if (crashes.length >= p.maxCrashes) {
        const message = `it stopped ${crashes.length} times in ${Math.round(p.windowMs / 60_000)} min, so it was not started again (a document may be crashing it: retry your tasks one at a time, or see the log)`;
        o.log.error(message);
        crashes = [];
        o.onEvent({ kind: 'gave-up', message });
        throw new Error(message);
      }
      await new Promise((r) => setTimeout(r, Math.min(p.maxBackoffMs, p.backoffMs * 2 ** (crashes.length - 1))));
      if (closed) throw new Error('the app is shutting down');
      try {
        const r = await launch(lastPort);
        o.onEvent({ kind: 'restarted', url: r.url, pid: proc?.pid, crashes: crashes.length });
        return r;
      } catch (e) {
        o.log.error(`engine restart failed: ${(e as Error).message}`);
        crashes.push(Date.now());
      }
    }
  }

  return {
    ensure() {
      if (closed) return Promise.reject(new Error('the app is shutting down'));
      if (running) return Promise.resolve(running);
      if (!pending) {
        pending = launch(lastPort).then(
          (r) => {
            pending = null;
            return r;
          },
          (e: unknown) => {
            pending = null; // a later task may try again
            o.log.error(`local engine failed to start: ${(e as Error).message}`);
            throw e;
          },
        );
      }
      return pending;
    },
    current: () => running,
    pid: () => (running ? (proc?.pid ?? null) : null),
    send: (m) => proc?.send(m),
    async close() {
      closed = true;
      running = null;
      const child = proc;
      if (!child) return;
      const gone = new Promise<void>((r) => child.onExit(() => r()));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => {
        o.log.warn(`engine process ${child.pid} did not stop within ${p.stopTimeoutMs / 1000} s: killing it`);
        child.kill();
      }, p.stopTimeoutMs);
      await gone;
      clearTimeout(timer);
      o.log.info('local engine stopped');
    },
  };
}
