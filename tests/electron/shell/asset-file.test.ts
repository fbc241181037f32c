import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, fileInside, openAsset, parseRange } from '../../../electron/shell/asset-file.ts';

async function text(body: Readable | null): Promise<string> {
  if (!body) return '';
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('parseRange', () => {
  it('parses start-end, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('serves whole files for no or unsupported ranges and refuses impossible ones', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});

describe('fileInside', () => {
  it('keeps paths inside the root and rejects escapes', () => {
    expect(fileInside('/srv/app', '/index.html')).toBe(join('/srv/app', 'index.html'));
    expect(fileInside('/srv/app', '/assets/a%20b.js')).toBe(join('/srv/app', 'assets', 'a b.js'));
    expect(fileInside('/srv/app', '/../etc/passwd')).toBeNull();
    expect(fileInside('/srv/app', '/%2e%2e/etc/passwd')).toBeNull();
    expect(fileInside('/srv/app', '/assets/%2e%2e/%2e%2e/x')).toBeNull();
    expect(fileInside('/srv/app', '/%E0%A4%A')).toBeNull();
    expect(fileInside('/srv/app', '/a%00b')).toBeNull();
    expect(fileInside('/srv/app', '/')).toBeNull();
    expect(fileInside('/srv/app', '/../app2/x')).toBeNull();
  });
});

describe('openAsset', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'asset-file-'));
    file = join(dir, 'doc.pdf');
    await writeFile(file, '0123456789abcdefghij');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the whole file with type and length', async () => {
    const r = await openAsset(file);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-length']).toBe('20');
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(await text(r.body)).toBe('0123456789abcdefghij');
  });

  it('serves a byte range as 206', async () => {
    const r = await openAsset(file, { range: 'bytes=10-14' });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe('bytes 10-14/20');
    expect(r.headers['content-length']).toBe('5');
    expect(await text(r.body)).toBe('abcde');
  });

  it('answers 416 for ranges past the end, 404 for missing files and folders, no body for HEAD', async () => {
    expect((await openAsset(file, { range: 'bytes=20-' })).status).toBe(416);
    expect((await openAsset(join(dir, 'nope.pdf'))).status).toBe(404);
    expect((await openAsset(dir)).status).toBe(404);
    expect((await openAsset(null)).status).toBe(404);
    const head = await openAsset(file, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('maps content types by extension', () => {
    expect(contentTypeFor('a/b/image_001.PNG')).toBe('image/png');
    expect(contentTypeFor('x.mjs')).toMatch(/^text\/javascript/);
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
  });
});
