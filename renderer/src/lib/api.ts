// The renderer's transport: Electron's preload (window.api) when present, otherwise browser mode's
// WebSocket client (lib/ipc.ts is what features call).
import type { RendererApi } from '../../../shared/ipc-contract.ts';
import { createWsTransport, type ConnectionStatus, type WsTransport } from './ws-transport.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload in the desktop app; absent in browser mode. */
    api?: RendererApi;
  }
}

const TOKEN_KEY = 'docparse.token';

/**
 * Browser mode: the access token arrives once in the page URL (?token=…). It moves to this tab's
 * sessionStorage (a reload keeps working, other sites and ports never see it: no cookie) and out of
 * the address bar.
 */
function takeTokenFromLocation(): string | null {
  const url = new URL(globalThis.location.href);
  const token = url.searchParams.get('token');
  if (token === null) {
    try {
      return globalThis.sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  }
  url.searchParams.delete('token');
  try {
    globalThis.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Not fatal: the token lives in memory for this page.
  }
  try {
    globalThis.history.replaceState(globalThis.history.state, '', url.pathname + url.search + url.hash);
  } catch {
    // Not fatal: the token stays visible.
  }
  return token;
}

let ws: WsTransport | null = null;
let webToken: string | null = null;

function webTransport(): WsTransport {
  if (!ws) {
    webToken = takeTokenFromLocation();
    ws = createWsTransport({ token: webToken });
  }
  return ws;
}

/** False in browser mode when the page was opened without the token (not the printed link). */
export const hasAccessToken = (): boolean => hasPreload() || webToken !== null;

const hasPreload = (): boolean => typeof window !== 'undefined' && window.api !== undefined;

// Browser mode: take the token out of the URL as early as possible (the socket opens on first use).
if (!hasPreload() && typeof window !== 'undefined' && typeof window.location !== 'undefined') webTransport();

const impl = (): RendererApi => (hasPreload() ? window.api! : webTransport());

/** The one RendererApi of this page. */
export const api: RendererApi = {
  invoke: (channel, req) => impl().invoke(channel, req),
  on: (channel, listener) => impl().on(channel, listener),
  pathsForFiles: (files) => impl().pathsForFiles(files),
};

/** Connection state (always 'open' under Electron). Useful to re-fetch state after a reconnect. */
export function onConnectionChange(listener: (status: ConnectionStatus) => void): () => void {
  return hasPreload() ? () => undefined : webTransport().onStatus(listener);
}
