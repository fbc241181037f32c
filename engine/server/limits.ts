// Resource limits of the engine's HTTP server: how many uploads may be stored at once (and how many
// of those before their key passed), how many connections it holds and how they are shared between
// callers (shares.ts applies those), and how long a slow client may take. Sync parses keep their
// connection while the document is parsed, so there is no idle timeout on the response side; the
// request side (headers, key, body rate) is bounded.
import type { Server } from 'node:http';

/** Connections the engine holds; past it a newcomer takes the place of an idle or keyless one. */
export const MAX_CONNECTIONS = 256;
/** Sockets open at all (the connections above plus those being closed): the kernel-level ceiling. */
export const SOCKET_CEILING = MAX_CONNECTIONS + 64;
/** Connections from one address (IPv6: one /64) that have not shown a key yet. The app's own queue
 *  peaks near 40 (at its highest concurrency, 8 tasks each downloading 4 images at once, plus polls),
 *  each keyless only for the milliseconds before its api_key field or file key is read. A burst of
 *  more new connections than this from one address crowds out its own oldest keyless ones. */
export const ADDRESS_KEYLESS = 64;
/** Connections with a valid key (or a valid file key) per address, and per API key. */
export const ADDRESS_KEYED = 128;
export const KEY_KEYED = 128;
/** Held async_check long polls per address, per API key, and in all; a check past its share is answered at once. */
export const ADDRESS_HOLDS = 32;
export const KEY_HOLDS = 64;
export const MAX_HOLDS = 128;
/** From the connection (or the request on a kept-alive one) to its key: headers plus the api_key field
 *  (or, for clients that send the file first, the start of the file part). */
export const KEY_DEADLINE_MS = 10_000;
/** A body we are reading must bring at least this many bytes per second, over each window. */
export const MIN_BODY_BYTES_PER_S = 1024;
export const BODY_RATE_WINDOW_MS = 10_000;
/** Uploads being stored at once, and among them uploads whose file came before a valid api_key. */
const MAX_UPLOADS = 16;
const MAX_UPLOADS_BEFORE_KEY = 2;
const HEADERS_TIMEOUT_MS = KEY_DEADLINE_MS;
/** Receiving one whole request (a 200 MB upload at ~0.5 MB/s). */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function applyServerLimits(server: Server): void {
  server.maxConnections = SOCKET_CEILING;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.maxHeadersCount = 100;
}

export interface UploadGate {
  /** Waits for a slot for an upload about to be stored (uploads whose file came before a valid key
   *  share a smaller pool); resolves with the release callback. Waiting leaves the bytes in the
   *  socket (TCP backpressure), so a client never gets more slots by opening more requests. */
  enter(authed: boolean): Promise<() => void>;
}

export function createUploadGate(max = MAX_UPLOADS, maxBeforeKey = MAX_UPLOADS_BEFORE_KEY): UploadGate {
  let all = 0;
  let early = 0;
  const waiting: { authed: boolean; go: () => void }[] = [];
  const fits = (authed: boolean): boolean => all < max && (authed || early < maxBeforeKey);
  const pump = (): void => {
    for (let i = 0; i < waiting.length; i++) {
      if (!fits(waiting[i]!.authed)) continue;
      const [w] = waiting.splice(i--, 1);
      w!.go();
    }
  };
  const take = (authed: boolean): (() => void) => {
    all++;
    if (!authed) early++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      all--;
      if (!authed) early--;
      pump();
    };
  };
  return {
    enter: (authed) =>
      new Promise((resolve) => {
        if (fits(authed)) return resolve(take(authed));
        waiting.push({ authed, go: () => resolve(take(authed)) });
      }),
  };
}
