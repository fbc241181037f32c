// How the app launches its engine process: the seam the shells fill (Electron: utilityProcess in
// electron/main/engine-process.ts; browser mode and tests: a Node child, forkEngineProcess below).
// The key goes in the 'start' message over IPC, never on the command line or in the environment.
import { fork } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FromEngine, ToEngine } from '../../../engine/server/child.ts';

export type { FromEngine, ToEngine };

/** One launched engine process, as the supervisor sees it. */
export interface EngineProcess {
  readonly pid: number | undefined;
  send(m: ToEngine): void;
  onMessage(cb: (m: FromEngine) => void): void;
  /** Its stdout and stderr, line by line (native faults print there). */
  onOutput(cb: (line: string) => void): void;
  /** Once, however it ends: `code` null when a signal (or a crash) ended it. */
  onExit(cb: (code: number | null, signal: string | null) => void): void;
  /** Ends it at once (SIGKILL): for a process that did not stop when asked. */
  kill(): void;
}

export type SpawnEngineProcess = () => EngineProcess;

/** Feeds each line of `stream` to `cb` (no-op without a stream). */
export function eachLine(stream: NodeJS.ReadableStream | null | undefined, cb: (line: string) => void): void {
  if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (l) => l.trim() && cb(l));
}

const repo = (rel: string): string => fileURLToPath(new URL(`../../../${rel}`, import.meta.url));

/** A Node child running engine/server/child.ts with the flags `npm run engine` uses (compile cache on). */
export const forkEngineProcess: SpawnEngineProcess = () => {
  const child = fork(repo('engine/cli/run-cached.mjs'), [repo('engine/server/child.ts')], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let exited = false;
  const exitCbs: Array<(code: number | null, signal: string | null) => void> = [];
  child.once('exit', (code, signal) => {
    exited = true;
    for (const cb of exitCbs) cb(code, signal);
  });
  // A failed spawn (no 'exit' follows): report it as an exit so the supervisor sees it.
  child.once('error', () => {
    if (child.pid !== undefined || exited) return;
    exited = true;
    for (const cb of exitCbs) cb(1, null);
  });
  return {
    pid: child.pid,
    send(m) {
      if (child.connected) child.send(m, (e) => void e); // a closed channel is an exit the supervisor sees
    },
    onMessage: (cb) => void child.on('message', (m) => cb(m as FromEngine)),
    onOutput(cb) {
      eachLine(child.stdout, cb);
      eachLine(child.stderr, cb);
    },
    onExit(cb) {
      if (exited) cb(child.exitCode, child.signalCode);
      else exitCbs.push(cb);
    },
    kill: () => void child.kill('SIGKILL'),
  };
};
