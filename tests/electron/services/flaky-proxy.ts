// A loopback proxy in front of the real engine that fails chosen requests the way a network or a
// busy hosted service does (HTTP 5xx, rate-limit codes, FAILED tasks, garbage) — conditions the local
// engine cannot produce. Everything it does not fail is forwarded to the engine untouched.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'code'; code: number; message: string }
  | { kind: 'raw'; body: string }
  /** Forward, then replace the answer's status with FAILED (async_check only). */
  | { kind: 'remote-failed'; error: string };

/** Decides per request: undefined forwards it. `n` counts requests to the same path (from 1). */
export type Plan = (path: string, n: number) => Fault | undefined;

export interface FlakyProxy {
  url: string;
  counts: Map<string, number>;
  close(): Promise<void>;
}

const drain = async (req: IncomingMessage): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

function forward(
  engine: URL,
  req: IncomingMessage,
  body: Buffer | null,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const up = request(
      { host: engine.hostname, port: engine.port, method: req.method, path: req.url, headers: req.headers },
      async (res) => {
        const b = await drain(res);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (typeof v === 'string' && k !== 'content-length' && k !== 'transfer-encoding') headers[k] = v;
        resolve({ status: res.statusCode ?? 502, headers, body: b });
      },
    );
    up.on('error', reject);
    if (body) up.end(body);
    else req.pipe(up);
  });
}

export async function startFlakyProxy(engineUrl: string, plan: Plan): Promise<FlakyProxy> {
  const engine = new URL(engineUrl);
  const counts = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v1/, '');
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    const fault = plan(path, n);
    void (async () => {
      if (!fault) {
        const up = await forward(engine, req, null);
        res.writeHead(up.status, up.headers).end(up.body);
        return;
      }
      if (fault.kind === 'remote-failed') {
        const up = await forward(engine, req, await drain(req));
        const env = JSON.parse(up.body.toString('utf8'));
        env.data = { ...env.data, status: 'FAILED', result: null, error: fault.error };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(env));
        return;
      }
      await drain(req);
      if (fault.kind === 'status')
        res.writeHead(fault.status, { 'content-type': 'text/plain' }).end('upstream trouble');
      else if (fault.kind === 'code')
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: fault.code, message: fault.message, data: null }));
      else res.writeHead(200, { 'content-type': 'application/json' }).end(fault.body);
    })().catch(() => res.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    counts,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
