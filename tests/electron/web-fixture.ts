// A browser-mode server for transport tests: startWebServer over a temp folder (a renderer build with
// index.html and an asset, a result's original and a download) with a small handlers object; the page's
// ways in (WebSocket URL, subprotocols, token header).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Emit } from '../../shared/ipc-contract.ts';
import { startWebServer, type WebServer } from '../../electron/web/http-server.ts';
import { testHandlers } from './web-support.ts';

/** The temp folder (set before the tests run). */
export let dir: string;
/** The running server (set before the tests run). */
export let server: WebServer;
/** What the server's services emit with. */
export let emit: Emit = () => undefined;

/** Starts the server before the tests of the calling file and removes it after them. */
export function startTestWebServer(): void {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'web-transport-'));
    const staticDir = join(dir, 'renderer');
    await mkdir(join(staticDir, 'assets'), { recursive: true });
    await writeFile(
      join(staticDir, 'index.html'),
      '<!doctype html><title>DocParse Desktop</title><div id="root"></div>',
    );
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
}

export const wsUrl = (query = ''): string => `ws://127.0.0.1:${server.port}/ipc${query}`;
/** What the page sends: its own Origin and the token as a subprotocol. */
export const asPage = (token = server.token): { headers: Record<string, string>; protocols: string[] } => ({
  headers: { origin: server.origin },
  protocols: ['docparse.v1', `token.${token}`],
});
export const tokenHeader = (): Record<string, string> => ({ 'x-docparse-token': server.token });
