// Downloads one URL to a file (images, the engine's zip bundle): GET only, http(s) only, a few
// redirects followed by hand with the egress check at every hop (egress.ts), bounded size, streamed
// to disk, retried like API calls. No credentials are ever sent.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { BadResponseError, HttpStatusError, NetworkError } from '../../../shared/service-errors.ts';
import { httpRequest } from '../../../lib/somark-client/http.ts';
import { abortError } from '../../../lib/somark-client/sleep.ts';
import { egressFor } from './egress.ts';
import { withRetries, type RetryPolicy } from '../../../lib/somark-client/retry.ts';

const MAX_REDIRECTS = 5;

/** The body passed the size limit of the download. */
export class DownloadTooLargeError extends BadResponseError {}

export interface DownloadOptions {
  signal?: AbortSignal;
  policy: RetryPolicy;
  idleTimeoutMs: number;
  maxBytes: number;
  /** The service's base URL: its origin may be fetched freely, other hosts only at public addresses. */
  serviceBase?: string;
}

export interface Downloaded {
  bytes: number;
  contentType: string;
  /** First bytes of the body (for signature checks). */
  head: Buffer;
}

async function once(url: URL, dest: string, o: DownloadOptions): Promise<Downloaded> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const lookup = egressFor(current, o.serviceBase);
    const res = await httpRequest({
      method: 'GET',
      url: current,
      signal: o.signal,
      idleTimeoutMs: o.idleTimeoutMs,
      headers: { accept: '*/*' },
      lookup,
    });
    const loc = res.headers.location;
    if (res.status >= 300 && res.status < 400 && loc) {
      res.body.resume();
      if (hop >= MAX_REDIRECTS) throw new BadResponseError(`${url.host}: too many redirects`);
      current = new URL(loc, current);
      if (current.protocol !== 'http:' && current.protocol !== 'https:')
        throw new BadResponseError(`redirect to ${current.protocol} refused`);
      continue;
    }
    if (res.status < 200 || res.status > 299) {
      res.body.resume();
      throw new HttpStatusError(res.status, `${current.host} answered HTTP ${res.status} for a download`);
    }
    let bytes = 0;
    const headParts: Buffer[] = [];
    let headLen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        if (bytes > o.maxBytes)
          return cb(new DownloadTooLargeError(`${current.host}: download larger than ${o.maxBytes} bytes`));
        if (headLen < 16) {
          headParts.push(chunk.subarray(0, 16 - headLen));
          headLen += Math.min(chunk.length, 16 - headLen);
        }
        cb(null, chunk);
      },
    });
    try {
      await pipeline(res.body, counter, createWriteStream(dest), { signal: o.signal });
    } catch (e) {
      await rm(dest, { force: true });
      if (o.signal?.aborted) throw abortError(o.signal);
      if (e instanceof BadResponseError) throw e;
      throw new NetworkError(
        (e as NodeJS.ErrnoException).code ?? 'ENETWORK',
        `${current.host}: ${(e as Error).message}`,
      );
    }
    return { bytes, contentType: String(res.headers['content-type'] ?? ''), head: Buffer.concat(headParts) };
  }
}

export function downloadToFile(rawUrl: string, dest: string, o: DownloadOptions): Promise<Downloaded> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new BadResponseError(`not a URL: ${rawUrl.slice(0, 80)}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new BadResponseError(`refusing to download from ${url.protocol}`));
  }
  return withRetries(() => once(url, dest, o), o.policy, o.signal);
}
