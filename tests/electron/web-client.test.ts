// The renderer's WebSocket transport (renderer/src/lib/ws-transport.ts) against the real browser-mode
// server, under Node's own WebSocket/fetch/File: invokes, events, reconnect, DISCONNECTED, uploads.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emit, Handlers } from '../../shared/ipc-contract.ts';
import { startWebServer, type WebServer } from '../../electron/web/http-server.ts';
import { createWsTransport, type ConnectionStatus } from '../../renderer/src/lib/ws-transport.ts';
import { testHandlers } from './web-support.ts';

let dir: string;
let staticDir: string;
let server: WebServer;
let emit: Emit = () => undefined;

async function start(port = 0, token?: string): Promise<WebServer> {
  const handlers: Handlers = {
    ...testHandlers(dir),
    // Never answers: lets the test observe an invoke in flight when the connection drops.
    'tasks:submit': () => new Promise(() => undefined),
  };
  return startWebServer({
    staticDir,
    port,
    token,
    createServices: () => ({
      handlers,
      setEmitter: (e: Emit) => {
        emit = e;
      },
      resolveAsset: () => null,
      uploadsDir: join(dir, 'uploads'),
    }),
  });
}

/** Node's WebSocket sends no Origin; a browser page always sends its own. */
const pageWs = (origin: string): typeof WebSocket =>
  class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, { protocols, headers: { origin } } as unknown as string[]);
    }
  };

const until = async (cond: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-client-'));
  staticDir = join(dir, 'renderer');
  await mkdir(staticDir, { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  server = await start();
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('createWsTransport', () => {
  it('invokes, refuses unknown channels locally and receives events after app:ready', async () => {
    const api = createWsTransport({ origin: server.origin, token: server.token, WebSocketImpl: pageWs(server.origin) });
    const got: string[] = [];
    api.on('task:removed', (p) => got.push(p.id));
    expect(await api.invoke('app:ready', undefined)).toMatchObject({ ok: true, value: { transport: 'web' } });
    expect(await api.invoke('nope:never' as 'app:ready', undefined)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    emit('task:removed', { id: 'a' });
    await until(() => got.length === 1);
    expect(got).toEqual(['a']);
    api.close();
  });

  it('fails in-flight invokes with DISCONNECTED, reconnects and resumes events', async () => {
    const api = createWsTransport({
      origin: server.origin,
      token: server.token,
      maxBackoffMs: 200,
      WebSocketImpl: pageWs(server.origin),
    });
    const statuses: ConnectionStatus[] = [];
    api.onStatus((s) => statuses.push(s));
    const got: string[] = [];
    api.on('task:removed', (p) => got.push(p.id));
    await api.invoke('app:ready', undefined);
    const hanging = api.invoke('tasks:submit', { paths: [] });
    await new Promise((r) => setTimeout(r, 50));
    const { port, token } = server;
    await server.close();
    expect(await hanging).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } });
    server = await start(port, token);
    await until(() => api.status === 'open');
    // The transport re-sent app:ready on its own, so events flow again without the app noticing.
    await until(() => {
      emit('task:removed', { id: 'after' });
      return got.includes('after');
    });
    expect(statuses).toEqual(expect.arrayContaining(['open', 'closed']));
    expect(await api.invoke('settings:get', undefined)).toMatchObject({ ok: true });
    api.close();
  });

  it('fails invokes with DISCONNECTED when the server cannot be reached', async () => {
    const api = createWsTransport({ origin: 'http://127.0.0.1:9', token: 'x', connectWaitMs: 300, maxBackoffMs: 100 });
    expect(await api.invoke('settings:get', undefined)).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } });
    api.close();
  });

  it('uploads files for pathsForFiles and reports server errors', async () => {
    const api = createWsTransport({ origin: server.origin, token: server.token, WebSocketImpl: pageWs(server.origin) });
    const files = [new File(['%PDF-1.4 a'], 'a.pdf'), new File(['second'], '第二.png')];
    const paths = await api.pathsForFiles(files);
    expect(paths).toHaveLength(2);
    expect(await readFile(paths[0]!, 'utf8')).toBe('%PDF-1.4 a');
    expect(paths[1]!.endsWith('第二.png')).toBe(true);
    const noAuth = createWsTransport({
      origin: server.origin,
      token: 'wrong-token',
      WebSocketImpl: pageWs(server.origin),
    });
    await expect(noAuth.pathsForFiles([new File(['x'], 'x.pdf')])).rejects.toThrow(
      /x\.pdf: Missing or wrong access token/,
    );
    api.close();
    noAuth.close();
  });
});
