// A small HTTP layer over node:http/https: streamed request bodies, abort, idle timeout, bounded reads.
// Errors are classified so the client can decide what to retry: NetworkError (no usable answer),
// HttpStatusError (non-2xx), BadResponseError (an answer we cannot trust), AbortError (cancel); the
// classes live in shared/service-errors.ts.
import type { LookupFunction } from 'node:net';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { BadResponseError, HttpStatusError, LocalFileError, NetworkError } from '../../shared/service-errors.ts';
import { abortError } from './sleep.ts';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'HEAD';
  url: URL;
  headers?: Record<string, string | number>;
  body?: Uint8Array | AsyncIterable<Uint8Array>;
  signal?: AbortSignal;
  idleTimeoutMs: number;
  /** DNS lookup for the connection (downloads pass a public-only one, see results/egress.ts). */
  lookup?: LookupFunction;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

function networkError(e: unknown, url: URL): Error {
  if (e instanceof LocalFileError || e instanceof NetworkError || e instanceof BadResponseError) return e;
  const err = e as NodeJS.ErrnoException;
  const errno = err.code ?? 'ENETWORK';
  return new NetworkError(errno, `${url.host}: ${err.message || errno}`);
}

/** Sends the request; resolves on the response head (the body is the caller's to read or discard). */
export function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const { url, signal } = req;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new NetworkError('EPROTO', `unsupported protocol ${url.protocol}`));
  }
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (e: unknown): void => {
      if (settled) return;
      settled = true;
      reject(signal?.aborted ? abortError(signal) : networkError(e, url));
    };
    const r = mod.request(
      url,
      { method: req.method, headers: req.headers, signal, ...(req.lookup ? { lookup: req.lookup } : {}) },
      (res) => {
        if (settled) return void res.resume();
        settled = true;
        // An answer that arrives before the upload ended (an early error) stops the upload.
        res.once('end', () => {
          if (!r.writableFinished) r.destroy();
        });
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
      },
    );
    r.setTimeout(req.idleTimeoutMs, () => {
      r.destroy(new NetworkError('ETIMEDOUT', `${url.host}: no answer for ${Math.round(req.idleTimeoutMs / 1000)} s`));
    });
    r.on('error', fail);
    const body = req.body;
    if (!body) r.end();
    else if (body instanceof Uint8Array) r.end(body);
    else {
      // Stream the body once connected: bytes queued for a socket that never connects were not sent
      // (upload progress would show a few percent for a refused connection).
      const send = (): void => {
        if (!r.destroyed)
          pipeline(Readable.from(body, { objectMode: false }), r).catch((e: unknown) => r.destroy(e as Error));
      };
      r.once('socket', (s) => (s.connecting ? s.once('connect', send) : send()));
    }
  });
}

/** Reads the whole body, refusing more than `limit` bytes. */
async function readBody(res: HttpResponse, limit: number, url: URL, signal?: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    res.body.destroy();
    throw new BadResponseError(`${url.host}: answer too large (${declared} bytes)`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) {
        res.body.destroy();
        throw new BadResponseError(`${url.host}: answer larger than ${limit} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof BadResponseError) throw e;
    if (signal?.aborted) throw abortError(signal);
    throw networkError(e, url);
  }
  return Buffer.concat(chunks, total);
}

/** Reads a JSON body from a 2xx answer; non-2xx becomes HttpStatusError, bad JSON BadResponseError. */
export async function readJson(res: HttpResponse, limit: number, url: URL, signal?: AbortSignal): Promise<unknown> {
  if (res.status < 200 || res.status > 299) {
    res.body.resume();
    throw new HttpStatusError(res.status, `${url.host} answered HTTP ${res.status}`);
  }
  const buf = await readBody(res, limit, url, signal);
  try {
    return JSON.parse(buf.toString('utf8')) as unknown;
  } catch {
    throw new BadResponseError(`${url.host} answered something that is not JSON (${buf.length} bytes)`);
  }
}
