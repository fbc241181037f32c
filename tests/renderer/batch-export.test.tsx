// The batch export dialog (BatchExportDialog.tsx) in jsdom: destination, progress from events, the summary
// of written and skipped documents, and its error lines in the language shown.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportMenu } from '../../renderer/src/features/export/ExportMenu.tsx';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';
import { installLooseApi, setTransport } from './app-state.ts';

afterEach(resetRenderer);

describe('batch export dialog', () => {
  it('folder typed in browser mode, progress from events, summary of written and skipped', async () => {
    setTransport('web');
    let finish: (v: unknown) => void = () => {};
    const { pairs: calls, emit } = installLooseApi({
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
    installLooseApi({});
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
    installLooseApi({
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
