// createAppServices: wires settings, the API key, the local engine, the task queue, the results cache
// and the IPC handlers for a shell (Electron main or browser mode). Nothing here imports 'electron'.
import type { Emit } from '../../shared/ipc-contract.ts';
import type { AppServices, AppServicesOptions } from './app-types.ts';
import { DEFAULT_TIMING, type Timing } from './consts.ts';
import { createLogger } from './log.ts';
import { createSettingsStore } from './settings/store.ts';
import { createOsKeychain } from './keychain/stores.ts';
import { createKeyService } from './keychain/key-service.ts';
import { createEngineManager, type EngineEvent } from './backend/engine-manager.ts';
import { createTargets } from './backend/targets.ts';
import { createResultsStore } from './results/store.ts';
import { writeResult } from './results/writer.ts';
import { createGrants } from './files/grants.ts';
import { createAssetResolver, createDownloads } from './results/assets.ts';
import { createPageImages } from './results/page-images.ts';
import { createTaskQueue } from './queue/task-queue.ts';
import { createHandlers, type HandlerContext } from './handlers/index.ts';
import { pruneUploads } from './files/prune-uploads.ts';
import { createDataDirs, dataPaths } from './data-dir.ts';

export async function createAppServices(opts: AppServicesOptions): Promise<AppServices> {
  const paths = dataPaths(opts.dataDir);
  const { root: dataDir, uploads: uploadsDir } = paths;
  await createDataDirs(paths);
  const timing: Timing = { ...DEFAULT_TIMING, ...opts.timing };

  let emitter: Emit | null = null;
  const emit: Emit = (channel, payload) => {
    try {
      emitter?.(channel, payload);
    } catch {
      // a transport failure must never break the queue
    }
  };

  // The logger scrubs the user's key and the engine's key from every line (defence in depth).
  let secrets: () => Array<string | null> = () => [];
  const log = createLogger(dataDir, () => secrets());
  const keys = createKeyService(opts.keychain ?? createOsKeychain(), (m) => log.warn(m));
  await keys.init();
  // The LibreOffice setting reaches the engine at its start and whenever it changes (settings is set below).
  // When the engine process crashes, the queue sends its running local tasks to the restarted one, and the
  // renderer says the engine restarted (or that it gave up).
  let onEngine = (_e: EngineEvent): void => {};
  const engine = createEngineManager({
    dataDir,
    workerUrl: opts.engine?.workerUrl,
    spawn: opts.engine?.spawn,
    policy: opts.engine?.policy,
    log,
    sofficeSetting: () => settings.get().sofficePath,
    longPollSetting: () => settings.get().engineLongPollSeconds,
    onEvent: (e) => onEngine(e),
  });
  secrets = () => [keys.current(), engine.secret()];

  let onSettings = (): void => {};
  const settings = await createSettingsStore(
    dataDir,
    (s) => {
      emit('settings:changed', s);
      onSettings();
    },
    (m) => log.warn(m),
  );
  const targets = createTargets({ cloudBaseUrl: () => settings.get().cloudBaseUrl, keys, engine });
  const downloads = createDownloads(opts.assetUrlBase);
  const resolveAsset = createAssetResolver(paths.results, downloads);
  const pages = createPageImages(paths.results);
  const grants = createGrants({
    read: [uploadsDir, ...(opts.allowedPaths?.read ?? [])],
    write: opts.allowedPaths?.write ?? [],
  });

  const queue = createTaskQueue({
    dataDir,
    emit,
    log,
    timing,
    targets,
    settings: () => settings.get(),
    sessionPassword: (id, password) => pages.remember(id, password),
    saveResult: (task, done, signal) => writeResult(paths.results, task, done, { timing, log, signal }),
  });
  const results = createResultsStore(dataDir, { task: (id) => queue.get(id), assetUrlBase: opts.assetUrlBase });

  onSettings = () => {
    queue.kick(); // e.g. a higher concurrency starts waiting tasks now
    engine.settingsChanged();
  };
  onEngine = (e) => {
    if (e.kind === 'crashed') queue.engineLost();
    else if (e.kind === 'restarted') emit('engine:status', { state: 'restarted', crashes: e.crashes, message: null });
    else emit('engine:status', { state: 'failed', crashes: 0, message: e.message });
  };

  const ctx: HandlerContext = {
    dataDir,
    transport: opts.transport,
    app: { version: opts.version, platform: opts.platform, locale: opts.locale, assetUrlBase: opts.assetUrlBase },
    emit,
    dialogs: opts.dialogs ?? null,
    tasks: queue,
    results,
    settings,
    keys,
    targets,
    timing,
    downloads,
    grants,
    pages,
  };
  const handlers = createHandlers(ctx);
  const ks = keys.status();
  log.info(
    `services started (${opts.transport}, ${opts.platform}, version ${opts.version}); key store: ${ks.keychainAvailable ? (opts.keychain?.kind ?? 'keychain') : 'session memory only'}`,
  );
  await queue.restore();
  const pruned = await pruneUploads(
    uploadsDir,
    queue.list().map((t) => t.filePath),
  ).catch(() => 0);
  if (pruned) log.info(`removed ${pruned} upload folder(s) no task needs any more`);

  let closed: Promise<void> | null = null;
  return {
    handlers,
    setEmitter(e) {
      emitter = e;
    },
    resolveAsset,
    pageImage: (rel) => pages.asset(rel),
    uploadsDir,
    grants,
    enginePid: () => engine.pid(),
    close: () =>
      (closed ??= (async () => {
        await queue.close();
        pages.close();
        await engine.close().catch((e: unknown) => log.error(`engine stop failed: ${(e as Error).message}`));
        log.info('services stopped');
        await log.flush();
      })()),
  };
}
