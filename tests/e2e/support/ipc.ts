// Talking the IPC contract directly in e2e tests: from the page (its cookie authenticates, exactly as
// the app's own transport does) or from the test process (with the token), e.g. to set up state.
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import type { InvokeChannel, Req, Res } from '../../../shared/ipc-contract.ts';
import type { IpcResult } from '../../../shared/result.ts';
import type { WebApp } from './web-app.ts';

type Result<K> = K extends InvokeChannel ? IpcResult<Res<K>> : IpcResult<unknown>;

/** One invoke over a fresh WebSocket opened inside the page with its token. Unknown channels are allowed (to test refusal). */
export async function invokeInPage<K extends InvokeChannel | string>(
  page: Page,
  channel: K,
  req?: K extends InvokeChannel ? Req<K> : unknown,
): Promise<Result<K>> {
  return page.evaluate(
    ({ channel, req }) =>
      new Promise<never>((resolve, reject) => {
        // The page's token, where the app keeps it (sessionStorage), as the app sends it (a subprotocol).
        const token = sessionStorage.getItem('docparse.token') ?? '';
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ipc`, ['docparse.v1', `token.${token}`]);
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, channel, req }));
        ws.onmessage = (ev) => {
          const msg = JSON.parse(String(ev.data)) as { id?: number; result?: never };
          if (msg.id === 1) {
            ws.close();
            resolve(msg.result as never);
          }
        };
        ws.onerror = () => reject(new Error('WebSocket to /ipc failed'));
      }),
    { channel: channel as string, req: req as unknown },
  ) as Promise<Result<K>>;
}

/** A socket like the page's: its Origin, the token as a subprotocol. */
const pageSocket = (app: WebApp): WebSocket =>
  new WebSocket(`ws://127.0.0.1:${app.port}/ipc`, ['docparse.v1', `token.${app.token}`], {
    headers: { origin: `http://127.0.0.1:${app.port}` },
  });

/** One invoke from the test process, authenticated with the app's token. */
export async function invokeFromTest<K extends InvokeChannel>(
  app: WebApp,
  channel: K,
  req?: Req<K>,
): Promise<IpcResult<Res<K>>> {
  const ws = pageSocket(app);
  try {
    return await new Promise((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel, req })));
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { id?: number; result?: IpcResult<Res<K>> };
        if (msg.id === 1 && msg.result) resolve(msg.result);
      });
      ws.once('error', reject);
    });
  } finally {
    ws.close();
  }
}
