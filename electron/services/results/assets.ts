// Maps asset paths the renderer fetches ('results/<id>/…', 'downloads/<token>/<name>') to files.
// The shells pass the path already URL-decoded (it is not decoded a second time here).
// Anything that could escape — '..', absolute or empty segments, backslashes, symlinks leading out of
// the task's folder — resolves to null.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Downloads } from '../context.ts';
import { ASSET_AREA, ORIGINAL_ASSET, ORIGINAL_FILE, TASK_ID } from './layout.ts';

const DOWNLOAD_TTL_MS = 60 * 60_000;

function segments(relPath: string): string[] | null {
  if (typeof relPath !== 'string') return null;
  const path = relPath.split(/[?#]/, 1)[0]!.replace(/^\/+/, '');
  const out: string[] = [];
  for (const s of path.split('/')) {
    if (!s || s === '.' || s === '..' || /[\\/\0]/.test(s) || /^[A-Za-z]:/.test(s)) return null;
    out.push(s);
  }
  return out;
}

/** `target`'s real path when it is a regular file strictly inside `root`'s real path. */
function inside(root: string, target: string): string | null {
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(target);
    if (!real.startsWith(realRoot + sep) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

export function createDownloads(
  assetUrlBase: string,
): Downloads & { resolve(token: string, name: string): string | null } {
  const entries = new Map<string, { filePath: string; name: string; expires: number }>();
  return {
    register(filePath, downloadName) {
      const now = Date.now();
      for (const [k, v] of entries) if (v.expires < now) entries.delete(k);
      const token = randomBytes(16).toString('hex');
      entries.set(token, { filePath, name: downloadName, expires: now + DOWNLOAD_TTL_MS });
      return `${assetUrlBase}downloads/${token}/${encodeURIComponent(downloadName)}`;
    },
    resolve(token, name) {
      const e = entries.get(token);
      if (!e || e.expires < Date.now() || e.name !== name) return null;
      return existsSync(e.filePath) && statSync(e.filePath).isFile() ? e.filePath : null;
    },
  };
}

export function createAssetResolver(
  resultsRoot: string,
  downloads: { resolve(token: string, name: string): string | null },
) {
  return (relPath: string): string | null => {
    const segs = segments(relPath);
    if (!segs || segs.length < 2) return null;
    const [area, id, ...rest] = segs;
    if (area === 'downloads') return segs.length === 3 ? downloads.resolve(id!, rest[0]!) : null;
    if (area !== ASSET_AREA || !TASK_ID.test(id!) || rest.length === 0) return null;
    const taskDir = join(resultsRoot, id!);
    if (rest.length === 1 && rest[0] === ORIGINAL_ASSET) {
      let names: string[];
      try {
        names = readdirSync(taskDir);
      } catch {
        return null;
      }
      const name = names.find((n) => ORIGINAL_FILE.test(n));
      return name ? inside(taskDir, join(taskDir, name)) : null;
    }
    return inside(taskDir, join(taskDir, ...rest));
  };
}
