// The settings screen in jsdom: parsing options (mode, thresholds, formats, features and concurrency; the
// joining switches in both languages) and appearance (language and theme).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getLocale, setLocale } from '../../renderer/src/i18n/index.ts';
import { FeatureChecks } from '../../renderer/src/features/settings/FeatureChecks.tsx';
import { CLIENT_FEATURE_CONFIG } from '../../shared/somark.ts';
import { resetRenderer } from './setup.ts';
import { setup } from './settings-support.tsx';

afterEach(resetRenderer);

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
