// The service's outputs.zip as a URL (downloaded from a real local HTTP server) or base64 text:
// both accepted, both verified to be a real and safe zip before use.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync, Zip, ZipDeflate } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64Zip, serviceZipBytes } from '../../electron/services/export/bundle.ts';
import { linkedImages, rewriteImageLinks } from '../../electron/services/export/image-links.ts';

const bundle = zipSync({
  'main.md': strToU8('# Doc\n\n![](./images/image_001.jpg)\n'),
  'images/image_001.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
});
const traversal = (() => {
  const out: Uint8Array[] = [];
  const z = new Zip((e, c) => {
    if (e) throw e;
    out.push(c);
  });
  const f = new ZipDeflate('../../outside.md');
  z.add(f);
  f.push(strToU8('evil'), true);
  z.end();
  return Buffer.concat(out);
})();

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/bundle.zip') return void res.end(Buffer.from(bundle));
    if (req.url === '/evil.zip') return void res.end(traversal);
    if (req.url === '/page.html') return void res.end('<html>not a zip</html>');
    if (req.url === '/huge.zip') {
      res.writeHead(200, { 'content-length': String(600 * 1024 * 1024) });
      return void res.end();
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('outputs.zip values', () => {
  it('downloads a URL and verifies it', async () => {
    expect(Buffer.from(await serviceZipBytes(`${base}/bundle.zip`)).equals(Buffer.from(bundle))).toBe(true);
  });

  it('decodes base64: plain, wrapped in lines, URL-safe, data: URI', async () => {
    const b64 = Buffer.from(bundle).toString('base64');
    for (const v of [
      b64,
      b64.replace(/(.{76})/g, '$1\n'),
      b64.replace(/\+/g, '-').replace(/\//g, '_'),
      `data:application/zip;base64,${b64}`,
    ]) {
      expect(Buffer.from(await serviceZipBytes(v)).equals(Buffer.from(bundle))).toBe(true);
    }
    expect(decodeBase64Zip('not base64 at all!')).toBeNull();
  });

  it('refuses what is not a zip, HTTP errors, oversized downloads and unsafe archives', async () => {
    await expect(serviceZipBytes(`${base}/page.html`)).rejects.toMatchObject({ code: 'BAD_ZIP' });
    await expect(serviceZipBytes(`${base}/missing.zip`)).rejects.toMatchObject({
      code: 'BAD_ZIP',
      message: expect.stringContaining('HTTP 404'),
    });
    await expect(serviceZipBytes(`${base}/huge.zip`)).rejects.toMatchObject({
      message: expect.stringContaining('512 MB'),
    });
    await expect(
      serviceZipBytes(Buffer.from('%PDF-1.7 and more bytes to pass length').toString('base64')),
    ).rejects.toMatchObject({ code: 'BAD_ZIP' });
    await expect(serviceZipBytes(`${base}/evil.zip`)).rejects.toMatchObject({
      code: 'UNSAFE_ZIP',
      message: expect.stringContaining('outside'),
    });
    await expect(serviceZipBytes(traversal.toString('base64'))).rejects.toMatchObject({ code: 'UNSAFE_ZIP' });
    await expect(serviceZipBytes('hello')).rejects.toMatchObject({ code: 'BAD_ZIP' });
  });
});

describe('Markdown image links', () => {
  const images = ['image_001.png', 'image_002.jpg'];
  const md = [
    '![a](./images/image_001.png)',
    '<img src="./images/image_002.jpg">',
    '![b](images/image_001.png "t")',
    '![c](./images/unknown.png)',
    'see other/images/image_001.png and https://x.test/images/image_001.png',
  ].join('\n');

  it('rewrites known links to another folder (URL-encoded), leaves everything else', () => {
    expect(rewriteImageLinks(md, images, 'Report 1_images').split('\n')).toEqual([
      '![a](./Report%201_images/image_001.png)',
      '<img src="./Report%201_images/image_002.jpg">',
      '![b](./Report%201_images/image_001.png "t")',
      '![c](./images/unknown.png)',
      'see other/images/image_001.png and https://x.test/images/image_001.png',
    ]);
    expect(rewriteImageLinks(md, images, 'images')).toBe(md);
  });

  it('lists the images the Markdown links to', () => {
    expect(linkedImages(md, images)).toEqual(['image_001.png', 'image_002.jpg']);
  });
});
