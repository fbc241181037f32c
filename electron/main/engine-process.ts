// The desktop app's engine process: Electron's utilityProcess running the bundled engine/server/child.ts
// (engine-process.js beside this file). The services get it as their SpawnEngineProcess; its key goes
// in the 'start' message over the message port, never on the command line.
import { utilityProcess } from 'electron';
import { fileURLToPath } from 'node:url';
import {
  eachLine,
  type EngineProcess,
  type FromEngine,
  type SpawnEngineProcess,
} from '../services/backend/engine-process.ts';

export const spawnUtilityEngine: SpawnEngineProcess = (): EngineProcess => {
  const child = utilityProcess.fork(fileURLToPath(new URL('./engine-process.js', import.meta.url)), [], {
    serviceName: 'DocParse engine',
    stdio: 'pipe',
  });
  let exited: { code: number | null } | null = null;
  const exitCbs: Array<(code: number | null, signal: string | null) => void> = [];
  // Electron reports an exit code only; a crash shows as a non-zero code.
  child.once('exit', (code) => {
    exited = { code };
    for (const cb of exitCbs) cb(code, null);
  });
  return {
    get pid() {
      return child.pid;
    },
    send: (m) => {
      if (!exited) child.postMessage(m);
    },
    onMessage: (cb) => void child.on('message', (m: unknown) => cb(m as FromEngine)),
    onOutput(cb) {
      eachLine(child.stdout, cb);
      eachLine(child.stderr, cb);
    },
    onExit(cb) {
      if (exited) cb(exited.code, null);
      else exitCbs.push(cb);
    },
    kill() {
      // utilityProcess.kill() asks (SIGTERM); a process that did not stop when asked is ended outright.
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    },
  };
};
