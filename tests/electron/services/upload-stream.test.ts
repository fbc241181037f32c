// Streaming uploads: a 200 MB file is never held in memory. A sink that stops reading proves the
// client waits (back-pressure) instead of buffering; a sink that discards proves the memory bar.
// Both sinks are loopback sockets (an OS/network boundary), not a parsing service.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSomarkClient } from '../../../lib/somark-client/client.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);
const MB = 1024 * 1024;
const SIZE = 200 * MB;

async function sparsePdf(): Promise<string> {
  const p = join(await tempDir(), 'big.pdf');
  const fh = await open(p, 'w');
  await fh.write('%PDF-1.7\n');
  await fh.truncate(SIZE);
  await fh.close();
  return p;
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

const timing = { retryBaseMs: 10, retryMaxMs: 10, maxRetries: 0, idleTimeoutMs: 60_000 };
const file = (path: string) => ({ path, fileName: 'big.pdf', size: SIZE, fileType: '.pdf' });

describe('streamed upload', () => {
  it('waits for a receiver that stops reading instead of buffering the file', async () => {
    const held: IncomingMessage[] = [];
    const server = createServer((req) => {
      req.once('data', () => req.pause());
      held.push(req);
    });
    const url = await listen(server);
    const client = createSomarkClient({ baseUrl: url, apiKey: null, timing });
    const ac = new AbortController();
    let sent = 0;
    const p = client.submitAsync({
      file: file(await sparsePdf()),
      formats: ['markdown'],
      featureConfig: DEFAULT_FEATURE_CONFIG,
      signal: ac.signal,
      onUpload: (s) => (sent = s),
    });
    p.catch(() => {});
    let last = -1;
    while (sent !== last) {
      last = sent;
      await new Promise((r) => setTimeout(r, 300));
    }
    // Only what socket buffers hold has left the file; the rest waits on disk.
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(32 * MB);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    for (const r of held) r.destroy();
    server.close();
  });

  it('uploads 200 MB to a discarding receiver with memory growth far below 100 MB', async () => {
    let received = 0;
    const server = createServer((req, res) => {
      req.on('data', (c: Buffer) => (received += c.length));
      req.on('end', () =>
        res
          .setHeader('content-type', 'application/json')
          .end(JSON.stringify({ code: 0, message: '', data: { task_id: 't1', status: 'QUEUING' } })),
      );
    });
    const url = await listen(server);
    const client = createSomarkClient({ baseUrl: url, apiKey: 'sk-memory-test-1234', timing });
    const path = await sparsePdf();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    try {
      const sub = await client.submitAsync({
        file: file(path),
        formats: ['markdown', 'json'],
        featureConfig: DEFAULT_FEATURE_CONFIG,
      });
      expect(sub.task_id).toBe('t1');
    } finally {
      clearInterval(timer);
      server.close();
    }
    expect(received).toBeGreaterThan(SIZE);
    expect((peak - base) / MB).toBeLessThan(100);
  });
});
