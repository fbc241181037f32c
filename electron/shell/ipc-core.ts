// Transport-neutral IPC logic shared by Electron main (main/ipc.ts) and browser mode (electron/web/).
// Nothing here imports 'electron', so it runs (and is tested) under plain Node.
import {
  isEventChannel,
  isInvokeChannel,
  type Emit,
  type EventChannel,
  type EventMap,
  type Handlers,
} from '../../shared/ipc-contract.ts';
import { toAppError, type IpcResult } from '../../shared/result.ts';

const UNKNOWN_CHANNEL = 'UNKNOWN_CHANNEL';
export const FORBIDDEN = 'FORBIDDEN';
/** The invoke whose success opens the event gate. */
export const READY_CHANNEL = 'app:ready';

/** One dispatch: allowlist check, handler call, envelope. Never throws, never rejects. */
export type Dispatch = (channel: unknown, req: unknown) => Promise<IpcResult<unknown>>;

export function createDispatcher(handlers: Handlers): Dispatch {
  return async (channel, req) => {
    if (!isInvokeChannel(channel)) {
      return { ok: false, error: { code: UNKNOWN_CHANNEL, message: `Channel not allowed: ${channelName(channel)}` } };
    }
    const handler = handlers[channel] as ((r: unknown) => Promise<unknown>) | undefined;
    if (typeof handler !== 'function') {
      return { ok: false, error: { code: 'NOT_IMPLEMENTED', message: `No handler for ${channel}` } };
    }
    try {
      return { ok: true, value: await handler(req) };
    } catch (e) {
      return { ok: false, error: toAppError(e) };
    }
  };
}

function channelName(channel: unknown): string {
  const s = typeof channel === 'string' ? channel : typeof channel;
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** A renderer-bound event as it travels. */
export interface QueuedEvent<K extends EventChannel = EventChannel> {
  channel: K;
  payload: EventMap[K];
}

export interface EventGateOptions {
  /** Delivers one event to the renderer; returns false when the target is gone (event dropped). */
  deliver: (event: QueuedEvent) => boolean;
  /** Most events kept while not ready; the oldest are dropped beyond it. */
  limit?: number;
}

/**
 * The ready handshake: events are queued until the renderer invoked 'app:ready', then flushed in order
 * and delivered directly. `reset()` (renderer reloaded or reconnected) starts queueing again.
 * A queued 'task:updated' replaces an older queued update of the same task, so a long wait
 * does not replay every progress tick.
 */
export class EventGate {
  #ready = false;
  #queue: QueuedEvent[] = [];
  readonly #deliver: EventGateOptions['deliver'];
  readonly #limit: number;

  constructor(opts: EventGateOptions) {
    this.#deliver = opts.deliver;
    this.#limit = opts.limit ?? 1000;
  }

  get ready(): boolean {
    return this.#ready;
  }

  get queued(): number {
    return this.#queue.length;
  }

  readonly push: Emit = (channel, payload) => {
    if (!isEventChannel(channel)) return;
    const event = { channel, payload } as QueuedEvent;
    if (this.#ready) {
      this.#deliver(event);
      return;
    }
    if (channel === 'task:updated') {
      const id = (payload as EventMap['task:updated']).id;
      const i = this.#queue.findIndex((q) => q.channel === 'task:updated' && (q.payload as { id: string }).id === id);
      if (i >= 0) this.#queue.splice(i, 1);
    }
    this.#queue.push(event);
    if (this.#queue.length > this.#limit) this.#queue.splice(0, this.#queue.length - this.#limit);
  };

  /** The renderer said 'app:ready': flush the queue in order, then deliver directly. */
  markReady(): void {
    if (this.#ready) return;
    this.#ready = true;
    const pending = this.#queue;
    this.#queue = [];
    for (const event of pending) {
      if (!this.#deliver(event)) break;
    }
  }

  /** The renderer went away (reload, reconnect): queue again until the next 'app:ready'. */
  reset(): void {
    this.#ready = false;
  }

  /** Drop everything (target destroyed). */
  clear(): void {
    this.#queue = [];
    this.#ready = false;
  }
}

/** Fans one services emitter out to every connected renderer (browser mode may have several tabs). */
export class EmitterHub {
  readonly #gates = new Set<EventGate>();

  add(gate: EventGate): () => void {
    this.#gates.add(gate);
    return () => this.#gates.delete(gate);
  }

  get size(): number {
    return this.#gates.size;
  }

  readonly emit: Emit = (channel, payload) => {
    for (const gate of this.#gates) gate.push(channel, payload);
  };
}
