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

export function createOsKeychain(service = KEYCHAIN_SERVICE, account = KEYCHAIN_ACCOUNT): KeychainStore {
  const entry = new AsyncEntry(service, account);
  return {
    kind: 'keychain',
    async get() {
      return (await timed(entry.getPassword(), PROBE_TIMEOUT_MS, 'The OS keychain')) ?? null;
    },
    async set(secret) {
      await timed(entry.setPassword(secret), PROBE_TIMEOUT_MS, 'The OS keychain');
    },
    async delete() {
      await timed(entry.deletePassword(), PROBE_TIMEOUT_MS, 'The OS keychain');
    },
    async probe() {
      // A read reaches the platform store (and fails without one) without changing anything.
      await timed(entry.getPassword(), PROBE_TIMEOUT_MS, 'The OS keychain');
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
