// Re-running a result from the history with other options (HistoryPanel's re-run dialog), and its error
// lines following a language switch.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryPanel } from '../../renderer/src/features/history/HistoryPanel.tsx';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { resetRenderer } from './setup.ts';
import { installLooseApi, toasts } from './app-state.ts';

import { ITEMS } from './history-items.ts';

afterEach(resetRenderer);

describe('HistoryPanel: re-run', () => {
  it('re-runs with other options', async () => {
    const { pairs: calls } = installLooseApi({
      'history:list': () => ITEMS,
      'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }),
      'tasks:rerun': () => ({ id: 'req_new000', fileName: 'scan.png', state: 'queued', createdAt: 1 }),
    });
    render(<HistoryPanel onOpen={() => {}} />);
    const rows = await screen.findAllByTestId('history-row');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Re-run scan.png with other options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-run “scan.png”' });
    // Worded as in Settings: backend, outputs and switches carry the same names there and here.
    expect([...dialog.querySelectorAll('legend')].map((l) => l.textContent)).toEqual([
      'Parsing backend',
      'Outputs',
      'Recognition',
      'OCR and pages',
    ]);
    // The local engine reads no image switch: marked as in Settings while it is chosen, unmarked on the cloud.
    expect(
      within(dialog).getByRole('checkbox', { name: 'Keep images inside tables (SoMark cloud only)' }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'SoMark cloud' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Keep images inside tables' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Zip bundle' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Keep headers and footers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Re-run queued: scan.png']));
    const req = calls.find((c) => c[0] === 'tasks:rerun')![1] as {
      id: string;
      options: { backend: string; formats: string[]; featureConfig: Record<string, boolean> };
    };
    expect(req.id).toBe('req_other1');
    expect(req.options.backend).toBe('cloud');
    expect(req.options.formats).toContain('zip');
    expect(req.options.featureConfig.keep_header_footer).toBe(true);
    // OCR and page range travel too (from the settings here: the task is not in the queue).
    expect((req.options as { fileOptions?: unknown }).fileOptions).toEqual({
      ocr: true,
      ocrLang: 'auto',
      pageRange: '',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the re-run dialog's error lines follow a language switch while it is open", async () => {
    installLooseApi({
      'history:list': () => ITEMS,
      'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }),
      'tasks:rerun': () => ({ code: 'NOT_FOUND', message: 'req_other1 is gone' }),
    });
    render(<HistoryPanel onOpen={() => {}} />);
    const rows = await screen.findAllByTestId('history-row');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Re-run scan.png with other options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-run “scan.png”' });
    for (const box of within(dialog).getAllByRole('checkbox').slice(0, 3))
      if ((box as HTMLInputElement).checked) fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-run' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose at least one format.');
    act(() => setLocale('zh-CN'));
    expect(within(dialog).getByRole('alert').textContent).toBe('请至少选择一种格式。');
    act(() => setLocale('en'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Markdown' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-run' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('The document no longer exists — req_other1 is gone'),
    );
    act(() => setLocale('zh-CN'));
    expect(within(dialog).getByRole('alert').textContent).toBe('该文档已不存在 — req_other1 is gone');
  });
});
