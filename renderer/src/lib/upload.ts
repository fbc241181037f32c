// Browser mode's file uploads: streams one dropped or picked File to the app server's POST /upload (the
// access token in a header) and answers the path it was stored at, for pathsForFiles in ws-transport.ts.
import type { IpcResult } from '../../../shared/result.ts';

/** Streams one File to POST /upload; resolves with the server-side path. */
export async function upload(origin: string, token: string | null, file: File): Promise<string> {
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'x-file-name': encodeURIComponent(file.name || 'upload'),
  };
  if (token) headers['x-docparse-token'] = token;
  const res = await fetch(`${origin}/upload`, { method: 'POST', body: file, headers, credentials: 'omit' });
  const body = (await res.json().catch(() => null)) as IpcResult<{ path: string }> | null;
  if (!res.ok || !body?.ok) {
    const message = body && !body.ok ? body.error.message : `Upload failed (HTTP ${res.status})`;
    throw Object.assign(new Error(`${file.name}: ${message}`), {
      code: body && !body.ok ? body.error.code : 'UPLOAD_FAILED',
    });
  }
  return body.value.path;
}
