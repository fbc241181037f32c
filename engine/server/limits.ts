// Resource limits of the engine's HTTP server: how many uploads may be stored at once (and how many
// of those before their key passed), how many connections it holds, and how long a slow client may
// take. Sync parses keep their connection while the document is parsed, so there is no idle timeout
// on the response side; the request side (headers, body) is bounded.
import type { Server } from 'node:http';

export const MAX_CONNECTIONS = 256;
/** Uploads being stored at once, and among them uploads whose file came before a valid api_key. */
export const MAX_UPLOADS = 16;
export const MAX_UPLOADS_BEFORE_KEY = 2;
export const HEADERS_TIMEOUT_MS = 20_000;
/** Receiving one whole request (a 200 MB upload at ~0.5 MB/s). */
export const REQUEST_TIMEOUT_MS = 10 * 60_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function applyServerLimits(server: Server): void {
  server.maxConnections = MAX_CONNECTIONS;
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
    enter: (authed) => new Promise((resolve) => {
      if (fits(authed)) return resolve(take(authed));
      waiting.push({ authed, go: () => resolve(take(authed)) });
    }),
  };
}
