// The seam between the two sibling shells (Electron in electron/main/, browser mode in electron/web/,
// both built on electron/shell/) and the main-process services. Nothing here imports 'electron'.
import type { Emit, Handlers } from '../../shared/ipc-contract.ts';
import type { Timing } from './consts.ts';
import type { Grants } from './files/grants.ts';
import type { SpawnEngineProcess } from './backend/engine-process.ts';
import type { SupervisorPolicy } from './backend/supervisor.ts';

/** OS keychain seam (real: @napi-rs/keyring; tests and fallback: in memory). */
export interface KeychainStore {
  readonly kind: 'keychain' | 'memory';
  get(): Promise<string | null>;
  set(secret: string): Promise<void>;
  delete(): Promise<void>;
  /** Throws (with the OS reason) when no keychain can be reached. */
  probe(): Promise<void>;
}

/** Native dialogs, provided by Electron; absent in browser mode (handlers then answer null). */
export interface Dialogs {
  saveFile(defaultName: string): Promise<string | null>;
  pickFolder(): Promise<string | null>;
  /** `extensions` (with dots): the first filter; absent: every type the app knows; []: any file. */
  openFiles(extensions?: string[]): Promise<string[] | null>;
}

export interface AppServicesOptions {
  /** The app's data folder: tasks, results cache, settings, engine data, uploads. */
  dataDir: string;
  transport: 'electron' | 'web';
  version: string;
  locale: string;
  platform: string;
  /**
   * Prefix the renderer uses to fetch assets served by `resolveAsset` (ends with '/'), e.g.
   * 'docparse-asset://app/' in Electron or 'http://127.0.0.1:4510/assets/' in browser mode.
   */
  assetUrlBase: string;
  /** Keychain to use; default: the OS keychain with an in-memory fallback. */
  keychain?: KeychainStore;
  dialogs?: Dialogs;
  /** Local engine: how its process is launched (Electron: utilityProcess; default a Node child), the
   *  packaged app's bundled worker path, and the supervisor's restart policy (tests shorten it). */
  engine?: { workerUrl?: URL; spawn?: SpawnEngineProcess; policy?: Partial<SupervisorPolicy> };
  /** Folders the renderer may name without a dialog or drop: files inside `read` may be opened,
   *  exports may go into `write` (browser mode's --allow-dir; test harnesses). Uploads always count. */
  allowedPaths?: { read?: string[]; write?: string[] };
  /** Polling, retry and persistence timings (tests shorten them); default DEFAULT_TIMING. */
  timing?: Partial<Timing>;
}

export interface AppServices {
  handlers: Handlers;
  /** Where events go; the transport queues them until the renderer said 'app:ready'. */
  setEmitter(emit: Emit): void;
  /**
   * Maps an asset path relative to `assetUrlBase` ('results/<taskId>/images/image_001.png',
   * 'results/<taskId>/original', 'downloads/<token>/<name>') to an absolute file path,
   * or null when it is unknown or escapes the data folder.
   */
  resolveAsset(relPath: string): string | null;
  /** A page image drawn on request ('results/<taskId>/pages/<n>-<w>.png', results/page-images.ts): its
   *  PNG or null; null synchronously when `relPath` names no page image (serve resolveAsset's file). */
  pageImage(relPath: string): Promise<Uint8Array | null> | null;
  /** Browser mode: folder where uploaded files are stored before `tasks:submit`. */
  uploadsDir: string;
  /** Shells record here what the user chose outside the IPC contract (Electron: dropped files). */
  grants: Grants;
  /** The engine process's id while it runs, or null (logs; browser mode's test hook). */
  enginePid(): number | null;
  /** Stops polling, the queue and the local engine (if started). */
  close(): Promise<void>;
}
