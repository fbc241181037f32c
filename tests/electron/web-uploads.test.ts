// Browser mode's uploads and assets over a real HTTP server (web-fixture.ts), and the port it takes when
// the preferred one is busy.
import { readFile } from 'node:fs/promises';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWebServer } from '../../electron/web/http-server.ts';
import { http, testHandlers } from './web-support.ts';
import { dir, server, startTestWebServer, tokenHeader } from './web-fixture.ts';

startTestWebServer();

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
