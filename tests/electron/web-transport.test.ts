// Browser-mode transport against a real HTTP/WebSocket server (startWebServer) with a small handlers
// object: token (subprotocol, header; no cookie), Host/Origin checks, the IPC contract over /ipc, uploads and assets.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emit } from '../../shared/ipc-contract.ts';
import type { Task } from '../../shared/task.ts';
import { startWebServer, type WebServer } from '../../electron/web/http-server.ts';
import { http, IpcClient, testHandlers } from './web-support.ts';

let dir: string;
let server: WebServer;
let emit: Emit = () => undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-transport-'));
  const staticDir = join(dir, 'renderer');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>DocParse Desktop</title><div id="root"></div>');
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  const data = join(dir, 'data');
  await mkdir(join(data, 'results', 't1'), { recursive: true });
  await writeFile(join(data, 'results', 't1', 'original.pdf'), '%PDF-1.7 0123456789');
  await mkdir(join(data, 'downloads', 'abc'), { recursive: true });
  await writeFile(join(data, 'downloads', 'abc', 'Résumé.md'), '# hi');
  server = await startWebServer({
    staticDir,
    port: 0,
    createServices: ({ origin }) => ({
      handlers: testHandlers(data),
      setEmitter: (e: Emit) => {
        emit = e;
      },
      resolveAsset: (rel: string) => {
        const abs = resolve(data, rel);
        return abs.startsWith(data + sep) && origin.startsWith('http://127.0.0.1:') ? abs : null;
      },
      uploadsDir: join(data, 'uploads'),
    }),
  });
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const wsUrl = (query = ''): string => `ws://127.0.0.1:${server.port}/ipc${query}`;
/** What the page sends: its own Origin and the token as a subprotocol. */
const asPage = (token = server.token): { headers: Record<string, string>; protocols: string[] } => ({
  headers: { origin: server.origin },
  protocols: ['docparse.v1', `token.${token}`],
});
const tokenHeader = (): Record<string, string> => ({ 'x-docparse-token': server.token });

describe('access control', () => {
  it('prints a loopback URL with a long random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
  });

  it('serves the page (public code) with its CSP and no cookie; everything else needs the token', async () => {
    const page = await http(server.url);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('DocParse Desktop');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain(`ws://127.0.0.1:${server.port}`);
    expect((await http(`${server.origin}/assets/results/t1/original.pdf`)).status).toBe(404); // no asset key
    expect(
      (await http(`${server.origin}/upload`, { method: 'POST', headers: { 'x-file-name': 'a.pdf' }, body: 'x' }))
        .status,
    ).toBe(401);
    await expect(IpcClient.open(wsUrl(), { headers: { origin: server.origin } })).rejects.toThrow('HTTP 401');
    await expect(
      IpcClient.open(wsUrl(`?token=${server.token}`), { headers: { origin: server.origin } }),
    ).rejects.toThrow('HTTP 401');
    await expect(IpcClient.open(wsUrl(), asPage('wrong'))).rejects.toThrow('HTTP 401');
    const js = await http(`${server.origin}/assets/app.js`);
    expect(js.status).toBe(404); // /assets/ is the services' asset route, not the build's
  });

  it('refuses foreign Host headers (DNS rebinding) and foreign or missing WebSocket origins', async () => {
    expect((await http(server.url, { headers: { host: 'evil.example' } })).status).toBe(403);
    await expect(IpcClient.open(wsUrl(), { ...asPage(), headers: { origin: 'https://evil.example' } })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(IpcClient.open(wsUrl(), { ...asPage(), headers: {} })).rejects.toThrow('HTTP 403');
  });
});

describe('IPC over /ipc', () => {
  it('answers invokes with envelopes and refuses unknown channels', async () => {
    const c = await IpcClient.open(wsUrl(), asPage());
    expect(await c.invoke('app:ready')).toMatchObject({ ok: true, value: { transport: 'web', version: '0.0.0-test' } });
    expect(await c.invoke('key:set', { apiKey: 'bad' })).toEqual({
      ok: false,
      error: { code: 'INVALID_KEY', message: 'API keys start with sk-' },
    });
    expect(await c.invoke('shell:exec', { cmd: 'rm -rf /' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    expect(await c.invoke('tasks:list')).toMatchObject({ ok: false, error: { code: 'NOT_IMPLEMENTED' } });
    expect(await c.sendRaw({ id: 99 })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    c.sendText('not json');
    expect(await c.invoke('settings:get')).toMatchObject({ ok: true });
    await c.close();
  });

  it('queues events per connection until app:ready, then delivers them in order', async () => {
    const c = await IpcClient.open(wsUrl(), asPage());
    emit('task:removed', { id: 'early' });
    emit('task:updated', { id: 't1', state: 'PROCESSING' } as Task);
    await new Promise((r) => setTimeout(r, 50));
    expect(c.events).toEqual([]);
    await c.invoke('app:ready');
    await c.waitForEvents(2);
    emit('settings:changed', { theme: 'dark' } as never);
    await c.waitForEvents(3);
    expect(c.events.map((e) => e.event)).toEqual(['task:removed', 'task:updated', 'settings:changed']);
    await c.close();
  });

  it('fans events out to every ready connection and forgets closed ones', async () => {
    const a = await IpcClient.open(wsUrl(), asPage());
    const b = await IpcClient.open(wsUrl(), asPage());
    await a.invoke('app:ready');
    await b.invoke('app:ready');
    await b.close();
    await new Promise((r) => setTimeout(r, 50));
    emit('task:removed', { id: 'x' });
    await a.waitForEvents(1);
    expect(b.events).toEqual([]);
    expect(server.ipc.connections).toBe(1);
    await a.close();
  });
});

describe('uploads and assets', () => {
  it('streams an upload into the uploads folder and returns its path', async () => {
    const body = Buffer.from('%PDF-1.4 uploaded');
    const r = await http(`${server.origin}/upload`, {
      method: 'POST',
      headers: {
        ...tokenHeader(),
        'x-file-name': encodeURIComponent('../../Rapport été.pdf'),
        'content-type': 'application/octet-stream',
      },
      body,
    });
    expect(r.status).toBe(200);
    const { value } = JSON.parse(r.body.toString()) as { value: { path: string; size: number } };
    expect(value.size).toBe(body.length);
    expect(value.path.startsWith(join(dir, 'data', 'uploads') + sep)).toBe(true);
    expect(value.path.endsWith('.._.._Rapport été.pdf')).toBe(true);
    expect(await readFile(value.path)).toEqual(body);
  });

  it('refuses uploads without a name or from another origin', async () => {
    const noName = await http(`${server.origin}/upload`, { method: 'POST', headers: tokenHeader(), body: 'x' });
    expect(noName.status).toBe(400);
    const foreign = await http(`${server.origin}/upload`, {
      method: 'POST',
      headers: { ...tokenHeader(), origin: 'https://evil.example', 'x-file-name': 'a.pdf' },
      body: 'x',
    });
    expect(foreign.status).toBe(403);
  });

  it('serves assets through resolveAsset with ranges, and 404 outside it', async () => {
    const h = {};
    const a = server.assetUrlBase;
    const whole = await http(`${a}results/t1/original.pdf`, { headers: h });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    const part = await http(`${a}results/t1/original.pdf`, { headers: { ...h, range: 'bytes=9-12' } });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('0123');
    expect((await http(`${a}..%2f..%2fetc/passwd`, { headers: h })).status).toBe(404);
    expect((await http(`${a}results/none.png`, { headers: h })).status).toBe(404);
    const dl = await http(`${a}downloads/abc/R%C3%A9sum%C3%A9.md`, { headers: h });
    expect(dl.status).toBe(200);
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9.md");
  });
});

describe('ports', () => {
  it('falls back to a random port when the preferred one is taken, but not when one was asked for', async () => {
    const blocker = createTcpServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = (blocker.address() as AddressInfo).port;
    const services = () => ({
      handlers: testHandlers(dir),
      setEmitter: () => undefined,
      resolveAsset: () => null,
      uploadsDir: dir,
    });
    try {
      const s = await startWebServer({ staticDir: dir, preferredPort: taken, createServices: services });
      expect(s.port).not.toBe(taken);
      await s.close();
      await expect(startWebServer({ staticDir: dir, port: taken, createServices: services })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      blocker.close();
    }
  });
});
