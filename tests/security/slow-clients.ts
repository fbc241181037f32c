// Clients of the fair-server tests (finding 2 of issue 23): slow attackers that send their headers and
// trickle a multipart body, from any loopback source address, reconnecting when dropped if asked; and a
// victim that times one normal request. Every socket is kept so the test can close them all, and every
// loop is bounded in count and time.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export const BOUNDARY = '----dpsecslow';

export interface Crowd {
  /** Connections opened so far (first ones and reconnections). */
  opened(): number;
  /** What the server sent on each connection that got an answer so far (open or closed), in order. */
  answers(): string[];
  /** Closes every socket and stops reconnecting. */
  stop(): void;
}

export interface CrowdOptions {
  port: number;
  /** Source addresses, used in turn (127.0.0.2…, all on the loopback interface). */
  from: string[];
  count: number;
  /** The request each opens: the head and first body bytes; then `trickleBytes` (default 1) every
   *  `trickleMs` (default 2000; 0: nothing more). */
  head: (port: number) => string;
  trickleMs?: number;
  trickleBytes?: number;
  /** Open a new connection when one is closed (at most `maxOpen` in all). */
  reconnect?: boolean;
  maxOpen?: number;
}

/** Headers of a multipart upload of `length` bytes without a key: its body will never finish. */
export const keylessUpload = (port: number, length = 1_000_000): string =>
  `POST /api/v1/parse/async HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
  `Content-Length: ${length}\r\n\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="output_formats"\r\n\r\n`;

export function crowd(o: CrowdOptions): Crowd {
  const sockets = new Set<Socket>();
  const got: string[] = [];
  let opened = 0;
  let stopped = false;
  const maxOpen = o.maxOpen ?? o.count * 4;
  const open = (i: number): void => {
    if (stopped || opened >= maxOpen) return;
    opened++;
    const s = connect({ port: o.port, host: '127.0.0.1', localAddress: o.from[i % o.from.length] });
    sockets.add(s);
    let at = -1;
    const every = o.trickleMs ?? 2000;
    const bytes = 'x'.repeat(o.trickleBytes ?? 1);
    const trickle = every > 0 ? setInterval(() => s.writable && s.write(bytes), every) : undefined;
    s.on('connect', () => s.write(o.head(o.port)));
    s.on('data', (c: Buffer) => {
      if (at < 0) at = got.push('') - 1;
      got[at] += c.toString();
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      clearInterval(trickle);
      sockets.delete(s);
      if (o.reconnect) setTimeout(() => open(i), 5);
    });
  };
  for (let i = 0; i < o.count; i++) open(i);
  return {
    opened: () => opened,
    answers: () => [...got],
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

/** Waits until `cond` holds or `ms` pass (polling every 50 ms); answers whether it held. */
export async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return cond();
}

export interface Timed {
  ok: boolean;
  ms: number;
  /** The envelope's code, or the network error's. */
  code: number | string;
  body: string;
}

/** One url-encoded POST on a fresh connection from `localAddress`, given up after `limitMs`. */
export function timedPost(
  url: string,
  fields: Record<string, string>,
  localAddress = '127.0.0.1',
  limitMs = 10_000,
): Promise<Timed> {
  const t0 = performance.now();
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve) => {
    const done = (code: number | string, text: string): void => {
      clearTimeout(timer);
      req.destroy();
      resolve({ ok: code === 0, ms: Math.round(performance.now() - t0), code, body: text });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          try {
            done((JSON.parse(text) as { code: number }).code, text);
          } catch {
            done(`HTTP ${res.statusCode}`, text);
          }
        });
      },
    );
    const timer = setTimeout(() => done('TIMEOUT', ''), limitMs);
    req.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'ERROR', ''));
    req.end(body);
  });
}
