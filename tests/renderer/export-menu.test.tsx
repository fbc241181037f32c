// ExportMenu for one task in jsdom (Electron and browser mode), talking to an in-memory RendererApi that
// records calls; the batch dialog is in batch-export.test.tsx.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodedError } from '../../shared/result.ts';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { ExportMenu } from '../../renderer/src/features/export/ExportMenu.tsx';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { resetRenderer } from './setup.ts';
import { installLooseApi, setTransport, toasts } from './app-state.ts';

afterEach(resetRenderer);

describe('ExportMenu for one task', () => {
  it('is a keyboard-operable menu with accessible names', async () => {
    setTransport('electron');
    installLooseApi({});
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
    const { pairs: calls } = installLooseApi({
      'export:task': () => ({ written: ['/home/me/doc.json'], downloadUrl: null }),
    });
    render(<ExportMenu taskIds={['req_aaaaaa']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'JSON (self-contained)' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Exported doc.json']));
    expect(calls).toEqual([['export:task', { id: 'req_aaaaaa', format: 'json', json: 'self-contained' }]]);
  });

  it('browser mode: starts a download of the URL main returns', async () => {
    setTransport('web');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    installLooseApi({
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
    const { pairs: calls } = installLooseApi({
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
    installLooseApi({ 'results:get': () => ({ markdown: '# Hello\n' }) });
    render(<ExportMenu taskIds={['req_aaaaaa']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy Markdown' }));
    await waitFor(() => expect(toasts()).toEqual(['success: Markdown copied to the clipboard']));
    expect(writeText).toHaveBeenCalledWith('# Hello\n');
  });
});
