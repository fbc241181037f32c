// KeychainStore implementations: the OS keychain through @napi-rs/keyring (Secret Service on Linux,
// Keychain on macOS, Credential Manager on Windows) and an in-memory store for the session.
import { AsyncEntry } from '@napi-rs/keyring';
import type { KeychainStore } from '../app-types.ts';
import { KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE } from '../consts.ts';

const PROBE_TIMEOUT_MS = 5000;

/** Rejects when `p` takes longer than `ms` (a hung D-Bus must not hang the app). */
function timed<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

// Linux: the Secret Service only. The library's automatic fallback is the kernel keyring, which forgets
// the key at logout and is shared by every process of the user — not a place for a persistent key.
const OPTIONS = { linux: { store: 'secret-service' as const } };

export function createOsKeychain(service = KEYCHAIN_SERVICE, account = KEYCHAIN_ACCOUNT): KeychainStore {
  // Created on first use: with the store pinned, the constructor itself throws when it is unreachable.
  let made: { entry: AsyncEntry; probe: AsyncEntry } | null = null;
  const entries = (): { entry: AsyncEntry; probe: AsyncEntry } =>
    (made ??= {
      entry: new AsyncEntry(service, account, OPTIONS),
      probe: new AsyncEntry(service, `${account}.probe`, OPTIONS),
    });
  const os = <T>(p: () => Promise<T>): Promise<T> =>
    timed(Promise.resolve().then(p), PROBE_TIMEOUT_MS, 'The OS keychain');
  return {
    kind: 'keychain',
    async get() {
      return (await os(() => entries().entry.getPassword())) ?? null;
    },
    async set(secret) {
      await os(() => entries().entry.setPassword(secret));
    },
    async delete() {
      await os(() => entries().entry.deletePassword());
    },
    async probe() {
      // A write round trip on a separate entry proves the store is reachable and writable.
      const token = `probe-${Date.now()}`;
      await os(() => entries().probe.setPassword(token));
      const back = await os(() => entries().probe.getPassword());
      await os(() => entries().probe.deletePassword()).catch(() => false);
      if (back !== token) throw new Error('The OS keychain did not return what was stored');
    },
  };
}

export function createMemoryKeychain(): KeychainStore {
  let secret: string | null = null;
  return {
    kind: 'memory',
    get: async () => secret,
    set: async (s) => {
      secret = s;
    },
    delete: async () => {
      secret = null;
    },
    probe: async () => {},
  };
}
