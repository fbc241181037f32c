// Browser mode's access control: a random token (printed in the URL) that the first page load trades
// for an HttpOnly SameSite=Strict cookie; Host and Origin checks against DNS rebinding and other sites.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_HEADER = 'x-docparse-token';

export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Cookies are not port-scoped, so the name carries the port: two servers never clobber each other. */
export function cookieName(port: number): string {
  return `docparse_token_${port}`;
}

export function sessionCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

export function tokensEqual(a: string | null | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length === 0) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type AuthSource = 'query' | 'header' | 'cookie' | null;

export interface AuthContext {
  token: string;
  port: number;
}

/** Where a valid token came from, or null when the request carries none (or a wrong one). */
export function authenticate(req: IncomingMessage, url: URL, ctx: AuthContext): AuthSource {
  if (tokensEqual(url.searchParams.get('token'), ctx.token)) return 'query';
  const header = req.headers[TOKEN_HEADER];
  if (tokensEqual(Array.isArray(header) ? header[0] : header, ctx.token)) return 'header';
  if (tokensEqual(parseCookies(req.headers.cookie).get(cookieName(ctx.port)), ctx.token)) return 'cookie';
  return null;
}

/** Only loopback names for our own port (defeats DNS rebinding). */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

/** Browsers always send Origin on WebSocket upgrades and cross-origin POSTs: it must be ours. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || origin === `http://[::1]:${port}`;
}
