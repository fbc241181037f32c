// Browser mode's HTTP server on loopback: the renderer build (public code, no secrets), WebSocket IPC
// (/ipc: token as subprotocol, own Origin only), uploads (/upload: token header) and assets
// (/assets/<asset key>/…), see auth.ts. Services are created once the port is known (their
// asset URLs contain it); requests that arrive earlier wait for them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AppServices } from '../services/app-types.ts';
import { buildCsp } from '../shell/policy.ts';
import { authenticate, generateToken, hostAllowed, originAllowed, tokensEqual, upgradeOriginAllowed } from './auth.ts';
import { serveAsset, serveStatic } from './static.ts';
import { handleUpload, sendJson } from './upload.ts';
import { createWsIpc, type WsIpc } from './ws-ipc.ts';

/** What the transport needs from the services. */
type WebServices = Pick<AppServices, 'handlers' | 'setEmitter' | 'resolveAsset' | 'uploadsDir'> &
  Partial<Pick<AppServices, 'pageImage'>>;

export interface WebServerOptions {
  /** Built renderer (out/renderer). */
  staticDir: string;
  /** 0 = random. */
  port?: number;
  /** Try this port first and fall back to a random one when it is taken. */
  preferredPort?: number;
  /** Fixed token (tests keep it across restarts); default: random. */
  token?: string;
  createServices(info: { port: number; origin: string; assetUrlBase: string }): Promise<WebServices> | WebServices;
  log?: (line: string) => void;
}

export interface WebServer {
  port: number;
  token: string;
  origin: string;
  /** Prefix of asset URLs (ends with '/'); the services get the same one. */
  assetUrlBase: string;
  /** Page URL with the token: what the user opens. */
  url: string;
  services: WebServices;
  ipc: WsIpc;
  /** Stops accepting, drops WebSocket clients, closes the HTTP server (not the services). */
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error): void => reject(e);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function deny(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { ok: false, error: { code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', message } });
}

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const log = opts.log ?? (() => {});
  const token = opts.token ?? generateToken();
  const assetKey = generateToken();
  let port = 0;
  let services: WebServices | null = null;
  let ipc: WsIpc | null = null;
  let csp = '';

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!hostAllowed(req, port)) return deny(res, 403, 'Unexpected Host header');
    if (!services) return deny(res, 503, 'Starting');
    if (url.pathname === '/upload') {
      if (!authenticate(req, token)) return deny(res, 401, 'Missing or wrong access token');
      if (req.method !== 'POST') return deny(res, 405, 'Use POST');
      if (!originAllowed(req, port)) return deny(res, 403, 'Cross-origin upload refused');
      return handleUpload(req, res, services.uploadsDir);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, 405, 'Method not allowed');
    if (url.pathname.startsWith('/assets/')) {
      const [key, ...rest] = url.pathname.slice('/assets/'.length).split('/');
      if (!tokensEqual(key, assetKey)) return deny(res, 404, 'Not found');
      const svc = services;
      return serveAsset(
        req,
        res,
        rest.join('/'),
        (rel) => svc.resolveAsset(rel),
        svc.pageImage && ((rel) => svc.pageImage!(rel)),
      );
    }
    return serveStatic(req, res, opts.staticDir, url.pathname, csp);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      log(
        `web: ${req.method} ${(req.url ?? '/').split(/[?#]/, 1)[0]!.replace(/^\/assets\/[^/]+/, '/assets/…')} failed: ${e instanceof Error ? e.message : String(e)}`,
      );
      if (!res.headersSent) deny(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/ipc' || !ipc) return rejectUpgrade(socket, 404, 'Not Found');
    if (!hostAllowed(req, port) || !upgradeOriginAllowed(req, port)) return rejectUpgrade(socket, 403, 'Forbidden');
    if (!authenticate(req, token)) return rejectUpgrade(socket, 401, 'Unauthorized');
    const wss = ipc.wss;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const want = opts.port ?? opts.preferredPort ?? 0;
  try {
    port = await listen(server, want);
  } catch (e) {
    if (opts.port !== undefined || (e as { code?: string }).code !== 'EADDRINUSE') throw e;
    log(`web: port ${want} is taken, using a random port`);
    port = await listen(server, 0);
  }
  const origin = `http://127.0.0.1:${port}`;
  const assetUrlBase = `${origin}/assets/${assetKey}/`;
  csp = buildCsp({ connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] });
  try {
    services = await opts.createServices({ port, origin, assetUrlBase });
  } catch (e) {
    server.close();
    throw e;
  }
  ipc = createWsIpc(services.handlers, log);
  services.setEmitter(ipc.hub.emit);
  const live = ipc;

  return {
    port,
    token,
    origin,
    assetUrlBase,
    services,
    ipc: live,
    url: `${origin}/?token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        live.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
