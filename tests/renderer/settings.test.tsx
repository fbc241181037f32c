// The settings screen in jsdom: the backend, its address and the connection test, and the API key (checked,
// saved through main, kept for this session only without a keychain).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getLocale } from '../../renderer/src/i18n/index.ts';
import { resetRenderer } from './setup.ts';
import { noKey, setup } from './settings-support.tsx';

afterEach(resetRenderer);

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
