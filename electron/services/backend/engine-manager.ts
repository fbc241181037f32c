// The local engine, started lazily in this process on a random loopback port with a random key,
// reused by every task, stopped on close(). The key lives in memory only. Tasks the engine was working
// on when the app quit run again when it next starts (the engine's default), so polling by task_id
// resumes without a new upload.
import { randomBytes } from 'node:crypto';
import type { Logger } from '../log.ts';
import { dataPaths } from '../data-dir.ts';

export interface EngineHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface EngineStartOptions {
  port: number;
  dataDir: string;
  apiKeys: string[];
  /** Page limit of the local engine (the upload limit stays at the engine's 200 MB default). */
  maxPages: number;
  workerUrl?: URL;
  /** LibreOffice's soffice for Office files, asked at each use: a path, or undefined to search for it. */
  soffice?: () => string | undefined;
  /** Workers start with the engine and load the OCR models in the background. */
  preloadOcr?: boolean;
  log?: (line: string) => void;
}

export type StartEngine = (o: EngineStartOptions) => Promise<EngineHandle>;

/** A desktop engine parses long documents: the cloud's 300-page limit does not apply on this machine. */
export const LOCAL_MAX_PAGES = 5000;

export interface EngineTarget {
  baseUrl: string;
  apiKey: string;
}

export interface EngineManager {
  /** Starts the engine if needed (concurrent callers share one start). */
  ensure(): Promise<EngineTarget>;
  /** The running engine's base URL, or null. */
  current(): string | null;
  /** The in-memory key (so logs can scrub it). */
  secret(): string;
  close(): Promise<void>;
}

const defaultStart: StartEngine = async (o) => {
  const mod = await import('../../../engine/server/index.ts');
  return mod.startEngineServer(o);
};

/** The engine's soffice option from the LibreOffice setting: its path, or undefined ('' = search PATH and the
 * install folders, as the engine does by default). */
export const sofficeOption = (setting: string | undefined): string | undefined => (setting?.trim() ? setting.trim() : undefined);

export function createEngineManager(o: {
  dataDir: string; workerUrl?: URL; log: Logger; start?: StartEngine;
  /** The LibreOffice setting (read whenever the engine needs soffice, so a change applies at once). */
  sofficeSetting?: () => string;
}): EngineManager {
  const key = `sk-local-${randomBytes(24).toString('hex')}`;
  const start = o.start ?? defaultStart;
  let starting: Promise<EngineHandle> | null = null;
  let handle: EngineHandle | null = null;
  let closed = false;

  return {
    ensure() {
      if (closed) return Promise.reject(new Error('the app is shutting down'));
      if (!starting) {
        const t0 = Date.now();
        const opts: EngineStartOptions = {
          port: 0, dataDir: dataPaths(o.dataDir).engine, apiKeys: [key], maxPages: LOCAL_MAX_PAGES, preloadOcr: true,
          log: (line) => o.log.info(`engine: ${line}`), ...(o.workerUrl ? { workerUrl: o.workerUrl } : {}),
          ...(o.sofficeSetting ? { soffice: () => sofficeOption(o.sofficeSetting!()) } : {}),
        };
        starting = start(opts).then(
          (h) => {
            handle = h;
            o.log.info(`local engine listening at ${h.url} (started in ${Date.now() - t0} ms)`);
            return h;
          },
          (e: unknown) => {
            starting = null; // a later task may try again
            o.log.error(`local engine failed to start: ${(e as Error).message}`);
            throw e;
          },
        );
      }
      return starting.then((h) => ({ baseUrl: h.url, apiKey: key }));
    },
    current: () => handle?.url ?? null,
    secret: () => key,
    async close() {
      closed = true;
      const h = handle ?? (starting ? await starting.catch(() => null) : null);
      handle = null;
      if (h) {
        await h.close();
        o.log.info('local engine stopped');
      }
    },
  };
}
