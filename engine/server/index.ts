// The local SoMark-compatible engine over HTTP: startEngineServer() binds a server (loopback, random
// port by default) with the protocol routes under /api/v1. The desktop app runs it in a process of its own
// (child.ts); the CLI (engine/cli/server.ts) and every integration test start it the same way.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCodes } from '../errors.ts';
import { makeKeyCheck } from './auth.ts';
import { createEngineCore } from '../core/engine.ts';
import type { EngineCoreOptions } from '../core/engine-options.ts';
import { serveFile } from './files.ts';
import { checkedHost, errorBody, publicBase, sendEnvelope, sendError } from './http.ts';
import { checkRoute, parseRoute, usageRoute, type RouteContext } from './routes.ts';
import { applyServerLimits, createUploadGate } from './limits.ts';
import { createShares, type RequestShare } from './shares.ts';

export interface EngineServerOptions extends EngineCoreOptions {
  host?: string;
  port?: number;
  apiKeys?: string[];
  noAuth?: boolean;
  maxBytes?: number;
}

export interface EngineServer {
  /** `http://127.0.0.1:PORT/api/v1` */
  url: string;
  port: number;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v1';
const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse, ctx: RouteContext) => Promise<void>;

const POST_ROUTES: Record<string, Handler> = {
  '/parse/sync': (q, s, c) => parseRoute(q, s, c, 'sync'),
  '/extract/acc_sync': (q, s, c) => parseRoute(q, s, c, 'sync'),
  '/extract': (q, s, c) => parseRoute(q, s, c, 'extract'),
  '/parse/async': (q, s, c) => parseRoute(q, s, c, 'async'),
  '/extract/async': (q, s, c) => parseRoute(q, s, c, 'async'),
  '/parse/async_check': checkRoute,
  '/extract/async_check': checkRoute,
  '/usage': usageRoute,
};

export async function startEngineServer(opts: EngineServerOptions): Promise<EngineServer> {
  const apiKeys = (opts.apiKeys ?? []).filter((k) => k.length > 0);
  if (!opts.noAuth && apiKeys.length === 0)
    throw new Error('startEngineServer: give at least one API key or set noAuth');
  const log = opts.log ?? (() => {});
  const host = opts.host ?? '127.0.0.1';
  const core = await createEngineCore({ ...opts, log });
  const checkKey = makeKeyCheck(apiKeys, opts.noAuth === true);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const uploads = createUploadGate();
  const noAuth = opts.noAuth === true;
  const shares = createShares({ noAuth, log });
  let fallbackHost = host;

  const handle = async (req: IncomingMessage, res: ServerResponse, share: RequestShare): Promise<void> => {
    const client = checkedHost(req, host);
    if (!client)
      return sendEnvelope(res, ErrorCodes.PARAM_ERROR, `Unexpected Host header: use ${fallbackHost}`, null, 403);
    const path = new URL(req.url ?? '/', 'http://local').pathname.replace(/\/+$/, '');
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
      return sendEnvelope(
        res,
        ErrorCodes.PARAM_ERROR,
        `Not found: ${path || '/'} (the API lives under ${API_PREFIX})`,
        null,
        404,
      );
    }
    const sub = path.slice(API_PREFIX.length);
    const method = req.method ?? 'GET';
    if (sub === '') {
      if (method === 'GET' || method === 'HEAD')
        return sendEnvelope(res, 0, 'DocParse local engine', { engine: 'docparse-local', api: 'somark-v1' });
      return sendEnvelope(res, ErrorCodes.PARAM_ERROR, `Use GET or HEAD on ${API_PREFIX}`, null, 405, {
        allow: 'GET, HEAD',
      });
    }
    if (sub.startsWith('/files/')) {
      if (method !== 'GET' && method !== 'HEAD')
        return sendEnvelope(res, ErrorCodes.PARAM_ERROR, 'Use GET for files', null, 405, { allow: 'GET, HEAD' });
      return serveFile(res, core.store, sub.slice('/files/'.length), () => share.keyed(null));
    }
    const route = POST_ROUTES[sub];
    if (!route) return sendEnvelope(res, ErrorCodes.PARAM_ERROR, `Not found: ${path}`, null, 404);
    if (method !== 'POST')
      return sendEnvelope(res, ErrorCodes.PARAM_ERROR, `Use POST for ${path}`, null, 405, { allow: 'POST' });
    // A key that passes makes the connection keyed (under --no-auth no key proves anything).
    const keyed = (key: string | undefined): void => {
      checkKey(key);
      if (!noAuth) share.keyed(key ?? '');
    };
    await route(req, res, { core, checkKey: keyed, noAuth, uploads, maxBytes, base: publicBase(client), share });
  };

  const server = createServer((req, res) => {
    handle(req, res, shares.begin(req, res)).catch((e: unknown) => {
      sendError(res, e, log);
      // An early answer (too large, bad key): the rest of the upload is read and discarded, so the
      // client sees the answer rather than a broken pipe; a client still sending after 30 s is cut off.
      if (!req.complete) {
        req.resume();
        const timer = setTimeout(() => req.socket.destroy(), 30_000).unref();
        req.once('end', () => clearTimeout(timer));
      }
    });
  });
  applyServerLimits(server);
  server.on('connection', shares.accept);
  server.on('clientError', (_err, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = errorBody(ErrorCodes.PARAM_ERROR, 'Malformed HTTP request');
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => resolve());
    });
  } catch (e) {
    shares.close();
    await core.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  fallbackHost = `${hostForUrl}:${port}`;
  const url = `http://${fallbackHost}${API_PREFIX}`;
  log(`engine listening on ${url} (${core.pool.size} workers)`);

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    close: () =>
      (closing ??= (async () => {
        shares.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await core.close();
        server.closeAllConnections();
        await closed;
      })()),
  };
}
