// HistoryPanel, its re-run dialog and StorageUsage in jsdom, against an in-memory RendererApi.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvokeChannel } from '../../shared/ipc-contract.ts';
import type { HistoryItem } from '../../shared/task.ts';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { fakeApi, type Handlers } from './fake-api.ts';
import { toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import { HistoryPanel } from '../../renderer/src/features/history/HistoryPanel.tsx';
import { StorageUsage } from '../../renderer/src/features/history/StorageUsage.tsx';
import { setLocale } from '../../renderer/src/i18n/index.ts';

type Handler = (req: never) => unknown;
function installApi(handlers: Partial<Record<InvokeChannel, Handler>>) {
  const api = fakeApi(handlers as Handlers);
  setApi(api);
  return api.pairs;
}

const item = (id: string, fileName: string, extra: Partial<HistoryItem> = {}): HistoryItem => ({
  id,
  fileName,
  finishedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  elapsedMs: 83_000,
  pages: 3,
  backend: 'local',
  fileSize: 96 * 1024,
  bytes: 2048,
  parentId: null,
  snippet: null,
  ...extra,
});
const ITEMS = [
  item('req_child1', 'report.pdf', {
    parentId: 'req_parent',
    backend: 'cloud',
    fileSize: 3 * 1024 * 1024,
    bytes: 1024,
  }),
  item('req_parent', 'report.pdf'),
  item('req_other1', 'scan.png', { pages: null, elapsedMs: null, fileSize: null }),
];
const toasts = () => useUi.getState().toasts.map((t) => `${t.kind}: ${toastLines(t).message}`);

beforeEach(() => {
  useUi.setState({ toasts: [] });
  setLocale('en');
});
afterEach(() => {
  cleanup();
  setApi(null);
});

describe('HistoryPanel', () => {
  it('lists results with name, date, pages, backend, size and the re-run link; opens one', async () => {
    installApi({ 'history:list': () => ITEMS, 'storage:usage': () => ({ bytes: 5120, items: 3, dataDir: '/data' }) });
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
    const calls = installApi({
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
    installApi({
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
    const calls = installApi({
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
    const calls = installApi({
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

  it('re-runs with other options', async () => {
    const calls = installApi({
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
    installApi({
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

  it('speaks Chinese', async () => {
    setLocale('zh-CN');
    installApi({ 'history:list': () => [], 'storage:usage': () => ({ bytes: 0, items: 0, dataDir: '/d' }) });
    render(<HistoryPanel onOpen={() => {}} />);
    expect(await screen.findByText('还没有结果。完成的文档会显示在这里，无需网络即可打开。')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '按名称或正文搜索历史记录' })).toBeTruthy();
  });
});

describe('StorageUsage', () => {
  it('says "1 result" for one', async () => {
    installApi({ 'storage:usage': () => ({ bytes: 1536, items: 1, dataDir: '/d' }) });
    render(<StorageUsage />);
    await waitFor(() =>
      expect(screen.getByTestId('storage-usage').textContent).toBe(
        'Results stored: 1.5 KB in 1 result · Data folder: /d',
      ),
    );
  });

  it('shows bytes, items and the data folder', async () => {
    installApi({ 'storage:usage': () => ({ bytes: 1536, items: 2, dataDir: '/home/me/.docparse' }) });
    render(<StorageUsage />);
    await waitFor(() =>
      expect(screen.getByTestId('storage-usage').textContent).toBe(
        'Results stored: 1.5 KB in 2 results · Data folder: /home/me/.docparse',
      ),
    );
  });
});
