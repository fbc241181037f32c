// Finding 1 (high): a parse result must not bring script into the app's origin. Hostile "images"
// (SVG, HTML, whatever the server names them) are not cached; every cached asset is served with a
// sandbox CSP and nosniff; text the engine copies from a document never turns into live Markdown.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_CONFIG, type Page } from '../../shared/somark.ts';
import { collectImageUrls, downloadImages } from '../../electron/services/results/images.ts';
import { DEFAULT_TIMING } from '../../electron/services/consts.ts';
import { startWebServer } from '../../electron/web/http-server.ts';
import { toMarkdown } from '../../shared/markdown/writer.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { http, testHandlers } from '../electron/web-support.ts';
import { HOSTILE_SVG, PNG_1X1, removeTemps, tempDir, tinyServer } from './support.ts';

afterAll(removeTemps);

describe('hostile result images', () => {
  it('caches only bytes that are a raster image, whatever the name or Content-Type says', async () => {
    const srv = await tinyServer((req, res) => {
      if (req.url === '/a.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(HOSTILE_SVG);
      else if (req.url === '/b.html')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
      else if (req.url === '/c.png') res.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload=alert(1)>');
      else if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
      else return false;
    });
    try {
      const dir = await tempDir();
      const urls = ['a.svg', 'b.html', 'c.png', 'ok.png'].map((n) => `${srv.origin}/${n}`);
      const got = await downloadImages(urls, dir, {
        policy: { ...DEFAULT_TIMING, maxRetries: 0 },
        idleTimeoutMs: 5000,
        maxBytes: 1 << 20,
        serviceBase: `${srv.origin}/api/v1`,
      });
      expect(Object.values(got.map)).toEqual(['images/image_004.png']);
      expect(got.failed.map((f) => f.url)).toEqual(urls.slice(0, 3));
      expect(await readdir(dir)).toEqual(['image_004.png']);
    } finally {
      await srv.close();
    }
  });
});

describe('browser mode /assets', () => {
  it('serves every cached asset with a sandbox CSP and nosniff, so an SVG opened in a tab runs nothing', async () => {
    const dir = await tempDir();
    const data = join(dir, 'data');
    await mkdir(join(data, 'results'), { recursive: true });
    await writeFile(join(data, 'results', 'evil.svg'), HOSTILE_SVG);
    const staticDir = join(dir, 'renderer');
    await mkdir(staticDir, { recursive: true });
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    const server = await startWebServer({
      staticDir,
      port: 0,
      createServices: () => ({
        handlers: testHandlers(data),
        setEmitter: () => undefined,
        uploadsDir: join(data, 'uploads'),
        resolveAsset: (rel: string) => {
          const abs = resolve(data, rel);
          return abs.startsWith(data + sep) ? abs : null;
        },
      }),
    });
    try {
      const res = await http(`${server.assetUrlBase}results/evil.svg`, {
        headers: { 'x-docparse-token': server.token },
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await server.close();
    }
  });
});

/** Node types of a Markdown parse (GFM, as the renderer reads it) that are more than text; a bare
 *  http(s) URL in the text may become a plain autolink (its text is the URL itself). */
function liveNodes(md: string): string[] {
  const out: string[] = [];
  type Node = { type: string; url?: string; value?: string; children?: Node[] };
  const autolink = (n: Node): boolean =>
    n.type === 'link' && /^https?:/.test(n.url ?? '') && n.children?.[0]?.value === n.url;
  const walk = (n: Node): void => {
    if (['image', 'link', 'html', 'imageReference', 'linkReference', 'definition'].includes(n.type) && !autolink(n))
      out.push(n.type);
    for (const c of n.children ?? []) walk(c);
  };
  walk(fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as Node);
  return out;
}

describe('engine Markdown', () => {
  const page = (text: string, type: 'text' | 'title' | 'code' = 'text'): Page => ({
    page_num: 0,
    page_size: { w: 100, h: 100 },
    merge_content_from_pre_page: false,
    blocks: [
      { idx: 0, type, bbox: [0, 0, 10, 10], content: text, format: 'text', captions: [], title_level: 1, img_url: '' },
    ],
  });

  it('PDF text that looks like an image, a link or HTML stays text', () => {
    const hostile =
      '![x](http://attacker.example/p.svg) [y](javascript:alert(1)) <img src=http://attacker.example/i.svg> <script>alert(1)</script>';
    for (const type of ['text', 'title'] as const) {
      const md = toMarkdown([page(hostile, type)], DEFAULT_FEATURE_CONFIG, 'url');
      expect(collectImageUrls(md, undefined, [])).toEqual([]);
      expect(liveNodes(md)).toEqual([]);
    }
  });

  it('code cannot close its fence early', () => {
    const md = toMarkdown(
      [page('a\n```\n![x](http://attacker.example/p.svg)\n```', 'code')],
      DEFAULT_FEATURE_CONFIG,
      'url',
    );
    const fence = md.split('\n')[0]!;
    expect(fence.length).toBeGreaterThan(3);
    expect(md.trimEnd().endsWith(fence)).toBe(true);
  });
});
