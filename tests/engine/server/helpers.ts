// Shared helpers of the engine server tests: a real server on a random loopback port with a temp
// data dir, form posts over real HTTP, and the corpus beside the repository.
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEngineServer, type EngineServer, type EngineServerOptions } from '../../../engine/server/index.ts';

export const REPO = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
export const CORPUS = resolve(REPO, '../shared/corpus');
export const corpus = (rel: string): string => join(CORPUS, rel);
export const KEY = 'sk-test-0123456789abcdef';

export interface TestServer extends EngineServer {
  dataDir: string;
  logs: string[];
  /** Stops the server and deletes its data dir. */
  dispose(): Promise<void>;
}

export async function startTestServer(opts: Partial<EngineServerOptions> = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'docparse-engine-test-')));
  const logs: string[] = [];
  const server = await startEngineServer({ apiKeys: [KEY], workers: 2, ...opts, dataDir, log: (l) => logs.push(l) });
  return {
    ...server,
    dataDir,
    logs,
    dispose: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An answer's JSON, read field by field by the tests. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read answers of many shapes field by field
export type Json = any;

export interface Envelope<T = Json> {
  code: number;
  message: string;
  data: T;
}

export async function postForm(
  url: string,
  form: FormData | URLSearchParams | null,
): Promise<{ status: number; type: string; body: Envelope }> {
  const res = await fetch(url, { method: 'POST', body: form });
  const text = await res.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', body };
}

/** One async_check answered at once (wait=0: no long-poll hold). */
export const checkNow = async (base: string, id: string): Promise<Envelope> =>
  (await postForm(`${base}/parse/async_check`, new URLSearchParams({ task_id: id, api_key: KEY, wait: '0' }))).body;

/** A form with the file (streamed from disk by fetch), the key and any extra fields. */
export async function fileForm(
  path: string | null,
  fields: Record<string, string | string[]> = {},
  name?: string,
): Promise<FormData> {
  const form = new FormData();
  if (path) form.append('file', await openAsBlob(path), name ?? basename(path));
  for (const [k, v] of Object.entries({ api_key: KEY, ...fields }))
    for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  return form;
}

export async function pollUntilDone(
  base: string,
  taskId: string,
  onData?: (d: Json) => void,
  timeoutMs = 120_000,
): Promise<Json> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    // wait=0: no long-poll hold, so onData sees every status and the progress as it moves.
    const { body } = await postForm(
      `${base}/parse/async_check`,
      new URLSearchParams({ task_id: taskId, api_key: KEY, wait: '0' }),
    );
    if (body.code !== 0) throw new Error(`async_check code ${body.code}: ${body.message}`);
    onData?.(body.data);
    if (body.data.status === 'SUCCESS' || body.data.status === 'FAILED') return body.data;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`task ${taskId} did not finish in ${timeoutMs} ms`);
}
