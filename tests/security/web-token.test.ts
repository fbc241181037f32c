// Finding 6 (medium): browser mode's token is no cookie (cookies ignore ports: any other local server
// would receive it) and never in a URL; WebSocket upgrades need our Origin; the engine answers only
// to a Host that names it (DNS rebinding) and puts no foreign Host into result URLs.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../electron/web/http-server.ts';
import { createWsTransport } from '../../renderer/src/lib/ws-transport.ts';
import { http, IpcClient, testHandlers } from '../electron/web-support.ts';
import { ENGINE_KEY, removeTemps, startEngineProcess, tempDir, type EngineProcess } from './support.ts';

let server: WebServer;
beforeAll(async () => {
  const dir = await tempDir();
  await mkdir(join(dir, 'renderer'), { recursive: true });
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>DocParse Desktop</title>');
  server = await startWebServer({
    staticDir: join(dir, 'renderer'),
    port: 0,
    createServices: () => ({
      handlers: testHandlers(dir),
      setEmitter: () => undefined,
      resolveAsset: () => null,
      uploadsDir: join(dir, 'uploads'),
    }),
  });
});
afterAll(async () => {
  await server.close();
  await removeTemps();
});

describe('browser-mode token', () => {
  it('the printed link sets no cookie, and a cookie carrying the token opens nothing', async () => {
    const page = await http(server.url);
    expect(page.headers['set-cookie']).toBeUndefined();
    const cookie = `docparse_token_${server.port}=${server.token}`;
    const upload = await http(`${server.origin}/upload`, {
      method: 'POST',
      headers: { cookie, 'x-file-name': 'a.pdf' },
      body: 'x',
    });
    expect(upload.status).toBe(401);
    await expect(
      IpcClient.open(`ws://127.0.0.1:${server.port}/ipc`, { headers: { cookie, origin: server.origin } }),
    ).rejects.toThrow('HTTP 401');
  });

  it('a WebSocket upgrade without an Origin is refused, even with the token', async () => {
    const protocols = ['docparse.v1', `token.${server.token}`];
    await expect(IpcClient.open(`ws://127.0.0.1:${server.port}/ipc`, { protocols })).rejects.toThrow('HTTP 403');
    const ok = await IpcClient.open(`ws://127.0.0.1:${server.port}/ipc`, {
      protocols,
      headers: { origin: server.origin },
    });
    expect(await ok.invoke('app:ready')).toMatchObject({ ok: true });
    await ok.close();
  });

  it('the page sends the token as a subprotocol, not in the WebSocket URL', async () => {
    const opened: { url: string; protocols: unknown }[] = [];
    class Spy {
      onopen = null;
      onclose = null;
      onerror = null;
      onmessage = null;
      readyState = 0;
      constructor(url: string, protocols?: unknown) {
        opened.push({ url, protocols });
      }
      send(): void {}
      close(): void {}
    }
    const t = createWsTransport({
      origin: server.origin,
      token: 'secret-token-123',
      WebSocketImpl: Spy as unknown as typeof WebSocket,
      connectWaitMs: 50,
    });
    await t.invoke('app:ready', undefined);
    t.close();
    expect(opened[0]!.url).not.toContain('secret-token-123');
    expect(opened[0]!.protocols).toContain('token.secret-token-123');
  });
});

describe('engine Host check', () => {
  let engine: EngineProcess;
  beforeAll(async () => {
    engine = await startEngineProcess();
  });
  afterAll(() => engine.stop());

  const usage = (host: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const body = `api_key=${ENGINE_KEY}`;
      import('node:http').then(({ request }) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: engine.port,
            path: '/api/v1/usage',
            method: 'POST',
            headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(`${res.statusCode} ${text}`));
          },
        );
        req.on('error', reject);
        req.end(body);
      }, reject);
    });

  it('refuses a foreign Host (a DNS-rebinding page), accepts its own loopback names', async () => {
    expect(await usage(`attacker.example:${engine.port}`)).toMatch(/^403 /);
    expect(await usage(`192.168.1.10:${engine.port}`)).toMatch(/^403 /); // loopback bind: loopback names only
    expect(await usage(`127.0.0.1:${engine.port}`)).toMatch(/^200 .*"code":0/);
    expect(await usage(`localhost:${engine.port}`)).toMatch(/^200 .*"code":0/);
  });
});
