// The local backend's own settings rows. LibreOffice: typed (Enter) or picked with "Browse…", saved
// through settings:set, the app's capabilities read again after a change, main's refusal shown by the
// field. The long-poll hold: whole seconds saved on Enter or blur, clamped to 0–600, English and Chinese.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { SettingsView } from '../../renderer/src/features/settings/SettingsView.tsx';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { useUi } from '../../renderer/src/stores/ui.ts';
import type { AppInfo, Settings } from '../../shared/task.ts';
import { fakeApi, makeSettings, type FakeApi } from './fake-api.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const GOOD = '/opt/libreoffice/program/soffice';

function setup(over: Partial<Settings> = {}, transport: AppInfo['transport'] = 'electron'): FakeApi {
  let current = makeSettings(over);
  const info: AppInfo = {
    version: '1',
    transport,
    platform: 'linux',
    locale: 'en',
    dataDir: '/d',
    localOffice: false,
    soffice: null,
  };
  const api = fakeApi({
    // Main's check: only GOOD (or empty) passes.
    'settings:set': (patch) =>
      patch.sofficePath !== undefined && patch.sofficePath !== '' && patch.sofficePath !== GOOD
        ? {
            code: 'INVALID_SETTINGS',
            message: `Invalid settings: sofficePath: no runnable LibreOffice soffice program at "${patch.sofficePath}"`,
          }
        : (current = { ...current, ...patch }),
    'app:ready': () => ({ ...info, localOffice: current.sofficePath === GOOD, soffice: current.sofficePath || null }),
    'dialog:openFiles': () => [GOOD],
    'key:status': () => ({ set: false, last4: null, storage: 'none', keychainAvailable: true, keychainError: null }),
    'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }),
  });
  setApi(api);
  useSettings.getState().setLocal(current);
  useAppInfo.getState().setInfo(info);
  render(<SettingsView />);
  return api;
}

describe('settings: LibreOffice for the local engine', () => {
  it('says LibreOffice is missing; a typed path is saved on Enter and the capabilities are read again', async () => {
    const api = setup();
    const input = screen.getByRole('textbox', { name: 'Path of LibreOffice’s soffice program' });
    expect(screen.getByText(/LibreOffice not found/)).toBeTruthy();
    fireEvent.change(input, { target: { value: ` ${GOOD} ` } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByText(`Office files: using ${GOOD}`)).toBeTruthy());
    expect(api.callsTo('settings:set')).toEqual([{ sofficePath: GOOD }]);
    expect(api.callsTo('app:ready')).toHaveLength(1);
    // Blur after the save: nothing more is sent.
    fireEvent.blur(input);
    expect(api.callsTo('settings:set')).toHaveLength(1);
  });

  it('a path main refuses stays in the field, marked invalid, with a translated reason by it (no toast)', async () => {
    const api = setup();
    const input = screen.getByRole('textbox', { name: 'Path of LibreOffice’s soffice program' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '/nowhere/soffice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'No LibreOffice soffice program at this path. Correct it, or clear the field to find LibreOffice automatically.',
    );
    expect(input.value).toBe('/nowhere/soffice');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(api.callsTo('settings:set')).toEqual([{ sofficePath: '/nowhere/soffice' }]);
    expect(useSettings.getState().lastError?.code).toBe('INVALID_SETTINGS');
    expect(useUi.getState().toasts).toEqual([]);
    expect(useSettings.getState().settings?.sofficePath).toBe('');
    expect(screen.getByText(/LibreOffice not found/)).toBeTruthy();
    // Leaving the field does not send the refused path again; correcting it clears the error and saves.
    fireEvent.blur(input);
    expect(api.callsTo('settings:set')).toHaveLength(1);
    fireEvent.change(input, { target: { value: GOOD } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByText(`Office files: using ${GOOD}`)).toBeTruthy());
    expect(input.value).toBe(GOOD);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('a refused path keeps the one in use, which the status still names', async () => {
    setup({ sofficePath: GOOD });
    const input = screen.getByRole('textbox', { name: 'Path of LibreOffice’s soffice program' }) as HTMLInputElement;
    expect(input.value).toBe(GOOD);
    fireEvent.change(input, { target: { value: '/typo/soffice' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByRole('alert');
    expect(input.value).toBe('/typo/soffice');
    expect(useSettings.getState().settings?.sofficePath).toBe(GOOD);
  });

  it('"Browse…" opens the file dialog for any file and saves the pick; "Find automatically" clears it', async () => {
    const api = setup();
    const browse = screen.getByRole('button', { name: 'Browse…' });
    browse.focus();
    expect(document.activeElement).toBe(browse);
    fireEvent.click(browse);
    await waitFor(() => expect(api.callsTo('settings:set')).toEqual([{ sofficePath: GOOD }]));
    expect(api.callsTo('dialog:openFiles')).toEqual([{ extensions: [] }]);
    await waitFor(() => expect(screen.getByText(`Office files: using ${GOOD}`)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Find automatically' }));
    await waitFor(() => expect(api.callsTo('settings:set').at(-1)).toEqual({ sofficePath: '' }));
    await waitFor(() => expect(screen.getByText(/LibreOffice not found/)).toBeTruthy());
  });

  it('no Browse… in browser mode; no LibreOffice field for the cloud backend', () => {
    setup({}, 'web');
    expect(screen.getByRole('textbox', { name: 'Path of LibreOffice’s soffice program' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Browse…' })).toBeNull();
    resetRenderer();
    setup({ backend: 'cloud' });
    expect(screen.queryByRole('textbox', { name: 'Path of LibreOffice’s soffice program' })).toBeNull();
  });
});

describe('settings: long-poll hold of the local engine', () => {
  it('saves whole seconds on Enter and on blur, clamped to 0–600', async () => {
    const api = setup();
    const input = screen.getByRole('spinbutton', { name: 'Status check hold' }) as HTMLInputElement;
    expect(input.value).toBe('25');
    fireEvent.change(input, { target: { value: '120' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('settings:set')).toEqual([{ engineLongPollSeconds: 120 }]));
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.blur(input);
    await waitFor(() => expect(api.callsTo('settings:set').at(-1)).toEqual({ engineLongPollSeconds: 600 }));
    expect(input.value).toBe('600');
  });

  it('is a local-engine setting (not shown for the cloud) and speaks Chinese', () => {
    setup({ backend: 'cloud' });
    expect(screen.queryByRole('spinbutton', { name: 'Status check hold' })).toBeNull();
    resetRenderer();
    setLocale('zh-CN');
    setup();
    expect(screen.getByRole('spinbutton', { name: '状态查询等待' })).toBeTruthy();
    expect(screen.getByText('秒')).toBeTruthy();
  });
});
