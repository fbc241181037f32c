// Electron main: app lifecycle only. Services (queue, client, keychain, local engine) come from
// createAppServices; this file wires them to a hardened window through the IPC bridge.
import { SUPPORTED_EXTENSIONS } from '../../shared/file-types.ts';
import { app, BrowserWindow, dialog, session } from 'electron';
import { fileURLToPath } from 'node:url';
import { createAppServices } from '../services/app.ts';
import type { AppServices, Dialogs } from '../services/app-types.ts';
import { registerIpc, type IpcBridge } from './ipc.ts';
import { spawnUtilityEngine } from './engine-process.ts';
import { ASSET_URL_BASE } from '../shell/policy.ts';
import { handleAppScheme, handleAssetScheme, registerSchemes } from './protocol.ts';
import { appOrigins, createMainWindow, hardenSession, hardenWebContents } from './window.ts';

// Tests (and portable setups) point the app at a fresh profile; must happen before the lock below,
// which is taken per user-data folder.
const userDataOverride = process.env.ELECTRON_USER_DATA_PATH;
if (userDataOverride) app.setPath('userData', userDataOverride);

const devServerUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined;
const origins = appOrigins(devServerUrl);
const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;
let bridge: IpcBridge | null = null;
let quitting = false;

function focusMain(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function makeDialogs(): Dialogs {
  const parent = (): BrowserWindow | undefined => mainWindow ?? undefined;
  return {
    async saveFile(defaultName) {
      const opts = { defaultPath: defaultName };
      const r = parent() ? await dialog.showSaveDialog(parent()!, opts) : await dialog.showSaveDialog(opts);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    async pickFolder() {
      const opts = { properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[] };
      const r = parent() ? await dialog.showOpenDialog(parent()!, opts) : await dialog.showOpenDialog(opts);
      return r.canceled || r.filePaths.length === 0 ? null : r.filePaths[0]!;
    },
    async openFiles(extensions) {
      const opts = {
        properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[],
        // An empty list asks for any file (a program such as LibreOffice's soffice).
        filters: [
          ...(extensions && extensions.length === 0
            ? []
            : [
                {
                  name: 'Documents',
                  extensions: (extensions?.length ? extensions : SUPPORTED_EXTENSIONS).map((e) => e.replace(/^\./, '')),
                },
              ]),
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const r = parent() ? await dialog.showOpenDialog(parent()!, opts) : await dialog.showOpenDialog(opts);
      return r.canceled || r.filePaths.length === 0 ? null : r.filePaths;
    },
  };
}

function openWindow(): void {
  if (!bridge) return;
  mainWindow = createMainWindow({
    preloadPath: here('../preload/index.cjs'),
    devServerUrl,
    iconPath: process.platform === 'linux' ? here('../../build/icon.png') : undefined,
  });
  bridge.attachWindow(mainWindow);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession, origins, devServerUrl);
  const svc: AppServices = await createAppServices({
    dataDir: app.getPath('userData'),
    transport: 'electron',
    version: app.getVersion(),
    locale: app.getLocale(),
    platform: process.platform,
    assetUrlBase: ASSET_URL_BASE,
    dialogs: makeDialogs(),
    // The engine runs in a utility process (a native fault in it never takes the app down); the bundle ships
    // its entry and its worker beside this file (electron.vite.config.ts).
    engine: { workerUrl: new URL('./engine-worker.js', import.meta.url), spawn: spawnUtilityEngine },
  });
  services = svc;
  handleAppScheme(here('../renderer'));
  handleAssetScheme(
    (rel) => svc.resolveAsset(rel),
    (rel) => svc.pageImage(rel),
  );
  bridge = registerIpc(svc.handlers, origins, (paths) => {
    for (const p of paths) svc.grants.allowRead(p);
  });
  svc.setEmitter(bridge.hub.emit);
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerSchemes();
  app.on('second-instance', focusMain);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, origins));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Stop polling, the queue and the local engine before exiting; tasks resume on the next start.
  app.on('before-quit', (event) => {
    if (quitting || !services) return;
    event.preventDefault();
    quitting = true;
    const svc = services;
    void svc
      .close()
      .catch((e: unknown) => console.error('Closing services failed:', e))
      .finally(() => {
        bridge?.dispose();
        services = null;
        app.quit();
      });
  });
  start().catch((e: unknown) => {
    console.error('DocParse Desktop failed to start:', e);
    dialog.showErrorBox('DocParse Desktop failed to start', e instanceof Error ? e.message : String(e));
    app.exit(1);
  });
}
