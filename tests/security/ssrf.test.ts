// Finding 4 (medium): result files are downloaded only from the service's own origin or from public
// addresses — checked again after every redirect — and a result's images are capped in count and bytes.
import { readdir } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMING } from '../../electron/services/consts.ts';
import { downloadImages } from '../../electron/services/results/images.ts';
import { isPublicAddress, publicOnlyLookup } from '../../electron/services/results/egress.ts';
import { PNG_1X1, removeTemps, tempDir, tinyServer } from './support.ts';

afterAll(removeTemps);

const opts = (serviceBase: string) => ({
  policy: { ...DEFAULT_TIMING, maxRetries: 0 },
  idleTimeoutMs: 5000,
  maxBytes: 1 << 20,
  serviceBase,
});

describe('image downloads', () => {
  it('a redirect from the service to another loopback server is refused; that server is never asked', async () => {
    const internal = await tinyServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1),
    );
    const service = await tinyServer((req, res) => {
      if (req.url === '/api/v1/files/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
      else if (req.url === '/api/v1/files/hop.png')
        res.writeHead(302, { location: `${internal.origin}/admin/secret.png` }).end();
      else return false;
    });
    try {
      const dir = await tempDir();
      const urls = [
        `${service.origin}/api/v1/files/ok.png`,
        `${service.origin}/api/v1/files/hop.png`,
        `${internal.origin}/direct.png`,
        'http://localhost:9/x.png',
        'http://[::1]:9/x.png',
      ];
      const got = await downloadImages(urls, dir, opts(`${service.origin}/api/v1`));
      expect(got.map).toEqual({ [urls[0]!]: 'images/image_001.png' });
      expect(got.failed.map((f) => f.url).sort()).toEqual(urls.slice(1).sort());
      for (const f of got.failed) expect(f.reason).toMatch(/refused/);
      expect(internal.seen).toEqual([]);
      expect(await readdir(dir)).toEqual(['image_001.png']);
    } finally {
      await internal.close();
      await service.close();
    }
  });

  it('the connection lookup refuses a name that resolves to loopback (no check-then-rebind gap)', async () => {
    const err = await new Promise<Error | null>((r) => publicOnlyLookup('localhost', {}, (e) => r(e)));
    expect(err?.message).toMatch(/refused.*resolves to (127\.0\.0\.1|::1)/);
  });

  it('caps the number of images and their total bytes per result', async () => {
    const srv = await tinyServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1));
    try {
      const urls = Array.from({ length: 10 }, (_, i) => `${srv.origin}/i${i}.png`);
      const counted = await downloadImages(urls, await tempDir(), opts(srv.origin), {
        count: 5,
        eachBytes: 1 << 20,
        totalBytes: 1 << 20,
      });
      expect(Object.keys(counted.map)).toHaveLength(5);
      expect(counted.failed.map((f) => f.reason)).toEqual(Array(5).fill('more than 5 images in one result'));
      expect(srv.seen).toHaveLength(5);
      // Each download may use only what is left of the budget; once it is spent nothing more is fetched.
      const tiny = await downloadImages(urls, await tempDir(), opts(srv.origin), {
        count: 10,
        eachBytes: 1 << 20,
        totalBytes: 10,
      });
      expect(tiny.map).toEqual({});
      expect(srv.seen.length).toBeLessThanOrEqual(5 + 4);
    } finally {
      await srv.close();
    }
  });

  it('knows private from public addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
  });
});
