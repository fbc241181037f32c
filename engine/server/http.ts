// Answers: always a JSON envelope {code, message, data}; business errors with HTTP 200 and `data` an
// object carrying the reason (`{error: message}`, never null: SoMark's MCP server reads data.error);
// never an HTML page or a stack trace. And the addresses of a request: its checked Host, its caller's share.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCodes, isEngineError } from '../errors.ts';
import { BASE_PLACEHOLDER } from '../core/jobs.ts';

export function sendBody(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const buf = Buffer.from(body, 'utf8');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(buf.length),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : buf);
}

/** An error envelope as JSON text: `data` is `{error: message}`. */
export const errorBody = (code: number, message: string): string =>
  JSON.stringify({ code, message, data: { error: message } });

/** `data` null (or left out) on an error becomes `{error: message}`. */
export function sendEnvelope(
  res: ServerResponse,
  code: number,
  message: string,
  data: unknown = null,
  status = 200,
  extra: Record<string, string> = {},
): void {
  const error = code !== 0 && (data === null || data === undefined);
  sendBody(res, status, error ? errorBody(code, message) : JSON.stringify({ code, message, data }), extra);
}

/** An error as an envelope: EngineErrors keep their code; anything else is 1137 with a short reason. */
export function sendError(
  res: ServerResponse,
  e: unknown,
  log: (l: string) => void,
  extra: Record<string, string> = {},
): void {
  if (isEngineError(e)) {
    sendEnvelope(res, e.code, e.message, null, 200, extra);
    return;
  }
  log(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  sendEnvelope(res, ErrorCodes.PROCESSING_FAILED, 'Internal engine error; see the engine log', null, 200, extra);
}

const LOOPBACK_BIND = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * The Host header when it names this server, else null (the request is refused). Loopback binds
 * accept only loopback names (a DNS-rebinding page sends its own name); other binds also accept an
 * IP literal. Any port: a local reverse proxy (or a test's flaky proxy) forwards its own. Only a Host
 * that passed goes into result URLs.
 */
export function checkedHost(req: IncomingMessage, bind: string): string | null {
  const host = (req.headers.host ?? '').toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!m) return null;
  const name = m[1]!;
  if (name === 'localhost' || name === '127.0.0.1' || name === '[::1]') return host;
  if (LOOPBACK_BIND.test(bind)) return null;
  return IP_HOST.test(name) ? host : null;
}

/** `http://host:port/api/v1` for a Host that passed checkedHost. */
export const publicBase = (host: string): string => `http://${host}/api/v1`;

/** Fills in the public base in a serialised result: only where the engine's own links to the task's files
 * start (the placeholder, then `/files/` and the task's random key), never in text a document brought, which
 * may quote the placeholder but cannot know the key. */
export const withBase = (text: string, base: string, fileKey: string): string => {
  const own = `${BASE_PLACEHOLDER}/files/${fileKey}/`;
  return text.split(own).join(`${base}/files/${fileKey}/`);
};

/** The share an address belongs to: IPv4 as it is, IPv6 by its /64 (one host owns a whole /64). */
export function shareAddress(ip: string | undefined): string {
  const raw = (ip ?? '').replace(/%.*$/, '');
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (v4) return v4[1]!;
  if (!raw.includes(':')) return raw;
  const [head = '', tail] = raw.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const full = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${full
    .slice(0, 4)
    .map((x) => parseInt(x || '0', 16).toString(16))
    .join(':')}::/64`;
}
