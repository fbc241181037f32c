// Helpers for the browser-mode transport tests: a tiny handlers object (the real services are covered
// by web-cli.test.ts), a WebSocket client speaking the contract, and plain HTTP requests.
import { request, type IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import type { EventMap, Handlers } from '../../shared/ipc-contract.ts';
import { CodedError, type IpcResult } from '../../shared/result.ts';
import type { Settings } from '../../shared/task.ts';

export function testHandlers(dataDir: string): Handlers {
  const settings = { theme: 'light' } as Settings;
  const partial: Partial<Handlers> = {
    'app:ready': async () => ({
      version: '0.0.0-test',
      transport: 'web',
      platform: process.platform,
      locale: 'en',
      dataDir,
    }),
    'settings:get': async () => settings,
    'settings:set': async (req) => Object.assign(settings, req),
    'key:set': async (req) => {
      if (!req.apiKey.startsWith('sk-')) throw new CodedError('INVALID_KEY', 'API keys start with sk-');
      return {
        set: true,
        last4: req.apiKey.slice(-4),
        storage: 'memory',
        keychainAvailable: false,
        keychainError: null,
      };
    },
  };
  return partial as Handlers;
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function http(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

type Message = { id?: number; result?: IpcResult<unknown>; event?: keyof EventMap; payload?: unknown };

/** A contract client over `ws`, recording every event it receives. */
export class IpcClient {
  readonly events: { event: string; payload: unknown }[] = [];
  #ws: WebSocket;
  #next = 1;
  #pending = new Map<number, (r: IpcResult<unknown>) => void>();

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as Message;
      if (typeof msg.id === 'number' && msg.result) this.#pending.get(msg.id)?.(msg.result);
      else if (msg.event) this.events.push({ event: msg.event, payload: msg.payload });
    });
  }

  static open(url: string, o: { headers?: Record<string, string>; protocols?: string[] } = {}): Promise<IpcClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, o.protocols ?? [], { headers: o.headers ?? {} });
      ws.once('open', () => resolve(new IpcClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  invoke(channel: string, req?: unknown): Promise<IpcResult<unknown>> {
    return this.sendRaw({ id: this.#next++, channel, req });
  }

  sendRaw(message: { id: number } & Record<string, unknown>): Promise<IpcResult<unknown>> {
    return new Promise((resolve) => {
      this.#pending.set(message.id, resolve);
      this.#ws.send(JSON.stringify(message));
    });
  }

  sendText(text: string): void {
    this.#ws.send(text);
  }

  /** Waits until `n` events arrived (or fails after `ms`). */
  async waitForEvents(n: number, ms = 2000): Promise<void> {
    const until = Date.now() + ms;
    while (this.events.length < n) {
      if (Date.now() > until) throw new Error(`expected ${n} events, got ${this.events.length}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#ws.readyState === WebSocket.CLOSED) return resolve();
      this.#ws.once('close', () => resolve());
      this.#ws.close();
    });
  }
}
