// Browser mode's RendererApi: the IPC contract over a WebSocket to electron/web/server.ts.
// Connects lazily, reconnects with backoff, fails in-flight invokes with DISCONNECTED when the socket
// drops, re-sends 'app:ready' after a reconnect so events resume, and uploads files for pathsForFiles.
import { isEventChannel, isInvokeChannel, type RendererApi } from '../../../shared/ipc-contract.ts';
import type { IpcResult } from '../../../shared/result.ts';
import { upload } from './upload.ts';

/** Mirrors electron/web/auth.ts (the renderer cannot import Node code). */
const IPC_PROTOCOL = 'docparse.v1';
const TOKEN_PROTOCOL_PREFIX = 'token.';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface WsTransportOptions {
  /** Server origin, e.g. 'http://127.0.0.1:5180' (default: the page's origin). */
  origin?: string;
  /** Access token: sent as a WebSocket subprotocol and as the upload header (never in a URL or cookie). */
  token?: string | null;
  /** How long an invoke waits for a connection before failing with DISCONNECTED. */
  connectWaitMs?: number;
  maxBackoffMs?: number;
  WebSocketImpl?: typeof WebSocket;
}

export interface WsTransport extends RendererApi {
  readonly status: ConnectionStatus;
  /** Called on every status change; returns an unsubscribe function. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  close(): void;
}

type Pending = { resolve: (r: IpcResult<unknown>) => void; timer?: ReturnType<typeof setTimeout> };

const disconnected = (message: string): IpcResult<never> => ({ ok: false, error: { code: 'DISCONNECTED', message } });

export function createWsTransport(opts: WsTransportOptions = {}): WsTransport {
  const origin = opts.origin ?? globalThis.location.origin;
  const token = opts.token ?? null;
  const WS = opts.WebSocketImpl ?? globalThis.WebSocket;
  const connectWaitMs = opts.connectWaitMs ?? 15_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 5_000;
  const wsUrl = `${origin.replace(/^http/, 'ws')}/ipc`;
  const protocols = token ? [IPC_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`] : [IPC_PROTOCOL];

  let socket: WebSocket | null = null;
  let status: ConnectionStatus = 'idle';
  let closedByUser = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;
  /** The app completed the ready handshake once: redo it after every reconnect. */
  let wantsEvents = false;
  const inFlight = new Map<number, Pending>();
  const outbox = new Map<number, Pending & { text: string }>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(s: ConnectionStatus) => void>();

  const setStatus = (s: ConnectionStatus): void => {
    if (s === status) return;
    status = s;
    for (const l of statusListeners) l(s);
  };

  const onMessage = (ev: MessageEvent): void => {
    let msg: { id?: unknown; result?: IpcResult<unknown>; event?: unknown; payload?: unknown };
    try {
      msg = JSON.parse(String(ev.data)) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg.id === 'number' && msg.result) {
      const p = inFlight.get(msg.id);
      inFlight.delete(msg.id);
      p?.resolve(msg.result);
    } else if (typeof msg.event === 'string') {
      for (const l of [...(listeners.get(msg.event) ?? [])]) {
        try {
          l(msg.payload);
        } catch (e) {
          console.error(`Listener for ${msg.event} failed:`, e);
        }
      }
    }
  };

  const connect = (): void => {
    if (closedByUser || socket) return;
    setStatus('connecting');
    const ws = new WS(wsUrl, protocols);
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      setStatus('open');
      if (wantsEvents) sendNow('app:ready', undefined, () => undefined);
      for (const [id, p] of outbox) {
        clearTimeout(p.timer);
        outbox.delete(id);
        inFlight.set(id, p);
        ws.send(p.text);
      }
    };
    ws.onmessage = onMessage;
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      for (const [id, p] of inFlight) {
        inFlight.delete(id);
        p.resolve(disconnected('Connection to the app server was lost'));
      }
      setStatus('closed');
      if (closedByUser) return;
      const delay = Math.min(maxBackoffMs, 250 * 2 ** attempts) * (0.8 + Math.random() * 0.4);
      attempts++;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        connect();
      }, delay);
    };
  };

  function sendNow(channel: string, req: unknown, resolve: (r: IpcResult<unknown>) => void): void {
    const id = nextId++;
    const text = JSON.stringify({ id, channel, req });
    if (socket && socket.readyState === WS.OPEN) {
      inFlight.set(id, { resolve });
      socket.send(text);
      return;
    }
    const timer = setTimeout(() => {
      outbox.delete(id);
      resolve(disconnected('Could not reach the app server'));
    }, connectWaitMs);
    outbox.set(id, { resolve, timer, text });
    connect();
  }

  const api: WsTransport = {
    get status() {
      return status;
    },
    invoke(channel, req) {
      if (!isInvokeChannel(channel)) {
        return Promise.resolve({
          ok: false,
          error: { code: 'UNKNOWN_CHANNEL', message: `Channel not allowed: ${String(channel)}` },
        });
      }
      return new Promise((resolve) => {
        sendNow(channel, req, (r) => {
          if (channel === 'app:ready' && r.ok) wantsEvents = true;
          resolve(r as never);
        });
      });
    },
    on(channel, listener) {
      if (!isEventChannel(channel) || typeof listener !== 'function') return () => undefined;
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const l = listener as (payload: unknown) => void;
      set.add(l);
      connect();
      return () => {
        set.delete(l);
      };
    },
    async pathsForFiles(files) {
      const paths: string[] = [];
      for (const file of files) paths.push(await upload(origin, token, file as File));
      return paths;
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      closedByUser = true;
      if (retryTimer) clearTimeout(retryTimer);
      const ws = socket;
      socket = null;
      for (const p of [...inFlight.values(), ...outbox.values()]) {
        clearTimeout(p.timer);
        p.resolve(disconnected('Transport closed'));
      }
      inFlight.clear();
      outbox.clear();
      ws?.close();
      setStatus('closed');
    },
  };
  return api;
}
