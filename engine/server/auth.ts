// API-key check (field api_key). With noAuth any, empty or missing key passes.
import { createHash, timingSafeEqual } from 'node:crypto';
import { EngineError, ErrorCodes } from '../errors.ts';

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

export function makeKeyCheck(keys: readonly string[], noAuth: boolean): (key: string | undefined) => void {
  const digests = keys.map(digest);
  return (key) => {
    if (noAuth) return;
    if (!key) throw new EngineError(ErrorCodes.INVALID_KEY, 'Missing API key: send it in the form field api_key');
    const d = digest(key);
    if (!digests.some((k) => timingSafeEqual(k, d))) throw new EngineError(ErrorCodes.INVALID_KEY, 'Invalid API key');
  };
}
