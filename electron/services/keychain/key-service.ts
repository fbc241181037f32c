// The API key: format-checked, kept in the OS keychain (or, when asked or when there is none, in memory
// for this session only). Only KeyStatus ever leaves this module towards the renderer.
import { CodedError } from '../../../shared/result.ts';
import type { KeyStatus } from '../../../shared/task.ts';
import type { KeychainStore } from '../app-types.ts';
import { createMemoryKeychain } from './stores.ts';

const KEY_PATTERN = /^sk-[A-Za-z0-9_-]{8,}$/;

export interface KeyService {
  /** Probes the persistent store; call once at start. */
  init(): Promise<void>;
  status(): KeyStatus;
  set(apiKey: string, sessionOnly?: boolean): Promise<KeyStatus>;
  clear(): Promise<KeyStatus>;
  /** The key for a request to the configured service, or null. */
  get(): Promise<string | null>;
  /** Synchronous view of the same, only for scrubbing log lines. */
  current(): string | null;
}

export function createKeyService(persistent: KeychainStore, onWarn: (msg: string) => void = () => {}): KeyService {
  const session = createMemoryKeychain();
  let available = false;
  let keychainError: string | null = null;
  let cached: string | null = null;
  let storage: KeyStatus['storage'] = 'none';

  const status = (): KeyStatus => ({
    set: cached !== null,
    last4: cached ? cached.slice(-4) : null,
    storage: cached ? storage : 'none',
    keychainAvailable: available,
    keychainError,
  });

  return {
    async init() {
      try {
        await persistent.probe();
        available = true;
        const stored = await persistent.get();
        if (stored && KEY_PATTERN.test(stored)) {
          cached = stored;
          storage = persistent.kind;
        }
      } catch (e) {
        available = false;
        keychainError = e instanceof Error ? e.message : String(e);
        onWarn(`OS keychain unavailable: ${keychainError}`);
      }
    },
    status,
    async set(apiKey, sessionOnly = false) {
      if (typeof apiKey !== 'string' || !KEY_PATTERN.test(apiKey.trim())) {
        throw new CodedError(
          'INVALID_KEY_FORMAT',
          'An API key starts with "sk-" followed by at least 8 letters, digits, "_" or "-"',
        );
      }
      const key = apiKey.trim();
      if (!sessionOnly && !available) {
        throw new CodedError(
          'KEYCHAIN_UNAVAILABLE',
          `The OS keychain is not available (${keychainError ?? 'unknown reason'}); keep the key for this session only instead`,
        );
      }
      if (sessionOnly) {
        await session.set(key);
        // A session key replaces a stored one: clear it so the two never disagree.
        if (available)
          await persistent
            .delete()
            .catch((e: unknown) => onWarn(`could not clear the stored key: ${(e as Error).message}`));
        storage = 'memory';
      } else {
        try {
          await persistent.set(key);
        } catch (e) {
          throw new CodedError('KEYCHAIN_ERROR', `The OS keychain refused the key: ${(e as Error).message}`);
        }
        await session.delete();
        storage = persistent.kind;
      }
      cached = key;
      return status();
    },
    async clear() {
      await session.delete();
      if (available) {
        try {
          await persistent.delete();
        } catch (e) {
          throw new CodedError('KEYCHAIN_ERROR', `The OS keychain could not delete the key: ${(e as Error).message}`);
        }
      }
      cached = null;
      storage = 'none';
      return status();
    },
    async get() {
      return cached;
    },
    current: () => cached,
  };
}
