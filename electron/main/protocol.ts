// Privileged schemes of the packaged app:
//   docparse-app://app/…    the renderer build (out/renderer), with the CSP as a response header;
//   docparse-asset://app/…  result images, originals and downloads via services.resolveAsset (Range aware),
//                           page images services.pageImage draws.
// Serving the renderer from a standard, secure scheme instead of file:// gives it a real origin.
import { protocol } from 'electron';
import { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { bytesAsset, fileInside, openAsset, RESULT_ASSET_HEADERS, type AssetResponse } from '../shell/asset-file.ts';
import { APP_ORIGIN, APP_SCHEME, ASSET_SCHEME, buildCsp } from '../shell/policy.ts';

/** Must run before app 'ready'. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    {
      scheme: ASSET_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
    },
  ]);
}

export const APP_CSP = buildCsp({ assets: [`${ASSET_SCHEME}:`] });

function toResponse(a: AssetResponse): Response {
  const body = a.body ? (Readable.toWeb(a.body) as unknown as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: a.status, headers: a.headers });
}

const notFound = (): Response => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

/** Serves the renderer build; unknown extension-less paths fall back to index.html (client routing). */
export function handleAppScheme(rendererDir: string): void {
  const root = resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'app' || request.method !== 'GET') return notFound();
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    let file = fileInside(root, path);
    if (file && !/\.[a-z0-9]+$/i.test(file)) file = resolve(root, 'index.html');
    const res = await openAsset(file, {
      headers: { 'content-security-policy': APP_CSP, 'cross-origin-opener-policy': 'same-origin' },
    });
    return res.status === 404 ? notFound() : toResponse(res);
  });
}

/** Serves assets the services resolve; only the app's own origin may read them cross-origin. */
export function handleAssetScheme(
  resolveAsset: (rel: string) => string | null,
  pageImage: (rel: string) => Promise<Uint8Array | null> | null,
): void {
  protocol.handle(ASSET_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'app' || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound();
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
    } catch {
      return notFound();
    }
    const headers = {
      ...RESULT_ASSET_HEADERS,
      'access-control-allow-origin': APP_ORIGIN,
      'cross-origin-resource-policy': 'cross-origin',
    };
    const drawn = rel ? pageImage(rel) : null;
    const res = drawn
      ? bytesAsset(await drawn, 'image/png', { method: request.method, headers })
      : await openAsset(rel ? resolveAsset(rel) : null, {
          method: request.method,
          range: request.headers.get('range'),
          headers,
        });
    if (res.status === 404) return notFound();
    return toResponse(res);
  });
}
