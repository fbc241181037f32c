// The rejected-files panel: files refused at intake, grouped by reason, each reason with the way out of
// it (the same sentence as the failed task's box, from describeError), in English and Chinese; what is
// particular to a file (its size over the limit) stays on its row, restatements of the reason do not;
// one file or all can be dismissed.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { describeError } from '../../renderer/src/i18n/errors.ts';
import { useUpload } from '../../renderer/src/features/upload/store.ts';
import { RejectedPanel } from '../../renderer/src/features/upload/RejectedPanel.tsx';
import type { Rejection } from '../../renderer/src/features/upload/validate.ts';
import { DropZone } from '../../renderer/src/features/upload/DropZone.tsx';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { fakeApi } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const REJECTED: Rejection[] = [
  { name: 'a.txt', path: null, error: { code: 'UNSUPPORTED', message: '.txt' } },
  { name: 'b.pdf', path: 'folder/b.pdf', error: { code: 'TOO_LARGE', message: '250 MB is over the 200 MB limit' } },
  { name: 'c.docm', path: null, error: { code: 'UNSUPPORTED', message: '.docm' } },
  { name: 'd.pdf', path: null, error: { code: 'EMPTY', message: 'd.pdf is empty' } },
];

const groups = () =>
  screen.getAllByTestId('rejected-group').map((g) => ({
    code: g.dataset.code,
    fix: within(g).queryByTestId('rejected-fix')?.textContent ?? null,
    rows: within(g)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  }));

describe('RejectedPanel', () => {
  it('groups the files by reason and gives each reason its way out once, as the error box does', () => {
    useUpload.getState().addRejected(REJECTED);
    render(<RejectedPanel />);
    expect(screen.getByTestId('rejected-panel').textContent).toContain('4 files not added');
    const fix = (code: string) => describeError({ code, message: '' }).fix;
    expect(fix('UNSUPPORTED')).toBe('Add PDF, image or Office files; save other documents as PDF first.');
    expect(groups()).toEqual([
      { code: 'UNSUPPORTED', fix: fix('UNSUPPORTED'), rows: ['a.txt', 'c.docm'] },
      { code: 'TOO_LARGE', fix: fix('TOO_LARGE'), rows: ['folder/b.pdf250 MB is over the 200 MB limit'] },
      { code: 'EMPTY', fix: fix('EMPTY'), rows: ['d.pdf'] },
    ]);
    expect(screen.getAllByTestId('rejected-group')[0]!.textContent).toContain('This file type is not supported');
  });

  it('says the reasons and their ways out in Chinese', () => {
    setLocale('zh-CN');
    useUpload.getState().addRejected(REJECTED.slice(0, 1));
    render(<RejectedPanel />);
    expect(screen.getByTestId('rejected-panel').textContent).toContain('1 个文件未添加');
    expect(screen.getByTestId('rejected-group').textContent).toContain('不支持此文件类型');
    expect(screen.getByTestId('rejected-fix').textContent).toBe(
      '请添加 PDF、图片或 Office 文件；其他文档请先另存为 PDF。',
    );
  });

  it('dismisses one file (by its place in the list, across groups), then all', () => {
    useUpload.getState().addRejected(REJECTED);
    render(<RejectedPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss c.docm' }));
    expect(useUpload.getState().rejected.map((r) => r.name)).toEqual(['a.txt', 'b.pdf', 'd.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss a.txt' }));
    expect(groups().map((g) => g.code)).toEqual(['TOO_LARGE', 'EMPTY']);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' })));
    expect(screen.queryByTestId('rejected-panel')).toBeNull();
  });

  it('keeps the focus in place: on the next Dismiss, then on the drop zone once the panel is gone', async () => {
    await new Promise((r) => requestAnimationFrame(r)); // the last test's focus moves are done
    setApi(fakeApi({}));
    useUpload.getState().addRejected(REJECTED);
    render(
      <DropZone large={false}>
        <RejectedPanel />
      </DropZone>,
    );
    const dismissC = screen.getByRole('button', { name: 'Dismiss c.docm' });
    dismissC.focus();
    fireEvent.click(dismissC); // rows: a.txt, c.docm | b.pdf | d.pdf → the next one takes c.docm's place
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss b.pdf' })));
    const all = screen.getByRole('button', { name: 'Dismiss all' });
    all.focus();
    fireEvent.click(all);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('dropzone')));
  });
});
