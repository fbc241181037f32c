// The local engine, in a process of its own (a native fault in it never takes the app down): started
// lazily on a random loopback port with a random key, supervised (supervisor.ts: restarted on the same
// port after a crash), reused by every task, stopped on close(). The key lives in memory and travels to
// the engine in its start message only. Tasks the engine was working on when it stopped run again when
// it next starts (the engine's default), so polling by task_id resumes without a new upload.
import { randomBytes } from 'node:crypto';
import type { Logger } from '../log.ts';
import { dataPaths } from '../data-dir.ts';
import { forkEngineProcess, type SpawnEngineProcess } from './engine-process.ts';
import { createSupervisor, type EngineEvent, type SupervisorPolicy } from './supervisor.ts';

export type { EngineEvent };

/** A desktop engine parses long documents: the cloud's 300-page limit does not apply on this machine. */
export const LOCAL_MAX_PAGES = 5000;

interface EngineTarget {
  baseUrl: string;
  apiKey: string;
}

export interface EngineManager {
  /** Starts the engine if needed (concurrent callers share one start; a restart in progress is awaited). */
  ensure(): Promise<EngineTarget>;
  /** The running engine's base URL, or null. */
  current(): string | null;
  /** The engine process's id while it runs (logs, tests), or null. */
  pid(): number | null;
  /** The in-memory key (so logs can scrub it). */
  secret(): string;
  /** Settings changed: the engine hears the LibreOffice path now (it is read at each Office file). */
  settingsChanged(): void;
  close(): Promise<void>;
}

/** The engine's soffice option from the LibreOffice setting: its path, or undefined ('' = search PATH and the
 * install folders, as the engine does by default). */
export const sofficeOption = (setting: string | undefined): string | undefined =>
  setting?.trim() ? setting.trim() : undefined;

export function createEngineManager(o: {
  dataDir: string;
  /** The engine's worker-thread script (the packaged app's bundled copy); default: the source's. */
  workerUrl?: URL;
  log: Logger;
  /** Launches the engine process: the shell's (Electron: utilityProcess); default a Node child. */
  spawn?: SpawnEngineProcess;
  /** The LibreOffice setting (sent to the engine at its start and whenever settings change). */
  sofficeSetting?: () => string;
  /** Crashes, restarts and giving up (the queue and the UI are told). */
  onEvent?: (e: EngineEvent) => void;
  policy?: Partial<SupervisorPolicy>;
  /** The long-poll setting in seconds (sent at start and whenever settings change). */
  longPollSetting?: () => number;
}): EngineManager {
  const key = `sk-local-${randomBytes(24).toString('hex')}`;
  // undefined: the engine searches PATH and the install folders (its default).
  const soffice = (): string | undefined => (o.sofficeSetting ? sofficeOption(o.sofficeSetting()) : undefined);
  const sup = createSupervisor({
    spawn: o.spawn ?? forkEngineProcess,
    startMessage: (port) => ({
      type: 'start',
      port,
      dataDir: dataPaths(o.dataDir).engine,
      apiKeys: [key],
      maxPages: LOCAL_MAX_PAGES,
      preloadOcr: true,
      ...(o.workerUrl ? { workerUrl: o.workerUrl.href } : {}),
      soffice: soffice(),
      ...(o.longPollSetting ? { longPollMs: o.longPollSetting() * 1000 } : {}),
    }),
    log: o.log,
    onEvent: (e) => o.onEvent?.(e),
    policy: o.policy,
  });
  let closed = false;

  return {
    async ensure() {
      if (closed) throw new Error('the app is shutting down');
      const r = await sup.ensure();
      return { baseUrl: r.url, apiKey: key };
    },
    current: () => sup.current()?.url ?? null,
    pid: () => sup.pid(),
    secret: () => key,
    settingsChanged() {
      if (o.sofficeSetting) sup.send({ type: 'soffice', path: soffice() });
      if (o.longPollSetting) sup.send({ type: 'longPoll', ms: o.longPollSetting() * 1000 });
    },
    close() {
      closed = true;
      return sup.close();
    },
  };
}
