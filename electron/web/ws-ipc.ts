// The IPC contract over a WebSocket (/ipc):
//   renderer → server  {id, channel, req}
//   server → renderer  {id, result: IpcResult}   and   {event, payload}
// Unknown channels are refused with UNKNOWN_CHANNEL; events are queued per connection until that
// connection invoked 'app:ready' (the same handshake as Electron's preload).
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { IPC_PROTOCOL } from './auth.ts';
import type { Handlers } from '../../shared/ipc-contract.ts';
import type { IpcResult } from '../../shared/result.ts';
import { createDispatcher, EmitterHub, EventGate, READY_CHANNEL } from '../shell/ipc-core.ts';

/** Largest accepted message; requests carry paths and options, never file contents. */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface WsIpc {
  readonly wss: WebSocketServer;
  readonly hub: EmitterHub;
  /** Number of open connections. */
  readonly connections: number;
  close(): void;
}

type Incoming = { id: number | string; channel: unknown; req?: unknown };

function parseMessage(data: RawData): Incoming | { id: number | string | null; bad: string } {
  let msg: unknown;
  try {
    msg = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
  } catch {
    return { id: null, bad: 'Message is not JSON' };
  }
  if (typeof msg !== 'object' || msg === null) return { id: null, bad: 'Message is not an object' };
  const { id, channel, req } = msg as Record<string, unknown>;
  const validId = (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.length <= 64);
  if (!validId) return { id: null, bad: 'Message has no id' };
  return { id: id as number | string, channel, req };
}

export function createWsIpc(handlers: Handlers, log: (line: string) => void = () => {}): WsIpc {
  const dispatch = createDispatcher(handlers);
  const hub = new EmitterHub();
  // The answer names our protocol, never the token.* one the client offered alongside it.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    handleProtocols: (offered) => (offered.has(IPC_PROTOCOL) ? IPC_PROTOCOL : false),
  });

  const send = (socket: WebSocket, message: unknown): boolean => {
    if (socket.readyState !== WebSocket.OPEN) return false;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (e) {
      log(`ipc: could not serialise a message: ${e instanceof Error ? e.message : String(e)}`);
      const id = (message as { id?: unknown }).id;
      if (id === undefined) return true;
      text = JSON.stringify({
        id,
        result: { ok: false, error: { code: 'INTERNAL', message: 'Reply could not be serialised' } },
      });
    }
    socket.send(text);
    return true;
  };

  wss.on('connection', (socket) => {
    const gate = new EventGate({ deliver: ({ channel, payload }) => send(socket, { event: channel, payload }) });
    const detach = hub.add(gate);
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        socket.close(1003, 'Binary messages are not supported');
        return;
      }
      const msg = parseMessage(data);
      if ('bad' in msg) {
        if (msg.id !== null)
          send(socket, { id: msg.id, result: { ok: false, error: { code: 'BAD_REQUEST', message: msg.bad } } });
        else log(`ipc: dropped a malformed message (${msg.bad})`);
        return;
      }
      void dispatch(msg.channel, msg.req).then((result: IpcResult<unknown>) => {
        send(socket, { id: msg.id, result });
        if (msg.channel === READY_CHANNEL && result.ok) gate.markReady();
      });
    });
    socket.on('close', () => {
      detach();
      gate.clear();
    });
    socket.on('error', (e) => log(`ipc: socket error: ${e.message}`));
  });

  return {
    wss,
    hub,
    get connections() {
      return wss.clients.size;
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
