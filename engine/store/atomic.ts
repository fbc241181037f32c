// Crash-safe file writes: write a temp file beside the target, then rename over it (atomic on one
// file system), so a reader or a restart never sees a half-written task.json or result.json.
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
}

export const writeJsonAtomic = (path: string, value: unknown): Promise<void> =>
  writeFileAtomic(path, JSON.stringify(value));

/** 32 lower-case hex characters (128 random bits): task ids and unguessable file keys. */
export const randomHex32 = (): string => randomBytes(16).toString('hex');

export const isHex32 = (s: string): boolean => /^[0-9a-f]{32}$/.test(s);
