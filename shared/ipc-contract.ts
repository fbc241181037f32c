// The one IPC contract between renderer and main. Electron's preload and browser mode's
// WebSocket transport both carry exactly these channels; allowlists derive from the maps.
import type { IpcResult } from './result.ts';
import type {
  AppInfo,
  ConnectionReport,
  HistoryItem,
  KeyStatus,
  PageImages,
  ResultView,
  Settings,
  SubmitOptions,
  SubmitResult,
  Task,
} from './task.ts';
import type { PageEdit } from './edit/version.ts';
import type { BatchExportRequest, BatchSummary, ExportRequest, ExportResult } from './export.ts';
import type { CompareExportRequest, SameFileResult } from './compare/types.ts';

/** A channel that takes no request: callers leave the argument out, which TypeScript allows for `void` only. */
// biome-ignore lint/suspicious/noConfusingVoidType: `undefined` would make every caller pass it explicitly
type NoRequest = void;

/** Request/response channels (renderer → main). */
interface InvokeMap {
  'app:ready': { req: NoRequest; res: AppInfo };
  'settings:get': { req: NoRequest; res: Settings };
  'settings:set': { req: Partial<Settings>; res: Settings };
  'key:status': { req: NoRequest; res: KeyStatus };
  /** Format-checked (sk-…) before saving; sessionOnly keeps it in memory only. */
  'key:set': { req: { apiKey: string; sessionOnly?: boolean }; res: KeyStatus };
  'key:clear': { req: NoRequest; res: KeyStatus };
  /** Calls /usage (cloud) or the engine; reports remaining pages or the error. */
  'connection:test': { req: { backend?: Settings['backend']; baseUrl?: string }; res: ConnectionReport };
  /** A file that has no path on disk (pasted from the clipboard): main stores it and returns its path. */
  'files:import': { req: { name: string; bytes: Uint8Array }; res: string };
  /** The one door in: expands folders (recursively), checks each file (type by content and extension,
   *  size, empty), queues the good ones and answers the others with their reasons. `duplicates: 'ask'`
   *  holds back good files a queued task already has (same name and size) instead of queueing them. */
  'tasks:submit': { req: { paths: string[]; options?: SubmitOptions; duplicates?: 'add' | 'ask' }; res: SubmitResult };
  'tasks:list': { req: NoRequest; res: Task[] };
  'tasks:cancel': { req: { id: string }; res: Task };
  /** `password`: a protected PDF's password for this run (local engine); never stored. */
  'tasks:retry': { req: { id: string; password?: string }; res: Task };
  'tasks:remove': { req: { id: string }; res: { id: string } };
  /** Re-parse a finished (or failed/cancelled) task with other options, e.g. another backend; both are kept. */
  'tasks:rerun': { req: { id: string; options: SubmitOptions }; res: Task };
  'results:get': { req: { id: string }; res: ResultView };
  /** The original as page images drawn by main (mupdf), for a PDF the renderer cannot open; `password`:
   *  a protected PDF's, kept in main's memory for this session only (never written or logged). */
  'results:pages': { req: { id: string; password?: string }; res: PageImages };
  /** The other finished results of the same file content (other backends, re-runs, other settings), newest first. */
  'results:sameFile': { req: { id: string }; res: SameFileResult[] };
  /** A corrected (or merged) block list saved as an edited version of a result, beside it: a new result for an
   *  original, the same one when `id` is itself an edited version; `pages`: the changed pages only; `imagesFrom`: a
   *  result whose cached pictures kept blocks may link (a merge), copied into the version. Answers the version's id. */
  'results:saveVersion': { req: { id: string; pages: PageEdit[]; imagesFrom?: string }; res: { id: string } };
  'history:list': { req: { query?: string }; res: HistoryItem[] };
  'history:delete': { req: { ids: string[] }; res: { freedBytes: number } };
  'history:clear': { req: NoRequest; res: { freedBytes: number } };
  'storage:usage': { req: NoRequest; res: { bytes: number; items: number; dataDir: string } };
  'export:task': { req: ExportRequest; res: ExportResult };
  'export:batch': { req: BatchExportRequest; res: BatchSummary };
  /** The comparison of two results as a report (Markdown or JSON), written where export:task writes. */
  'export:compare': { req: CompareExportRequest; res: ExportResult };
  /** Native dialogs (Electron). Browser mode answers null and the renderer asks for a path itself. */
  'dialog:saveFile': { req: { defaultName: string }; res: string | null };
  'dialog:pickFolder': { req: NoRequest; res: string | null };
  /** `extensions` (with dots): what the chosen backend accepts, the picker's first filter; [] for any file. */
  'dialog:openFiles': { req: { extensions?: string[] } | NoRequest; res: string[] | null };
}

/** Push events (main → renderer). */
export interface EventMap {
  'task:updated': Task;
  'task:removed': { id: string };
  'export:progress': { jobId: string; done: number; total: number; current: string };
  'settings:changed': Settings;
  /** The local engine's process stopped unexpectedly and was started again ('restarted'), or crashed
   *  too often and was left stopped ('failed', with the sentence to show). */
  'engine:status': { state: 'restarted' | 'failed'; crashes: number; message: string | null };
}

export type InvokeChannel = keyof InvokeMap;
export type EventChannel = keyof EventMap;
export type Req<K extends InvokeChannel> = InvokeMap[K]['req'];
export type Res<K extends InvokeChannel> = InvokeMap[K]['res'];

// Records force the allowlists to stay complete: a channel missing here is a compile error.
const invokeChannels: Record<InvokeChannel, true> = {
  'app:ready': true,
  'settings:get': true,
  'settings:set': true,
  'key:status': true,
  'key:set': true,
  'key:clear': true,
  'connection:test': true,
  'files:import': true,
  'tasks:submit': true,
  'tasks:list': true,
  'tasks:cancel': true,
  'tasks:retry': true,
  'tasks:remove': true,
  'tasks:rerun': true,
  'results:get': true,
  'results:pages': true,
  'results:saveVersion': true,
  'results:sameFile': true,
  'history:list': true,
  'history:delete': true,
  'history:clear': true,
  'storage:usage': true,
  'export:task': true,
  'export:batch': true,
  'export:compare': true,
  'dialog:saveFile': true,
  'dialog:pickFolder': true,
  'dialog:openFiles': true,
};
const eventChannels: Record<EventChannel, true> = {
  'task:updated': true,
  'task:removed': true,
  'export:progress': true,
  'settings:changed': true,
  'engine:status': true,
};
export const INVOKE_CHANNELS = Object.freeze(Object.keys(invokeChannels) as InvokeChannel[]);

/** Electron only, outside the allowlist: the preload reports the paths of files the user dropped or
 *  picked (webUtils gives paths only for real File objects), so main may read them. The renderer's
 *  `invoke` cannot reach it. */
export const DROPPED_PATHS_CHANNEL = 'files:dropped';
export const isInvokeChannel = (c: unknown): c is InvokeChannel =>
  typeof c === 'string' && Object.hasOwn(invokeChannels, c);
export const isEventChannel = (c: unknown): c is EventChannel =>
  typeof c === 'string' && Object.hasOwn(eventChannels, c);

/** Handlers: plain functions of a request; they never throw across the boundary. */
export type Handlers = { [K in InvokeChannel]: (req: Req<K>) => Promise<Res<K>> };
export type Emit = <K extends EventChannel>(channel: K, payload: EventMap[K]) => void;

/** What the renderer sees as `window.api` (Electron preload) or the WebSocket client (browser mode). */
export interface RendererApi {
  invoke<K extends InvokeChannel>(channel: K, req: Req<K>): Promise<IpcResult<Res<K>>>;
  on<K extends EventChannel>(channel: K, listener: (payload: EventMap[K]) => void): () => void;
  /** Paths main can read for dropped/picked files (Electron: webUtils; browser mode: upload first). */
  pathsForFiles(files: ReadonlyArray<object>): Promise<string[]>;
}
