// HistoryPanel in jsdom, against an in-memory RendererApi: the list, search, deleting one or all, and
// Chinese; the re-run dialog and StorageUsage have test files of their own.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { HistoryPanel } from '../../renderer/src/features/history/HistoryPanel.tsx';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { resetRenderer } from './setup.ts';
import { installLooseApi, toasts } from './app-state.ts';

import { item, ITEMS } from './history-items.ts';

afterEach(resetRenderer);

describe('HistoryPanel', () => {
  it('lists results with name, date, pages, backend, size and the re-run link; opens one', async () => {
    installLooseApi({
      'history:list': () => ITEMS,
      'storage:usage': () => ({ bytes: 5120, items: 3, dataDir: '/data' }),
    });
    const onOpen = vi.fn();
    render(<HistoryPanel onOpen={onOpen} />);
    const table = await screen.findByRole('table', { name: 'Finished results' });
    const rows = within(table).getAllByTestId('history-row');
    expect(rows).toHaveLength(3);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // The source file's size (not the result's), under a header that says so; the time taken, worded as in the queue.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(1, 6),
    ).toEqual(['Finished', 'Pages', 'Backend', 'File size', 'Parse time']); // not a bare "Time" beside "Finished"
    expect(cells.slice(1, 5)).toEqual(['3', 'SoMark cloud', '3.0 MB', '1 min 23 s']);
    expect(within(rows[2]!).getAllByRole('cell')[4]!.textContent).toBe('–');
    expect(within(rows[2]!).getAllByRole('cell')[3]!.textContent).toBe('–'); // saved without its task: size unknown
    expect(rows[0]!.textContent).toContain('Re-run of report.pdf');
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toBe('–');
    expect(screen.getByTestId('storage-usage').textContent).toBe('Results stored: 5.0 KB in 3 results');
    expect(screen.getByText('3 results')).toBeTruthy();
    fireEvent.click(within(rows[2]!).getAllByRole('button', { name: 'Open scan.png' })[0]!);
    expect(onOpen).toHaveBeenCalledWith('req_other1');
  });

  it('searches (debounced) and marks the hit in the snippet', async () => {
    const { pairs: calls } = installLooseApi({
      'history:list': (req: { query?: string }) =>
        req.query ? [item('req_other1', 'scan.png', { snippet: '…the Quarterly revenue grew…' })] : ITEMS,
      'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/data' }),
    });
    render(<HistoryPanel onOpen={() => {}} />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search history by name or text' }), {
      target: { value: 'quarterly' },
    });
    const snippet = await screen.findByTestId('history-snippet');
    expect(snippet.textContent).toBe('…the Quarterly revenue grew…');
    expect(snippet.querySelector('mark')!.textContent).toBe('Quarterly');
    expect(calls.filter((c) => c[0] === 'history:list').map((c) => c[1])).toEqual([
      { query: undefined },
      { query: 'quarterly' },
    ]);
  });

  it('shows when nothing matches', async () => {
    installLooseApi({
      'history:list': (req: { query?: string }) => (req.query ? [] : ITEMS),
      'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }),
    });
    render(<HistoryPanel onOpen={() => {}} />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeTruthy();
  });

  it('deletes one after confirming and reports the space freed; the focus goes to the row now in its place', async () => {
    let left = ITEMS;
    const { pairs: calls } = installLooseApi({
      'history:list': () => left,
      'history:delete': () => ({ freedBytes: 3 * 1024 * 1024 }),
      'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }),
    });
    render(
      <>
        <HistoryPanel onOpen={() => {}} />
        <ConfirmHost />
      </>,
    );
    const rows = await screen.findAllByTestId('history-row');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Delete scan.png' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “scan.png”?' });
    expect(document.activeElement?.textContent).toBe('Cancel'); // a destructive default is never focused
    left = ITEMS.slice(0, 2);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Deleted — 3.0 MB freed']));
    expect(calls.find((c) => c[0] === 'history:delete')![1]).toEqual({ ids: ['req_other1'] });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByTestId('history-row')[1]!.querySelector('.link-btn')),
    );
  });

  it('deletes all after confirming; the focus goes to the search box', async () => {
    let left = ITEMS;
    const { pairs: calls } = installLooseApi({
      'history:list': () => left,
      'history:clear': () => ({ freedBytes: 10 * 1024 }),
      'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }),
    });
    render(
      <>
        <HistoryPanel onOpen={() => {}} />
        <ConfirmHost />
      </>,
    );
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Delete all…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete all results?' });
    left = [];
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Deleted — 10 KB freed']));
    expect(calls.some((c) => c[0] === 'history:clear')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox')));
  });

  it('speaks Chinese', async () => {
    setLocale('zh-CN');
    installLooseApi({ 'history:list': () => [], 'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }) });
    render(<HistoryPanel onOpen={() => {}} />);
    expect(await screen.findByText('还没有结果。完成的文档会显示在这里，无需网络即可打开。')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '按名称或正文搜索历史记录' })).toBeTruthy();
  });
});
