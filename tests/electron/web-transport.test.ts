// Browser-mode transport against a real HTTP/WebSocket server (web-fixture.ts): token (subprotocol,
// header; no cookie), Host/Origin checks, and the IPC contract over /ipc.
import { describe, expect, it } from 'vitest';
import type { Task } from '../../shared/task.ts';
import { http, IpcClient } from './web-support.ts';
import { asPage, emit, server, startTestWebServer, wsUrl } from './web-fixture.ts';

startTestWebServer();

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
