// Settings (defaults, strict updates, persistence, events) and the API key service (format check,
// keychain or session memory, what the renderer may learn) — plus the log's scrubbing.
import { afterAll, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSettingsStore } from '../../../electron/services/settings/store.ts';
import { DEFAULT_SETTINGS } from '../../../electron/services/settings/validate.ts';
import { createKeyService } from '../../../electron/services/keychain/key-service.ts';
import { createMemoryKeychain } from '../../../electron/services/keychain/stores.ts';
import { createLogger } from '../../../electron/services/log.ts';
import type { KeychainStore } from '../../../electron/services/app-types.ts';
import { CLOUD_PRESETS } from '../../../shared/somark.ts';
import type { Settings } from '../../../shared/task.ts';
import { makeServices, removeTemps, tempDir } from './helpers.ts';

afterAll(removeTemps);

describe('settings', () => {
  it('defaults as specified', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      backend: 'local',
      cloudBaseUrl: CLOUD_PRESETS[0].baseUrl,
      mode: 'auto',
      syncMaxBytes: 10 * 1024 * 1024,
      syncMaxPages: 20,
      formats: ['markdown', 'json'],
      concurrency: 2,
      language: 'system',
      theme: 'system',
    });
    expect(DEFAULT_SETTINGS.featureConfig.enable_title_level_recognition).toBe(true);
  });

  it('validates partial updates, saves them, emits settings:changed', async () => {
    const dir = await tempDir();
    const seen: Settings[] = [];
    const s = await createSettingsStore(dir, (x) => seen.push(x));
    const next = await s.set({
      cloudBaseUrl: 'https://parse.example.internal/api/v1/',
      featureConfig: { keep_header_footer: true } as never,
    });
    expect(next.cloudBaseUrl).toBe('https://parse.example.internal/api/v1');
    expect(next.featureConfig).toMatchObject({ keep_header_footer: true, enable_title_level_recognition: true });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).cloudBaseUrl).toBe(
      'https://parse.example.internal/api/v1',
    );
    const again = await createSettingsStore(dir, () => {});
    expect(again.get()).toEqual(next);
  });

  it.each([
    [{ backend: 'ftp' }, /backend/],
    [{ cloudBaseUrl: 'javascript:alert(1)' }, /http/],
    [{ cloudBaseUrl: 'https://user:pw@x.example/api/v1' }, /credentials/],
    [{ concurrency: 0 }, /concurrency/],
    [{ concurrency: 2.5 }, /concurrency/],
    [{ formats: [] }, /formats/],
    [{ formats: ['pdf'] }, /formats/],
    [{ featureConfig: { nope: true } }, /nope/],
    [{ featureConfig: { keep_header_footer: 'yes' } }, /keep_header_footer/],
    [{ syncMaxBytes: 300 * 1024 * 1024 }, /syncMaxBytes/],
    [{ colour: 'red' }, /unknown setting/],
  ])('refuses %j', async (patch, msg) => {
    const s = await createSettingsStore(await tempDir(), () => {});
    await expect(s.set(patch as never)).rejects.toMatchObject({
      code: expect.stringMatching(/INVALID_(SETTINGS|URL)/),
      message: expect.stringMatching(msg),
    });
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('a damaged settings.json falls back to defaults field by field', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ concurrency: 99, theme: 'dark', mode: 'async' }));
    const s = await createSettingsStore(dir, () => {});
    expect(s.get()).toMatchObject({ concurrency: 2, theme: 'dark', mode: 'async' });
    await writeFile(join(dir, 'settings.json'), '{not json');
    expect((await createSettingsStore(dir, () => {})).get()).toEqual(DEFAULT_SETTINGS);
  });
});

const brokenKeychain = (): KeychainStore => ({
  kind: 'keychain',
  get: async () => {
    throw new Error("Couldn't access platform storage: AccessDenied");
  },
  set: async () => {
    throw new Error('unreachable');
  },
  delete: async () => {
    throw new Error('unreachable');
  },
  probe: async () => {
    throw new Error("Couldn't access platform storage: AccessDenied");
  },
});

describe('API key', () => {
  it('checks the format before saving and only reveals the last four characters', async () => {
    const keys = createKeyService(createMemoryKeychain());
    await keys.init();
    for (const bad of ['', 'abc', 'sk-short', 'sk-has space1234', 'pk-12345678901']) {
      await expect(keys.set(bad)).rejects.toMatchObject({ code: 'INVALID_KEY_FORMAT' });
    }
    expect(keys.status()).toEqual({
      set: false,
      last4: null,
      storage: 'none',
      keychainAvailable: true,
      keychainError: null,
    });
    expect(await keys.set('  sk-abcdEFGH_1234  ')).toMatchObject({ set: true, last4: '1234', storage: 'memory' });
    expect(await keys.get()).toBe('sk-abcdEFGH_1234');
    expect(await keys.clear()).toMatchObject({ set: false, last4: null, storage: 'none' });
  });

  it('a stored key is found again on the next start', async () => {
    const store = createMemoryKeychain();
    const a = createKeyService(store);
    await a.init();
    await a.set('sk-persisted-9876');
    const b = createKeyService(store);
    await b.init();
    expect(b.status()).toMatchObject({ set: true, last4: '9876' });
  });

  it('no keychain: the status says why, a persistent save is refused, a session-only key works', async () => {
    const warnings: string[] = [];
    const keys = createKeyService(brokenKeychain(), (m) => warnings.push(m));
    await keys.init();
    expect(keys.status()).toEqual({
      set: false,
      last4: null,
      storage: 'none',
      keychainAvailable: false,
      keychainError: "Couldn't access platform storage: AccessDenied",
    });
    await expect(keys.set('sk-session-only-1111')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
    expect(await keys.set('sk-session-only-1111', true)).toMatchObject({
      set: true,
      last4: '1111',
      storage: 'memory',
      keychainAvailable: false,
    });
    expect(await keys.get()).toBe('sk-session-only-1111');
    expect(warnings.join()).toMatch(/unavailable/);
  });

  it('through the handlers with a keychain that cannot be reached', async () => {
    const h = await makeServices({ keychain: brokenKeychain() });
    try {
      expect((await h.svc.handlers['key:status']()).keychainAvailable).toBe(false);
      await expect(h.svc.handlers['key:set']({ apiKey: 'sk-abcdefgh1234' })).rejects.toMatchObject({
        code: 'KEYCHAIN_UNAVAILABLE',
      });
      expect(await h.svc.handlers['key:set']({ apiKey: 'sk-abcdefgh1234', sessionOnly: true })).toMatchObject({
        set: true,
        storage: 'memory',
      });
      await expect(h.svc.handlers['key:set']({ apiKey: 42 } as never)).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
      });
    } finally {
      await h.close();
    }
  });
});

describe('log', () => {
  it('scrubs the current secrets and anything shaped like a key', async () => {
    const dir = await tempDir();
    const log = createLogger(dir, () => ['hunter2-long-secret', null]);
    log.info('engine key hunter2-long-secret in a line');
    log.warn('a key sk-ABCDEFGH12345678 slipped\ninto a message');
    await log.flush();
    const text = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    expect(text).not.toContain('hunter2-long-secret');
    expect(text).not.toContain('sk-ABCDEFGH12345678');
    expect(text.trim().split('\n')).toHaveLength(2);
  });
});
