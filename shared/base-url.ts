// The one check of a service base URL, for the settings form, the settings store and the backends.

/** WHATWG URL: every runtime of this code has it (browsers, Node); shared/ compiles without DOM or Node types. */
declare const URL: new (
  input: string,
) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  search: string;
  hash: string;
  toString(): string;
};

export type BaseUrlProblem = 'empty' | 'invalid' | 'protocol' | 'credentials';

/** A service base URL: http(s), a host, no credentials, no query or fragment; trailing slashes dropped. */
export function normalizeBaseUrl(input: string): { ok: true; url: string } | { ok: false; reason: BaseUrlProblem } {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'empty' };
  let url: InstanceType<typeof URL>;
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
