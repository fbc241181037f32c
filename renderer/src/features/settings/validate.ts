// Checks for values typed in settings (pure; tested).

/** A private deployment's base URL: http(s), a host, no credentials; trailing slashes dropped. */
export function normalizeBaseUrl(input: string): { ok: true; url: string } | { ok: false; reason: 'empty' | 'invalid' | 'protocol' | 'credentials' } {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'empty' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'protocol' };
  if (!url.hostname) return { ok: false, reason: 'invalid' };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  if (url.search || url.hash) return { ok: false, reason: 'invalid' };
  return { ok: true, url: url.toString().replace(/\/+$/, '') };
}

/** Early feedback only ("sk-" and no spaces); main applies its own, authoritative check. */
export function isKeyFormat(key: string): boolean {
  return /^sk-\S+$/.test(key.trim());
}

export function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}
