// The OS keychain through @napi-rs/keyring against a real Secret Service (gnome-keyring on a private
// D-Bus session: run inside tests/support/with-keyring.sh). Skipped when no session bus is present.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOsKeychain } from '../../electron/services/keychain/stores.ts';
import { createKeyService } from '../../electron/services/keychain/key-service.ts';
import { createAppServices } from '../../electron/services/app.ts';

const bus = process.env.DBUS_SESSION_BUS_ADDRESS;
const service = `DocParse Desktop test ${randomBytes(4).toString('hex')}`;

describe.skipIf(!bus)('OS keychain (Secret Service)', () => {
  it('probe, set, get, delete', async () => {
    const kc = createOsKeychain(service, 'api-key');
    expect(kc.kind).toBe('keychain');
    await kc.probe();
    expect(await kc.get()).toBeNull();
    await kc.set('sk-real-keychain-0001');
    expect(await kc.get()).toBe('sk-real-keychain-0001');
    await kc.delete();
    expect(await kc.get()).toBeNull();
  });

  it('the key service keeps the key in the keychain across a restart, and clears it', async () => {
    const a = createKeyService(createOsKeychain(service, 'api-key'));
    await a.init();
    expect(await a.set('sk-survives-restart-7788')).toMatchObject({
      set: true,
      last4: '7788',
      storage: 'keychain',
      keychainAvailable: true,
    });
    const b = createKeyService(createOsKeychain(service, 'api-key'));
    await b.init();
    expect(b.status()).toMatchObject({ set: true, last4: '7788', storage: 'keychain' });
    expect(await b.get()).toBe('sk-survives-restart-7788');
    // Interoperable with other Secret Service clients (attributes service/username).
    const viaTool = (() => {
      try {
        return execFileSync('secret-tool', ['lookup', 'service', service, 'username', 'api-key'], { encoding: 'utf8' });
      } catch {
        return null; // secret-tool not installed
      }
    })();
    if (viaTool !== null) expect(viaTool.trim()).toBe('sk-survives-restart-7788');
    await b.clear();
    const c = createKeyService(createOsKeychain(service, 'api-key'));
    await c.init();
    expect(c.status().set).toBe(false);
  });

  it('createAppServices uses the OS keychain by default; the key is not written under the data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dp-kc-'));
    try {
      const svc = await createAppServices({
        dataDir,
        transport: 'web',
        version: '0',
        locale: 'en',
        platform: process.platform,
        assetUrlBase: 'http://h/assets/',
      });
      const key = `sk-default-store-${randomBytes(6).toString('hex')}`;
      try {
        expect((await svc.handlers['key:status']()).keychainAvailable).toBe(true);
        expect(await svc.handlers['key:set']({ apiKey: key })).toMatchObject({ set: true, storage: 'keychain' });
      } finally {
        await svc.handlers['key:clear']();
        await svc.close();
      }
      for (const f of await readdir(dataDir, { recursive: true })) {
        const p = join(dataDir, f);
        const text = await readFile(p).catch(() => null);
        if (text) expect(text.includes(key), p).toBe(false);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!!bus)('without a session bus', () => {
  it('the probe fails with the OS reason, so KeyStatus can say so', async () => {
    await expect(createOsKeychain(service, 'api-key').probe()).rejects.toThrow(/./);
    const keys = createKeyService(createOsKeychain(service, 'api-key'));
    await keys.init();
    expect(keys.status()).toMatchObject({ keychainAvailable: false, keychainError: expect.any(String) });
  });
});
