// Fair shares of the engine's connections, so slow or many clients cannot lock others out. Each
// connection is keyless (headers, or a body before its key), keyed (a valid api_key, or a valid file key
// on /files) or idle (kept alive between requests). Keyless connections per address are capped, and past
// a cap a newcomer takes the place of the oldest idle or keyless one (a real client shows its key within
// milliseconds, so it is never the oldest); keyed connections and held long polls count against their
// address's and key's share. A connection without its key after KEY_DEADLINE_MS, or whose body brings less
// than MIN_BODY_BYTES_PER_S while we read it, is answered 408 and closed. Limits live in limits.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { EngineError, ErrorCodes } from '../errors.ts';
import { errorBody, sendEnvelope, shareAddress } from './http.ts';
import * as L from './limits.ts';
import { createShareBook, first, type Conn } from './share-book.ts';

export interface RequestShare {
  /** A valid API key (null: a valid file key) was shown: the connection is keyed from now on. Throws
   *  EngineError 1124 when its address or key already holds its share of keyed connections. */
  keyed(key: string | null): void;
  /** The file part came before any key: the key deadline ends here, the body rate still applies. */
  fileFirst(): void;
  /** A place for one held long poll (call the result to free it), or null: answer at once. */
  hold(): (() => void) | null;
}

export interface Shares {
  /** The server's 'connection' listener. */
  accept(socket: Socket): void;
  /** Each request, before it is read. */
  begin(req: IncomingMessage, res: ServerResponse): RequestShare;
  close(): void;
}

const NO_SHARE: RequestShare = { keyed() {}, fileFirst() {}, hold: () => () => {} };

export function createShares(o: { noAuth: boolean; log: (line: string) => void }): Shares {
  const now = Date.now;
  const bySocket = new WeakMap<Socket, Conn>();
  const book = createShareBook();
  const { all, shareOf, forget, bump, enter, remove } = book;
  let holds = 0;
  const dropped = { evicted: 0, refused: 0, slow: 0, noKey: 0 };

  /** Answers the request in flight (if any, and not answered yet) and closes the connection. */
  const close = (c: Conn, status: number, code: number, message: string, gently: boolean): void => {
    remove(c);
    if (c.res && !c.res.headersSent) sendEnvelope(c.res, code, message, null, status, { connection: 'close' });
    else if (!c.req && gently && c.socket.writable) {
      const body = errorBody(code, message);
      c.socket.end(
        `HTTP/1.1 ${status} Request Timeout\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    if (!gently) return void c.socket.destroy();
    setTimeout(() => c.socket.destroy(), 2000).unref(); // time for the answer to leave
  };
  const evict = (c: Conn | undefined): boolean => {
    if (!c) return false;
    dropped.evicted++;
    close(
      c,
      503,
      ErrorCodes.QPS_LIMIT,
      'The engine is at its connection limit and closed this connection, which had not shown its key yet: retry, sending api_key as the first form field',
      false,
    );
    return true;
  };
  const tick = (): void => {
    const t = now();
    for (const c of [...all]) {
      const req = c.req;
      if (c.state === 'idle' || req?.complete) continue;
      if (c.state === 'keyless' && c.keyDue && t - c.since > L.KEY_DEADLINE_MS) {
        dropped.noKey++;
        close(
          c,
          408,
          ErrorCodes.PARAM_ERROR,
          `No API key within ${L.KEY_DEADLINE_MS / 1000} s: send the headers and the api_key form field first`,
          true,
        );
        continue;
      }
      if (!req) continue;
      const bytes = c.socket.bytesRead;
      if (req.readableFlowing !== true)
        [c.winAt, c.winBytes] = [t, bytes]; // we are not reading: no clock
      else if (t - c.winAt >= L.BODY_RATE_WINDOW_MS) {
        if ((bytes - c.winBytes) * 1000 < L.MIN_BODY_BYTES_PER_S * (t - c.winAt)) {
          dropped.slow++;
          close(
            c,
            408,
            ErrorCodes.PARAM_ERROR,
            `The request body arrived slower than ${L.MIN_BODY_BYTES_PER_S} bytes/s over ${L.BODY_RATE_WINDOW_MS / 1000} s; the connection was closed`,
            true,
          );
        } else [c.winAt, c.winBytes] = [t, bytes];
      }
    }
  };
  let ticks = 0;
  const timer = setInterval(() => {
    tick();
    if (++ticks % 10 !== 0 || !Object.values(dropped).some((n) => n > 0)) return;
    o.log(
      `connections closed in the last 10 s: ${dropped.evicted} to make room, ${dropped.refused} refused (all keyed), ${dropped.noKey} without a key in time, ${dropped.slow} with a slow body`,
    );
    Object.assign(dropped, { evicted: 0, refused: 0, slow: 0, noKey: 0 });
  }, 1000).unref();

  return {
    accept(socket) {
      if (!socket.remoteAddress || (all.size >= L.MAX_CONNECTIONS && !evict(book.victim()))) {
        dropped.refused++;
        return void socket.destroy();
      }
      const addr = shareAddress(socket.remoteAddress);
      const s = shareOf(addr);
      if (s.keyless.size >= L.ADDRESS_KEYLESS) evict(first(s.keyless));
      const t = now();
      const c: Conn = {
        socket,
        addr,
        state: 'keyless',
        key: null,
        since: t,
        keyDue: true,
        req: null,
        res: null,
        winAt: t,
        winBytes: 0,
      };
      book.add(c);
      bySocket.set(socket, c);
      socket.once('close', () => remove(c));
    },
    begin(req, res) {
      const c = bySocket.get(req.socket);
      if (!c || !all.has(c)) return NO_SHARE;
      const t = now();
      if (c.state !== 'keyless') c.since = t; // a kept-alive connection's next request: its own deadline
      enter(c, 'keyless');
      Object.assign(c, { req, res, keyDue: !o.noAuth, winAt: t, winBytes: c.socket.bytesRead });
      res.once('close', () => {
        if (c.req !== req || !all.has(c)) return;
        enter(c, 'idle');
        Object.assign(c, { req: null, res: null });
      });
      let held = false;
      return {
        keyed(key) {
          if (c.req !== req || c.state === 'keyed' || !all.has(c)) return;
          const s = shareOf(c.addr);
          if (s.keyed.size >= L.ADDRESS_KEYED)
            throw new EngineError(
              ErrorCodes.QPS_LIMIT,
              `Too many connections from this address (${L.ADDRESS_KEYED} with a key); retry when some have finished`,
            );
          if (key !== null && (book.keyedByKey.get(key) ?? 0) >= L.KEY_KEYED)
            throw new EngineError(
              ErrorCodes.QPS_LIMIT,
              `Too many connections with this API key (${L.KEY_KEYED}); retry when some have finished`,
            );
          enter(c, 'keyed', key);
        },
        fileFirst() {
          c.keyDue = false;
        },
        hold() {
          const s = shareOf(c.addr);
          const key = c.key;
          if (
            held ||
            holds >= L.MAX_HOLDS ||
            s.holds >= L.ADDRESS_HOLDS ||
            (key !== null && (book.holdsByKey.get(key) ?? 0) >= L.KEY_HOLDS)
          )
            return null;
          held = true;
          holds++;
          s.holds++;
          bump(book.holdsByKey, key, 1);
          return () => {
            if (!held) return;
            held = false;
            holds--;
            s.holds--;
            bump(book.holdsByKey, key, -1);
            forget(c.addr, s);
          };
        },
      };
    },
    close: () => clearInterval(timer),
  };
}
