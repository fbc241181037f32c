// Test support for the services: temp data folders, the real local engine, app services with fast
// timings, and waiting for task states through the events the queue emits.
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventChannel, EventMap } from '../../../shared/ipc-contract.ts';
import type { Envelope } from '../../../shared/somark.ts';
import type { Task, TaskState } from '../../../shared/task.ts';
import { createAppServices } from '../../../electron/services/app.ts';
import type { AppServices, AppServicesOptions, KeychainStore } from '../../../electron/services/app-types.ts';
import { createMemoryKeychain } from '../../../electron/services/keychain/stores.ts';
import type { Timing } from '../../../electron/services/consts.ts';
import { startEngineServer, type EngineServer } from '../../../engine/server/index.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** A corpus document (beside the repo, never copied in). */
export const corpus = (rel: string): string => join(repoRoot, '..', 'shared', 'corpus', rel);

export const FAST: Partial<Timing> = {
  pollIntervalMs: 60,
  retryBaseMs: 20,
  retryMaxMs: 80,
  maxRetries: 3,
  failedResubmits: 2,
  persistDelayMs: 20,
  idleTimeoutMs: 30_000,
};

const temps: string[] = [];
export async function tempDir(prefix = 'dp-svc-'): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}
export async function removeTemps(): Promise<void> {
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
}

export interface Harness {
  svc: AppServices;
  dataDir: string;
  events: Array<{ channel: EventChannel; payload: unknown }>;
  keychain: KeychainStore;
  close(): Promise<void>;
}

export async function makeServices(o: Partial<AppServicesOptions> & { dataDir?: string } = {}): Promise<Harness> {
  const dataDir = o.dataDir ?? (await tempDir());
  const keychain = o.keychain ?? createMemoryKeychain();
  const svc = await createAppServices({
    transport: 'web',
    version: '0.0.0-test',
    locale: 'en',
    platform: process.platform,
    // The corpus and temp folders stand for what a user picked (services/files/grants.ts).
    assetUrlBase: 'http://127.0.0.1:9/assets/',
    allowedPaths: { read: [corpus(''), tmpdir()], write: [tmpdir()] },
    ...o,
    dataDir,
    keychain,
    timing: { ...FAST, ...o.timing },
  });
  const events: Harness['events'] = [];
  svc.setEmitter((channel, payload) => void events.push({ channel, payload: structuredClone(payload) }));
  return { svc, dataDir, events, keychain, close: () => svc.close() };
}

/** One Harness for a test file: made before its tests, closed (and the temp folders removed) after them. */
export function fileHarness(o?: Parameters<typeof makeServices>[0]): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await makeServices(o);
  });
  afterAll(async () => {
    await h?.close();
    await removeTemps();
  });
  return () => h!;
}

export const updates = (h: Harness, id: string): Task[] =>
  h.events
    .filter((e) => e.channel === 'task:updated' && (e.payload as Task).id === id)
    .map((e) => e.payload as EventMap['task:updated']);

/** Resolves with the task once `pred` holds (checked on every event and every 20 ms). */
export async function waitTask(h: Harness, id: string, pred: (t: Task) => boolean, timeoutMs = 45_000): Promise<Task> {
  const t0 = Date.now();
  for (;;) {
    const t = (await h.svc.handlers['tasks:list']()).find((x) => x.id === id);
    if (t && pred(t)) return t;
    if (Date.now() - t0 > timeoutMs)
      throw new Error(`timeout waiting for ${id}; last state ${t?.state} ${JSON.stringify(t?.error)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Settled: final, or waiting for the user (a protected PDF's password). */
const FINAL: TaskState[] = ['SUCCESS', 'FAILED', 'cancelled', 'needsPassword'];
export const waitFinal = (h: Harness, id: string, timeoutMs?: number): Promise<Task> =>
  waitTask(h, id, (t) => FINAL.includes(t.state), timeoutMs);

/** The real engine on a random loopback port with a known key. */
export async function startEngine(
  apiKey: string,
  o: { dataDir?: string; port?: number } = {},
): Promise<EngineServer & { dataDir: string }> {
  const dataDir = o.dataDir ?? (await tempDir('dp-engine-'));
  const e = await startEngineServer({ port: o.port ?? 0, dataDir, apiKeys: [apiKey], workers: 1 });
  return { ...e, dataDir, close: e.close };
}

/** Posts form fields to an engine endpoint (a Blob as the 400-page corpus PDF) and answers its envelope. */
export async function postFields<T>(url: string, fields: Record<string, string | Blob>): Promise<Envelope<T>> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') body.append(k, v);
    else body.append(k, v, 'irs-manual-400p.pdf');
  }
  return (await (await fetch(url, { method: 'POST', body })).json()) as Envelope<T>;
}

/** A cloud task in the middle of an async parse of the two-paragraph PDF, with `over` applied. */
export const sampleTask = (over: Partial<Task> = {}): Task => ({
  id: 'req_test0000001',
  remoteTaskId: 'r1',
  fileName: 'two_paragraphs.pdf',
  filePath: corpus('pdf-digital/two_paragraphs.pdf'),
  size: 25142,
  pages: 1,
  fileType: '.pdf',
  backend: 'cloud',
  baseUrl: 'https://x.example/api/v1',
  requestedMode: 'auto',
  mode: 'async',
  formats: ['markdown', 'zip'],
  featureConfig: {},
  state: 'PROCESSING',
  uploadPercent: 100,
  progress: null,
  attempts: 1,
  error: null,
  createdAt: 1,
  startedAt: 2,
  finishedAt: null,
  resultBytes: null,
  parentId: null,
  ...over,
});

/** Whether process `pid` is still there. */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once `pred` holds (checked every 50 ms); `what` names it in the timeout's error. */
export async function until(pred: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  for (const t0 = Date.now(); !pred(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}
