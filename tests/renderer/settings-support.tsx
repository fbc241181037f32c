// The settings screen in renderer tests: SettingsView (with the appearance hook) over a fake RendererApi
// whose settings and key answer as main does, and no key stored.
import { render } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { SettingsView } from '../../renderer/src/features/settings/SettingsView.tsx';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { useAppearance } from '../../renderer/src/app/useAppearance.ts';
import type { KeyStatus, Settings } from '../../shared/task.ts';
import { fakeApi, makeSettings, type FakeApi } from './fake-api.ts';

export const noKey: KeyStatus = {
  set: false,
  last4: null,
  storage: 'none',
  keychainAvailable: true,
  keychainError: null,
};

function Harness() {
  useAppearance();
  return <SettingsView />;
}

/** Renders the settings with `settings` and `key`; answers the fake. */
export function setup(settings: Partial<Settings> = {}, key: KeyStatus = noKey): FakeApi {
  let current = makeSettings(settings);
  const api = fakeApi({
    'settings:set': (patch) => (current = { ...current, ...patch }),
    'key:set': ({ apiKey, sessionOnly }) =>
      apiKey.endsWith('bad')
        ? { code: 'INVALID_KEY_FORMAT', message: 'Keys start with sk-' }
        : { ...key, set: true, last4: apiKey.slice(-4), storage: sessionOnly ? 'memory' : 'keychain' },
    'key:clear': () => noKey,
    'storage:usage': () => ({ bytes: 3 * 1024 * 1024, items: 4, dataDir: '/data' }),
  });
  setApi(api);
  useSettings.getState().setLocal(current);
  useAppInfo.getState().setKeyStatus(key);
  render(<Harness />);
  return api;
}
