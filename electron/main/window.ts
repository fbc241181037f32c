// The main window and the guards every web contents gets: no new windows, no navigation away from
// the app (http(s) links open in the system browser), no webviews, permissions denied, CSP enforced.
import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import {
  APP_ORIGIN,
  buildCsp,
  decideNavigation,
  isPermissionAllowed,
  isSafeExternalUrl,
  originOf,
} from '../shell/policy.ts';
import { APP_CSP } from './protocol.ts';

export interface WindowOptions {
  /** Absolute path of the CJS preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Development server URL from electron-vite (ELECTRON_RENDERER_URL), or undefined in production. */
  devServerUrl?: string;
  /** PNG icon for Linux window managers. */
  iconPath?: string;
}

/** Origins the app's own pages come from. */
export function appOrigins(devServerUrl?: string): string[] {
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  return dev ? [APP_ORIGIN, dev] : [APP_ORIGIN];
}

function openExternal(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url).catch(() => undefined);
}

/** Applied to every web contents the app creates (app.on('web-contents-created')). */
export function hardenWebContents(contents: WebContents, origins: readonly string[]): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string): void => {
    const decision = decideNavigation(url, origins);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openExternal(url);
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) guard(event, event.url);
  });
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Permissions and CSP for the default session. */
export function hardenSession(ses: Session, origins: readonly string[], devServerUrl?: string): void {
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, origins));
  });
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, origins),
  );
  const devCsp = buildCsp({ assets: ['docparse-asset:'], dev: true });
  ses.webRequest.onHeadersReceived((details, callback) => {
    const origin = originOf(details.url);
    const isPage = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    if (!isPage || origin === null || !origins.includes(origin)) {
      callback({});
      return;
    }
    const headers = { ...details.responseHeaders };
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-security-policy') delete headers[k];
    const isDev = devServerUrl !== undefined && origin === originOf(devServerUrl);
    headers['Content-Security-Policy'] = [isDev ? devCsp : APP_CSP];
    callback({ responseHeaders: headers });
  });
}

export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'DocParse Desktop',
    icon: opts.iconPath,
    autoHideMenuBar: true,
    webPreferences: {
      preload: opts.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.devServerUrl ?? `${APP_ORIGIN}/index.html`);
  return win;
}
