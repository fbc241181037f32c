// The streamed multipart body as a real multipart parser (busboy) reads it, upload progress, and the
// HTTP layer's handling of aborts and silent sockets — over loopback sockets.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { multipartBody } from '../../../lib/somark-client/multipart.ts';
import { createSomarkClient } from '../../../lib/somark-client/client.ts';
import { DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

async function serve(
  handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` };
}

function parseForm(req: IncomingMessage): Promise<{
  fields: Array<[string, string]>;
  file: { name: string; field: string; mime: string; data: Buffer } | null;
}> {
  return new Promise((resolve, reject) => {
    const fields: Array<[string, string]> = [];
    let file: { name: string; field: string; mime: string; data: Buffer } | null = null;
    const bb = busboy({ headers: req.headers, defParamCharset: 'utf8' });
    bb.on('field', (name, value) => fields.push([name, value]));
    bb.on('file', (field, stream, info) => {
      const parts: Buffer[] = [];
      stream.on('data', (d: Buffer) => parts.push(d));
      stream.on('end', () => {
        file = { name: info.filename ?? '', field, mime: info.mimeType, data: Buffer.concat(parts) };
      });
    });
    bb.on('close', () => resolve({ fields, file }));
    bb.on('error', reject);
    req.pipe(bb);
  });
}

describe('multipart upload', () => {
  it('sends api_key, repeated output_formats, JSON option strings and the file, with an exact Content-Length', async () => {
    const dir = await tempDir();
    const path = join(dir, 'doc "quoted" 文档.pdf');
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]);
    await writeFile(path, content);
    let seen: Awaited<ReturnType<typeof parseForm>> | null = null;
    let length = '';
    let received = 0;
    const { server, url } = await serve(async (req, res) => {
      length = String(req.headers['content-length']);
      req.on('data', (d: Buffer) => (received += d.length));
      seen = await parseForm(req);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 0, message: '任务已提交', data: { task_id: 'abc123', status: 'QUEUING' } }));
    });
    const progress: number[] = [];
    try {
      const client = createSomarkClient({
        baseUrl: `${url}/`,
        apiKey: 'sk-test-key-12345',
        timing: { retryBaseMs: 10, retryMaxMs: 10, maxRetries: 0, idleTimeoutMs: 5000 },
      });
      const sub = await client.submitAsync({
        file: { path, fileName: 'doc "quoted" 文档.pdf', size: content.length, fileType: '.pdf' },
        formats: ['markdown', 'json'],
        featureConfig: DEFAULT_FEATURE_CONFIG,
        onUpload: (sent, total) => progress.push(sent / total),
      });
      expect(sub).toEqual({ task_id: 'abc123', status: 'QUEUING' });
    } finally {
      server.close();
    }
    const got = seen!;
    expect(got.fields).toEqual([
      ['api_key', 'sk-test-key-12345'],
      ['output_formats', 'markdown'],
      ['output_formats', 'json'],
      ['element_formats', JSON.stringify({ image: 'url', formula: 'latex', table: 'html', cs: 'image' })],
      ['feature_config', JSON.stringify(DEFAULT_FEATURE_CONFIG)],
    ]);
    expect(got.file!.field).toBe('file');
    expect(got.file!.mime).toBe('application/pdf');
    expect(got.file!.data.equals(content)).toBe(true);
    expect(got.file!.name).toBe('doc %22quoted%22 文档.pdf');
    expect(Number(length)).toBe(received);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('the length announced is the length sent', async () => {
    const dir = await tempDir();
    const path = join(dir, 'x.png');
    await writeFile(path, Buffer.alloc(1234, 1));
    const body = multipartBody(
      [
        ['a', 'b'],
        ['c', 'ü'],
      ],
      { field: 'file', path, fileName: 'x.png', contentType: 'image/png', size: 1234 },
    );
    let n = 0;
    for await (const chunk of body.open()) n += chunk.length;
    expect(n).toBe(body.length);
  });

  it('a file that changed size since it was checked fails as a local error, not a network one', async () => {
    const dir = await tempDir();
    const path = join(dir, 'x.pdf');
    await writeFile(path, Buffer.alloc(100, 1));
    const body = multipartBody([], {
      field: 'file',
      path,
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: 50,
    });
    await expect(
      (async () => {
        for await (const _ of body.open()) {
          /* drain */
        }
      })(),
    ).rejects.toMatchObject({ name: 'LocalFileError' });
  });
});

describe('http layer', () => {
  it('a silent server hits the idle timeout and counts as a network error (retried, bounded)', async () => {
    let hits = 0;
    const { server, url } = await serve(() => {
      hits++; // never answers
    });
    try {
      const client = createSomarkClient({
        baseUrl: url,
        apiKey: null,
        timing: { retryBaseMs: 5, retryMaxMs: 5, maxRetries: 1, idleTimeoutMs: 150 },
      });
      await expect(client.usage()).rejects.toMatchObject({ name: 'NetworkError', errno: 'ETIMEDOUT' });
      expect(hits).toBe(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('abort rejects at once with an AbortError, also during a backoff sleep', async () => {
    const { server, url } = await serve((_req, res) => res.writeHead(503).end());
    try {
      const client = createSomarkClient({
        baseUrl: url,
        apiKey: null,
        timing: { retryBaseMs: 10_000, retryMaxMs: 10_000, maxRetries: 5, idleTimeoutMs: 5000 },
      });
      const ac = new AbortController();
      const t0 = Date.now();
      const p = client.usage({ signal: ac.signal, onRetry: () => setTimeout(() => ac.abort(), 20) });
      await expect(p).rejects.toMatchObject({ name: 'AbortError' });
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      server.close();
    }
  });
});
