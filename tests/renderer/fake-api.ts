// A fake RendererApi for renderer tests: the OS/transport boundary. Handlers per channel answer
// like main would; every call is recorded; emit() pushes events as main would.
import type { EventChannel, EventMap, InvokeChannel, Req, RendererApi, Res } from '../../shared/ipc-contract.ts';
import { toAppError, type AppError, type IpcResult } from '../../shared/result.ts';
import type { Settings, Task } from '../../shared/task.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../shared/somark.ts';

type Handler<K extends InvokeChannel> = (req: Req<K>) => Res<K> | AppError | Promise<Res<K> | AppError>;
export type Handlers = { [K in InvokeChannel]?: Handler<K> };

export interface FakeApi extends RendererApi {
  calls: { channel: InvokeChannel; req: unknown }[];
  /** The same calls as [channel, req] pairs. */
  pairs: [InvokeChannel, unknown][];
  callsTo<K extends InvokeChannel>(channel: K): Req<K>[];
  emit<K extends EventChannel>(channel: K, payload: EventMap[K]): void;
  handle<K extends InvokeChannel>(channel: K, handler: Handler<K>): void;
  pathsFor: (files: ReadonlyArray<object>) => Promise<string[]>;
}

const isAppError = (v: unknown): v is AppError =>
  typeof v === 'object' && v !== null && 'code' in v && 'message' in v && Object.keys(v).length === 2;

export function fakeApi(handlers: Handlers = {}): FakeApi {
  const table: Handlers = { ...handlers };
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const api: FakeApi = {
    calls: [],
    pairs: [],
    callsTo: <K extends InvokeChannel>(channel: K) =>
      api.calls.filter((c) => c.channel === channel).map((c) => c.req as Req<K>),
    async invoke<K extends InvokeChannel>(channel: K, req: Req<K>): Promise<IpcResult<Res<K>>> {
      api.calls.push({ channel, req });
      api.pairs.push([channel, req]);
      const h = table[channel] as Handler<K> | undefined;
      if (!h) return { ok: false, error: { code: 'NOT_IMPLEMENTED', message: `no fake for ${channel}` } };
      try {
        const value = await h(req);
        return isAppError(value) ? { ok: false, error: value } : { ok: true, value: value as Res<K> };
      } catch (e) {
        // A handler may also throw, as main's handlers do (CodedError → {ok:false}).
        return { ok: false, error: toAppError(e) };
      }
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener as (p: unknown) => void);
      listeners.set(channel, set);
      return () => set.delete(listener as (p: unknown) => void);
    },
    emit(channel, payload) {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
    handle(channel, handler) {
      (table as Record<string, unknown>)[channel] = handler;
    },
    pathsFor: async (files) => files.map((f) => `/uploads/${(f as File).name}`),
    pathsForFiles: (files) => api.pathsFor(files),
  };
  return api;
}

let seq = 0;
export function makeTask(over: Partial<Task> = {}): Task {
  seq++;
  return {
    id: `req_test${seq}`,
    remoteTaskId: null,
    fileName: `doc-${seq}.pdf`,
    filePath: `/docs/doc-${seq}.pdf`,
    size: 1536,
    pages: 3,
    fileType: '.pdf',
    backend: 'local',
    baseUrl: 'http://127.0.0.1:5000/api/v1',
    requestedMode: 'auto',
    mode: null,
    formats: ['markdown', 'json'],
    featureConfig: {},
    state: 'queued',
    uploadPercent: null,
    progress: null,
    attempts: 0,
    error: null,
    createdAt: 1_700_000_000_000 + seq,
    startedAt: null,
    finishedAt: null,
    resultBytes: null,
    parentId: null,
    ...over,
  };
}

export function makeSettings(over: Partial<Settings> = {}): Settings {
  return {
    backend: 'local',
    cloudBaseUrl: 'https://somark.cn/api/v1',
    mode: 'auto',
    syncMaxBytes: 10 * 1024 * 1024,
    syncMaxPages: 20,
    formats: ['markdown', 'json'],
    featureConfig: { ...DEFAULT_FEATURE_CONFIG },
    concurrency: 2,
    language: 'en',
    theme: 'system',
    sofficePath: '',
    engineLongPollSeconds: 25,
    fileOptions: { ocr: true, ocrLang: 'auto', pageRange: '' },
    ...over,
  };
}
