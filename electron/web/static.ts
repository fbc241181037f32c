// Browser mode's file routes: the renderer build (with CSP and friends) and /assets/<rel> resolved by
// the services (result images, originals, downloads), both Range-aware through openAsset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { bytesAsset, fileInside, openAsset, RESULT_ASSET_HEADERS, type AssetResponse } from '../shell/asset-file.ts';

const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

async function writeAsset(req: IncomingMessage, res: ServerResponse, asset: AssetResponse): Promise<void> {
  if (asset.status === 404) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  res.writeHead(asset.status, asset.headers);
  if (!asset.body || req.method === 'HEAD') {
    asset.body?.destroy();
    res.end();
    return;
  }
  const body = asset.body;
  res.on('close', () => body.destroy());
  body.on('error', () => res.destroy());
  body.pipe(res);
}

/** Serves `staticDir`; extension-less paths get index.html (client-side routes). */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  staticDir: string,
  pathname: string,
  csp: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const path = pathname === '/' ? '/index.html' : pathname;
  let file = fileInside(staticDir, path);
  const isPage = !posix.extname(path) || path.endsWith('.html');
  if (file && !posix.extname(path)) file = fileInside(staticDir, '/index.html');
  const headers: Record<string, string> = { ...PAGE_HEADERS, ...extra };
  if (isPage) {
    headers['content-security-policy'] = csp;
    headers['cache-control'] = 'no-store';
  }
  await writeAsset(req, res, await openAsset(file, { method: req.method, range: req.headers.range, headers }));
}

/** Content-Disposition for a download, with an ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET /assets/<rel>: a page image services.pageImage draws, else whatever services.resolveAsset maps the
 *  path to, or 404. */
export async function serveAsset(
  req: IncomingMessage,
  res: ServerResponse,
  rel: string,
  resolveAsset: (rel: string) => string | null,
  pageImage?: (rel: string) => Promise<Uint8Array | null> | null,
): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    decoded = '';
  }
  const extra: Record<string, string> = { ...RESULT_ASSET_HEADERS, 'cross-origin-resource-policy': 'same-origin' };
  const drawn = decoded && !decoded.includes('\0') ? pageImage?.(decoded) : null;
  if (drawn) return writeAsset(req, res, bytesAsset(await drawn, 'image/png', { method: req.method, headers: extra }));
  const file = decoded && !decoded.includes('\0') ? resolveAsset(decoded) : null;
  if (file && decoded.startsWith('downloads/')) extra['content-disposition'] = attachment(posix.basename(decoded));
  await writeAsset(req, res, await openAsset(file, { method: req.method, range: req.headers.range, headers: extra }));
}
