// ExportMenu and the batch dialog in jsdom, talking to an in-memory RendererApi that records calls.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvokeChannel } from '../../shared/ipc-contract.ts';
import { CodedError } from '../../shared/result.ts';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { fakeApi, type Handlers } from './fake-api.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import { ExportMenu } from '../../renderer/src/features/export/ExportMenu.tsx';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { makeTask } from './fake-api.ts';

type Handler = (req: never) => unknown;
function installApi(handlers: Partial<Record<InvokeChannel, Handler>>) {
  const api = fakeApi(handlers as Handlers);
  setApi(api);
  return { calls: api.pairs, emit: api.emit };
}

const toasts = () => useUi.getState().toasts.map((t) => `${t.kind}: ${toastLines(t).message}`);
const setTransport = (transport: 'electron' | 'web') =>
  useAppInfo.getState().setInfo({ version: '0', transport, platform: 'linux', locale: 'en', dataDir: '/data' });

beforeEach(() => {
  useUi.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  setApi(null);
  setLocale('en');
});

describe('ExportMenu for one task', () => {
  it('is a keyboard-operable menu with accessible names', async () => {
    setTransport('electron');
    installApi({});
    render(<ExportMenu taskIds={['req_aaaaaa']} />);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual([
      'Markdown (images in a folder)',
      'Markdown (images inlined)',
      'JSON (self-contained)',
      'JSON (as returned by the service)',
      'Zip bundle',
      'Copy Markdown',
    ]);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Markdown (images in a folder)'));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Copy Markdown');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Electron: exports JSON through main (which opens the save dialog) and confirms with a toast', async () => {
    setTransport('electron');
    const { calls } = installApi({ 'export:task': () => ({ written: ['/home/me/doc.json'], downloadUrl: null }) });
    render(<ExportMenu taskIds={['req_aaaaaa']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'JSON (self-contained)' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Exported doc.json']));
    expect(calls).toEqual([['export:task', { id: 'req_aaaaaa', format: 'json', json: 'self-contained' }]]);
  });

  it('browser mode: starts a download of the URL main returns', async () => {
    setTransport('web');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    installApi({
      'export:task': () => ({
        written: ['/d/x.zip'],
        downloadUrl: 'http://127.0.0.1:1/assets/downloads/abc/my%20doc.zip',
      }),
    });
    render(<ExportMenu taskIds={['req_aaaaaa']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Zip bundle' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Download started: my doc.zip']));
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('save to a path: asks before replacing an existing file, then exports with overwrite', async () => {
    setTransport('web');
    let first = true;
    const { calls } = installApi({
      'export:task': (req: { overwrite?: boolean }) => {
        if (first && !req.overwrite) {
          first = false;
          throw new CodedError('EXISTS', '/exports/out.md already exists and was not overwritten.');
        }
        return { written: ['/exports/out.md'], downloadUrl: null };
      },
    });
    render(
      <>
        <ExportMenu taskIds={['req_aaaaaa']} />
        <ConfirmHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Save to a path…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to a path' });
    fireEvent.change(within(dialog).getByLabelText('Destination file'), { target: { value: 'relative.md' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The path must be absolute');
    act(() => setLocale('zh-CN')); // worded when shown: follows a language switch
    expect(within(dialog).getByRole('alert').textContent).toBe('路径必须是绝对路径');
    act(() => setLocale('en'));
    fireEvent.change(within(dialog).getByLabelText('Destination file'), { target: { value: '/exports/out.md' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace “out.md”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Exported out.md']));
    expect(calls.map((c) => c[1])).toEqual([
      { id: 'req_aaaaaa', format: 'markdown', images: 'folder', destPath: '/exports/out.md' },
      { id: 'req_aaaaaa', format: 'markdown', images: 'folder', destPath: '/exports/out.md', overwrite: true },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('copies the Markdown the app shows to the clipboard', async () => {
    setTransport('electron');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    installApi({ 'results:get': () => ({ markdown: '# Hello\n' }) });
    render(<ExportMenu taskIds={['req_aaaaaa']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy Markdown' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Markdown copied to the clipboard']));
    expect(writeText).toHaveBeenCalledWith('# Hello\n');
  });
});

describe('batch export dialog', () => {
  it('folder typed in browser mode, progress from events, summary of written and skipped', async () => {
    setTransport('web');
    let finish: (v: unknown) => void = () => {};
    const { calls, emit } = installApi({
      'dialog:pickFolder': () => null,
      'export:batch': () =>
        new Promise((r) => {
          finish = r;
        }),
    });
    render(<ExportMenu taskIds={['req_a00001', 'req_a00002', 'req_a00003']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export 3 selected documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export 3 documents' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Choose a destination folder.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose…' }));
    await within(dialog).findByText(/Type the folder path/);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'JSON (self-contained)' }));
    fireEvent.change(within(dialog).getByLabelText('Destination folder'), { target: { value: '/exports' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(calls.at(-1)![0]).toBe('export:batch'));
    expect(calls.at(-1)![1]).toEqual({
      ids: ['req_a00001', 'req_a00002', 'req_a00003'],
      formats: ['markdown', 'json'],
      destDir: '/exports',
      images: 'folder',
    });

    act(() => emit('export:progress', { jobId: 'j', done: 1, total: 3, current: 'b.pdf' }));
    const bar = within(dialog).getByRole('progressbar', { name: 'Export progress' });
    expect(bar.getAttribute('value')).toBe('1');
    expect(within(dialog).getByRole('status').textContent).toContain('Exported 1 of 3');

    await act(async () =>
      finish({
        jobId: 'j',
        destDir: '/exports',
        written: [
          { id: 'req_a00001', paths: ['/exports/a/a.md'] },
          { id: 'req_a00002', paths: ['/exports/a (2)/a.md'] },
        ],
        skipped: [
          {
            id: 'req_a00003',
            fileName: 'c.pdf',
            reason: { code: 'NOT_FINISHED', message: 'c.pdf is not finished yet (PROCESSING).' },
          },
        ],
      }),
    );
    const summary = await within(dialog).findByTestId('batch-summary');
    expect(within(summary).getByRole('status').textContent).toBe('2 documents written to /exports · 1 skipped');
    // Each skip: name and sentence; the raw message folds under its code, as in the failed task's box.
    const skipped = within(summary).getByTestId('batch-skipped');
    expect(skipped.querySelector('li')!.firstChild!.textContent).toBe('c.pdf');
    expect(skipped.textContent).toMatch(/^c\.pdf: Not finished yetDetails · Code NOT_FINISHED/);
    expect(skipped.querySelector('details')!.open).toBe(false);
    expect(within(summary).getByTestId('batch-written').textContent).toContain('/exports/a (2)');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Close'));
  });

  it('says before exporting which selected documents have no result and will be skipped', async () => {
    installApi({});
    const [done, failed] = [
      makeTask({ state: 'SUCCESS' }),
      makeTask({ state: 'FAILED', error: { code: 'EMPTY', message: '' } }),
    ];
    useTasks.getState().setAll([done!, failed!]);
    render(<ExportMenu taskIds={[done!.id, failed!.id]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 selected documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export 2 documents' });
    expect(within(dialog).getByTestId('batch-unfinished').textContent).toBe(
      '1 of them has no result (failed or not finished): it will be skipped.',
    );
    act(() => setLocale('zh-CN'));
    expect(within(dialog).getByTestId('batch-unfinished').textContent).toBe(
      '其中 1 个没有结果（失败或尚未完成），将被跳过。',
    );
    useTasks.getState().setAll([]);
  });

  it('its error lines follow a language switch while the dialog is open (worded when shown, not when they happen)', async () => {
    setTransport('web');
    installApi({
      'dialog:pickFolder': () => null,
      'export:batch': () => ({ code: 'DISK_FULL', message: 'ENOSPC: no space left on device' }),
    });
    render(<ExportMenu taskIds={['req_a00001', 'req_a00002']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 selected documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export 2 documents' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a destination folder.');
    act(() => setLocale('zh-CN'));
    expect(within(dialog).getByRole('alert').textContent).toBe('请选择目标文件夹。');
    act(() => setLocale('en'));
    fireEvent.change(within(dialog).getByLabelText('Destination folder'), { target: { value: '/exports' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('The disk is full — ENOSPC: no space left on device'),
    );
    act(() => setLocale('zh-CN'));
    expect(within(dialog).getByRole('alert').textContent).toBe('磁盘已满 — ENOSPC: no space left on device');
    act(() => setLocale('en'));
  });
});
