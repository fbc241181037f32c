import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { SettingsView } from '../../renderer/src/features/settings/SettingsView.tsx';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { getLocale, setLocale } from '../../renderer/src/i18n/index.ts';
import { FeatureChecks } from '../../renderer/src/features/settings/FeatureChecks.tsx';
import { useAppearance } from '../../renderer/src/app/useAppearance.ts';
import type { KeyStatus, Settings } from '../../shared/task.ts';
import { CLIENT_FEATURE_CONFIG } from '../../shared/somark.ts';
import { fakeApi, makeSettings, type FakeApi } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const noKey: KeyStatus = { set: false, last4: null, storage: 'none', keychainAvailable: true, keychainError: null };

function Harness() {
  useAppearance();
  return <SettingsView />;
}

function setup(settings: Partial<Settings> = {}, key: KeyStatus = noKey): FakeApi {
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

describe('settings: backend and address', () => {
  it('switches backend and shows presets and a validated custom URL for the cloud', async () => {
    const api = setup();
    expect(screen.queryByLabelText('Service address')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /SoMark cloud/ }));
    await waitFor(() => expect(api.callsTo('settings:set')).toEqual([{ backend: 'cloud' }]));

    const select = screen.getByLabelText('Service address') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['somark-cn', 'somark-ai', 'somark-tech', 'custom']);
    fireEvent.change(select, { target: { value: 'somark-ai' } });
    await waitFor(() =>
      expect(api.callsTo('settings:set').at(-1)).toEqual({ cloudBaseUrl: 'https://somark.ai/api/v1' }),
    );

    fireEvent.change(select, { target: { value: 'custom' } });
    const input = screen.getByLabelText('Private deployment base URL');
    fireEvent.change(input, { target: { value: 'ftp://intranet/api' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toContain('Only http:// and https://');
    expect(api.callsTo('settings:set')).toHaveLength(2);

    fireEvent.change(input, { target: { value: 'https://parse.corp.example/api/v1/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.callsTo('settings:set').at(-1)).toEqual({ cloudBaseUrl: 'https://parse.corp.example/api/v1' }),
    );
  });

  it('names the service presets in the chosen language', async () => {
    setup({ backend: 'cloud', language: 'zh-CN' });
    await waitFor(() => expect(getLocale()).toBe('zh-CN'));
    const select = screen.getByLabelText('服务地址') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'somark.cn（中国大陆）',
      'somark.ai（全球）',
      'somark.tech',
      '私有部署…',
    ]);
  });

  it('tests the connection and shows pages left, or the translated error', async () => {
    const api = setup({ backend: 'cloud' });
    api.handle('connection:test', () => ({
      backend: 'cloud',
      baseUrl: 'https://somark.cn/api/v1',
      latencyMs: 87.4,
      usage: { paid: 1200, freeToday: 50, freeMonth: 300 },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = screen.getByTestId('connection-result');
    await waitFor(() => expect(result.textContent).toContain('SoMark cloud reachable in 87 ms'));
    expect(result.textContent).toContain('1,200 paid, 50 free today, 300 free this month');
    expect(api.callsTo('connection:test')).toEqual([{ backend: 'cloud', baseUrl: 'https://somark.cn/api/v1' }]);

    api.handle('connection:test', () => ({ code: 'INVALID_KEY', message: 'code 1107' }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(result.textContent).toContain('The service refused the API key'));
    expect(result.querySelector('[data-error-code]')?.getAttribute('data-error-code')).toBe('INVALID_KEY');
    // The service's own words fold under the code instead of trailing the sentence.
    expect(screen.getByText('code 1107').closest('details')?.open).toBe(false);
    expect(result.querySelector('summary')?.textContent).toBe('Details · Code INVALID_KEY');

    // An error with a way out says it under the sentence, as the failed task's box does.
    api.handle('connection:test', () => ({ code: 'SERVICE_1123', message: 'quota exhausted' }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(result.textContent).toContain('No pages left on your plan'));
    expect(within(result).getByTestId('error-fix').textContent).toMatch(/parse with the local engine/);
  });
});

describe('settings: API key', () => {
  it('checks the format, saves through main, shows only the last four and clears the field', async () => {
    const api = setup({ backend: 'cloud' });
    const input = screen.getByLabelText('Enter key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 'not-a-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(screen.getByText(/starts with “sk-” followed by at least 8 letters/)).toBeTruthy();
    expect(api.callsTo('key:set')).toEqual([]);

    fireEvent.change(input, { target: { value: 'sk-live-abcd1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(screen.getByTestId('key-status').textContent).toBe('Set, ends with …1234 · in the system keychain'),
    );
    expect(api.callsTo('key:set')).toEqual([{ apiKey: 'sk-live-abcd1234', sessionOnly: undefined }]);
    expect((screen.getByLabelText('Replace key') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Clear key' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toBe('Not set'));
  });

  it('without a keychain, explains and keeps the key for this session only', async () => {
    const api = setup(
      { backend: 'cloud' },
      { ...noKey, keychainAvailable: false, keychainError: 'No Secret Service on D-Bus' },
    );
    expect(screen.getByRole('note').textContent).toContain('No system keychain available');
    expect(screen.getByRole('note').textContent).toContain('No Secret Service on D-Bus');
    fireEvent.change(screen.getByLabelText('Enter key'), { target: { value: 'sk-session-9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep for this session only' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('for this session only'));
    expect(api.callsTo('key:set')).toEqual([{ apiKey: 'sk-session-9999', sessionOnly: true }]);
  });
});

describe('settings: parsing and appearance', () => {
  it('saves mode, thresholds, formats (never none), features and concurrency', async () => {
    const api = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Async' }));
    await waitFor(() => expect(api.callsTo('settings:set').at(-1)).toEqual({ mode: 'async' }));
    expect(screen.queryByLabelText('Pages')).toBeNull(); // thresholds only in auto

    fireEvent.click(screen.getByRole('radio', { name: 'Auto' }));
    const pages = await screen.findByLabelText('Pages');
    fireEvent.change(pages, { target: { value: '999' } });
    fireEvent.blur(pages);
    await waitFor(() => expect(api.callsTo('settings:set').at(-1)).toEqual({ syncMaxPages: 300 }));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Zip bundle' }));
    await waitFor(() => expect(api.callsTo('settings:set').at(-1)).toEqual({ formats: ['markdown', 'json', 'zip'] }));

    fireEvent.click(screen.getByRole('checkbox', { name: /Keep headers and footers/ }));
    await waitFor(() =>
      expect(api.callsTo('settings:set').at(-1)).toMatchObject({ featureConfig: { keep_header_footer: true } }),
    );

    fireEvent.change(screen.getByLabelText('Documents at once'), { target: { value: '6' } });
    await waitFor(() => expect(api.callsTo('settings:set').at(-1)).toEqual({ concurrency: 6 }));
  });

  it("with the app's defaults (joins across pages on) the switches say what joining does, in both languages", async () => {
    setup({ featureConfig: { ...CLIENT_FEATURE_CONFIG } });
    const group = screen.getByRole('group', { name: 'Recognition' });
    const on = [...group.querySelectorAll<HTMLInputElement>('input:checked')].map(
      (i) => i.closest('label')!.dataset.feature,
    );
    expect(on).toEqual(
      expect.arrayContaining(['enable_text_cross_page', 'enable_table_cross_page', 'enable_title_level_recognition']),
    );
    // Verb-first names, the same the re-run dialog uses; a joined paragraph is one in the Markdown, not on the page.
    expect(screen.getByRole('checkbox', { name: /^Recognise title levels/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^Join text across pages/ }).closest('label')!.textContent).toContain(
      'one paragraph in the Markdown; its boxes stay on their pages',
    );
    expect(screen.getByRole('checkbox', { name: /^Keep images inside tables/ })).toBeTruthy();
    // The local engine reads none of the image switches (engine/ never looks at them): those say so, only those.
    expect(screen.getAllByTestId('cloud-only').map((n) => n.closest('label')!.dataset.feature)).toEqual([
      'enable_image_understanding',
      'enable_inline_image',
      'enable_table_image',
    ]);
    // It always ranks heading levels (engine/ never reads that switch either): the title switch says so.
    expect(screen.getByTestId('local-always').closest('label')!.dataset.feature).toBe('enable_title_level_recognition');
    expect(screen.getByTestId('local-always').textContent).toBe(
      'The local engine always detects title levels; this switch is for SoMark cloud.',
    );
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh-CN' } });
    await waitFor(() => expect(getLocale()).toBe('zh-CN'));
    expect(screen.getByRole('group', { name: '识别选项' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^跨页合并表格/ }).closest('label')!.textContent).toContain(
      '在 Markdown 中合为一张表',
    );
    expect(screen.getAllByTestId('cloud-only')[0]!.textContent).toBe('仅 SoMark 云端支持：本地引擎忽略此项。');
    expect(screen.getByTestId('local-always').textContent).toBe('本地引擎总会识别标题层级；此开关用于 SoMark 云端。');
  });

  it('the short "cloud only" note (re-run dialog) is spaced in English, not before Chinese full-width brackets', () => {
    const names = () =>
      render(
        <FeatureChecks value={CLIENT_FEATURE_CONFIG} backend="local" hints={false} itemClass="c" onChange={() => {}} />,
      );
    const { unmount } = names();
    expect(screen.getByRole('checkbox', { name: 'Describe images (SoMark cloud only)' })).toBeTruthy();
    unmount();
    setLocale('zh-CN');
    names();
    expect(screen.getByRole('checkbox', { name: '描述图片（仅 SoMark 云端）' })).toBeTruthy();
  });

  it('switches language and theme live', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh-CN' } });
    await waitFor(() => expect(getLocale()).toBe('zh-CN'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('设置');
    fireEvent.click(screen.getByRole('radio', { name: '深色' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    fireEvent.click(screen.getByRole('radio', { name: '跟随系统' }));
    // 'system' resolves through matchMedia; jsdom has none, so it reads as a light OS.
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(screen.getByTestId('storage-usage').textContent).toContain('3.0 MB');
  });
});
