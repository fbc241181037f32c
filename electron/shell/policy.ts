// Security policy decisions as pure functions: who may call IPC, where the window may navigate,
// which links open externally, which permissions are granted, and the Content-Security-Policy.
// Electron wiring lives in main/window.ts and main/ipc.ts; browser mode (web/) reuses buildCsp.

/** The renderer is served from this privileged scheme in the packaged app (not file://). */
export const APP_SCHEME = 'docparse-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
/** Assets (result images, originals, downloads) are served from this scheme. */
export const ASSET_SCHEME = 'docparse-asset';
export const ASSET_URL_BASE = `${ASSET_SCHEME}://app/`;

/** What we know about the frame an IPC message came from. */
export interface SenderInfo {
  webContentsId: number;
  /** The sending frame is its page's main frame (not an iframe). */
  isMainFrame: boolean;
  /** URL of the sending frame ('' when unknown, e.g. the frame was destroyed). */
  frameUrl: string;
}

export interface TrustPolicy {
  /** webContents ids of the app's own windows. */
  trustedIds: ReadonlySet<number>;
  /** Origins the app's pages load from (the app scheme, or the dev server in development). */
  appOrigins: readonly string[];
}

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    // Non-special schemes (docparse-app:) report origin 'null'; rebuild it from protocol and host.
    return u.origin !== 'null' ? u.origin : u.host ? `${u.protocol}//${u.host}` : null;
  } catch {
    return null;
  }
}

export function isTrustedSender(sender: SenderInfo, policy: TrustPolicy): boolean {
  if (!policy.trustedIds.has(sender.webContentsId) || !sender.isMainFrame) return false;
  const origin = originOf(sender.frameUrl);
  return origin !== null && policy.appOrigins.includes(origin);
}

/** Links the user may open in the system browser: plain http(s) without credentials. */
export function isSafeExternalUrl(url: string): boolean {
  if (typeof url !== 'string' || url.length > 2048) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && u.hostname !== '';
  } catch {
    return false;
  }
}

export type NavigationDecision = 'allow' | 'open-external' | 'deny';

/** In-app navigation stays on the app's origin; http(s) links go to the system browser; the rest is denied. */
export function decideNavigation(url: string, appOrigins: readonly string[]): NavigationDecision {
  const origin = originOf(url);
  if (origin !== null && appOrigins.includes(origin)) return 'allow';
  return isSafeExternalUrl(url) ? 'open-external' : 'deny';
}

/** Only clipboard writes from the app's own pages; camera, geolocation, notifications… are denied. */
export function isPermissionAllowed(permission: string, requestingUrl: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(requestingUrl);
  if (origin === null || !appOrigins.includes(origin)) return false;
  return permission === 'clipboard-sanitized-write';
}

export interface CspOptions {
  /** Extra sources for fetch/XHR/WebSocket (browser mode: its ws:// origin). */
  connect?: readonly string[];
  /** Extra sources for images, media and fetched assets (the asset scheme or /assets origin). */
  assets?: readonly string[];
  /** Development server: allow Vite's inline React-refresh preamble and its HMR socket. */
  dev?: boolean;
}

/**
 * A strict CSP: no inline or remote scripts, no eval, no plugins, no framing, no form posts.
 * Inline styles stay allowed (KaTeX and the markdown viewer set style attributes).
 */
export function buildCsp(opts: CspOptions = {}): string {
  const assets = opts.assets ?? [];
  const script = opts.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"];
  const connect = ["'self'", ...assets, ...(opts.connect ?? []), ...(opts.dev ? ['ws:'] : [])];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...assets]],
    ['media-src', ["'self'", 'blob:', ...assets]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", 'blob:', ...assets]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([k, v]) => `${k} ${[...new Set(v)].join(' ')}`).join('; ');
}
