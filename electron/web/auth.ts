// Browser mode's access control. A random token, printed once in the page URL, that the page keeps in
// sessionStorage and sends as a header (uploads) or as a WebSocket subprotocol (IPC) — never a
// cookie, since cookies ignore ports and any other local server would receive it. Result assets are
// addressed under a second random key in their path (an <img> cannot send a header). Host and Origin
// checks defeat DNS rebinding and other sites.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const TOKEN_HEADER = 'x-docparse-token';
/** The WebSocket subprotocol the server answers with; the token travels as a second one. */
export const IPC_PROTOCOL = 'docparse.v1';
const TOKEN_PROTOCOL_PREFIX = 'token.';

export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

export function tokensEqual(a: string | null | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length === 0) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The offered WebSocket subprotocols (Sec-WebSocket-Protocol), trimmed. */
function offeredProtocols(req: IncomingMessage): string[] {
  const h = req.headers['sec-websocket-protocol'];
  return (Array.isArray(h) ? h.join(',') : (h ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** True when the request carries the token: the header (HTTP) or a `token.<token>` subprotocol (WebSocket). */
export function authenticate(req: IncomingMessage, token: string): boolean {
  const header = req.headers[TOKEN_HEADER];
  if (tokensEqual(Array.isArray(header) ? header[0] : header, token)) return true;
  return offeredProtocols(req).some(
    (p) => p.startsWith(TOKEN_PROTOCOL_PREFIX) && tokensEqual(p.slice(TOKEN_PROTOCOL_PREFIX.length), token),
  );
}

/** Only loopback names for our own port (defeats DNS rebinding). */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

const ownOrigin = (origin: string, port: number): boolean =>
  origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || origin === `http://[::1]:${port}`;

/** Browsers send Origin on cross-origin POSTs: when present it must be ours. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return origin === undefined || ownOrigin(origin, port);
}

/** WebSocket upgrades must name our origin: browsers always send it, so a missing one is refused too. */
export function upgradeOriginAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && ownOrigin(origin, port);
}
