// Submitting files (upload/submit.ts): files and paths go to main's 'tasks:submit'; rejected files, files
// already in the queue (asked about, or added anyway) and an empty drop.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { submitFiles, submitPaths } from '../../renderer/src/features/upload/submit.ts';
import { useUpload } from '../../renderer/src/features/upload/store.ts';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import type { FileCheck } from '../../shared/task.ts';
import { fakeApi, makeTask, type FakeApi } from './fake-api.ts';
import { resetRenderer } from './setup.ts';
import '../../renderer/src/features/upload/messages.ts';
import { mainApi, pdf } from './upload-support.ts';

afterEach(resetRenderer);

describe('submit pipeline', () => {
  it('checks client-side, then main checks by content in tasks:submit and queues only the good paths', async () => {
    const api = mainApi();
    setApi(api);
    const tasks = await submitFiles([
      pdf('good.pdf'),
      pdf('empty.pdf', 0),
      new File(['x'], 'notes.txt'),
      pdf('bad-disguised.pdf'),
    ]);

    expect(api.callsTo('tasks:submit')).toEqual([
      { paths: ['/uploads/good.pdf', '/uploads/bad-disguised.pdf'], duplicates: 'ask' },
    ]);
    expect(tasks.map((t) => t.fileName)).toEqual(['good.pdf']);
    expect(useTasks.getState().order).toEqual([tasks[0]!.id]);
    expect(useTasks.getState().selectedId).toBe(tasks[0]!.id);

    const rejected = useUpload.getState().rejected;
    expect(rejected.map((r) => [r.name, r.error.code])).toEqual([
      ['empty.pdf', 'EMPTY'],
      ['notes.txt', 'UNSUPPORTED'],
      ['bad-disguised.pdf', 'MISMATCH'],
    ]);
    expect(useUpload.getState().busy).toBe(0);
    expect(toastLines(useUi.getState().toasts.at(-1)!).message).toBe('Added 1 file to the queue');
  });

  it('never loses files when the upload step fails: all of them are listed with the reason', async () => {
    const api = mainApi();
    api.pathsFor = async () => {
      throw new Error('disk full on the server');
    };
    setApi(api);
    await submitFiles([pdf('a.pdf'), pdf('b.pdf')]);
    expect(api.callsTo('tasks:submit')).toEqual([]);
    expect(useUpload.getState().rejected.map((r) => [r.name, r.error.code, r.error.message])).toEqual([
      ['a.pdf', 'UPLOAD_FAILED', 'disk full on the server'],
      ['b.pdf', 'UPLOAD_FAILED', 'disk full on the server'],
    ]);
  });

  it('reports a refused submit as an error toast and keeps the files listed', async () => {
    const api = mainApi();
    api.handle('tasks:submit', () => ({ code: 'NO_KEY', message: 'no key' }));
    setApi(api);
    await submitPaths(['/docs/a.pdf']);
    expect(useUi.getState().toasts.at(-1)?.kind).toBe('error');
    expect(useUpload.getState().rejected[0]?.error.code).toBe('NO_KEY');
  });
});

describe('files already in the queue', () => {
  const held = (path: string): FileCheck => ({ path, name: path.split('/').pop()!, size: 8, ok: true, error: null });
  /** Main holds back /docs/old*.pdf as already queued when asked to; everything else is queued. */
  function dupApi(): FakeApi {
    return fakeApi({
      'tasks:submit': ({ paths, duplicates }) => {
        const old = duplicates === 'ask' ? paths.filter((p) => p.includes('/old')) : [];
        const tasks = paths
          .filter((p) => !old.includes(p))
          .map((p) => makeTask({ filePath: p, fileName: p.split('/').pop()! }));
        return { tasks, rejected: [], duplicates: old.map(held) };
      },
    });
  }

  it('are sent again only after the user says "Add again"; the rest is queued either way', async () => {
    const api = dupApi();
    setApi(api);
    render(<ConfirmHost />);
    const yes = submitPaths(['/docs/new.pdf', '/docs/old.pdf']);
    const ask = await screen.findByRole('alertdialog', { name: '“old.pdf” is already in the queue — add it again?' });
    expect(document.getElementById(ask.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Adding it again parses the file a second time. Cancel leaves it out.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add again' }));
    expect((await yes).map((t) => t.fileName)).toEqual(['new.pdf', 'old.pdf']);
    expect(api.callsTo('tasks:submit')).toEqual([
      { paths: ['/docs/new.pdf', '/docs/old.pdf'], duplicates: 'ask' },
      { paths: ['/docs/old.pdf'], duplicates: 'add' },
    ]);
    expect(toastLines(useUi.getState().toasts.at(-1)!).message).toBe('Added 2 files to the queue');

    const no = submitPaths(['/docs/old-2.pdf', '/docs/old-3.pdf']);
    const many = await screen.findByRole('alertdialog', {
      name: '2 of these files are already in the queue — add them again?',
    });
    // Said of both files, not of "the file".
    expect(document.getElementById(many.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Adding them again parses them a second time. Cancel leaves out the copies already in the queue.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await no).toEqual([]);
    expect(api.callsTo('tasks:submit')).toHaveLength(3);
    expect(useUpload.getState().rejected).toEqual([]);
  });

  it('the files queued at once show while the question is open, and a newer state from an event is not overwritten', async () => {
    setApi(dupApi());
    render(<ConfirmHost />);
    const done = submitPaths(['/docs/broken.pdf', '/docs/old.pdf']);
    await screen.findByRole('button', { name: 'Cancel' });
    const queued = Object.values(useTasks.getState().tasks);
    expect(queued.map((t) => [t.fileName, t.state])).toEqual([['broken.pdf', 'queued']]);
    // It fails while the user is still deciding ('task:updated' from main).
    act(() => useTasks.getState().upsert({ ...queued[0]!, state: 'FAILED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await done).map((t) => t.fileName)).toEqual(['broken.pdf']);
    expect(useTasks.getState().tasks[queued[0]!.id]?.state).toBe('FAILED');
  });
});

describe('an empty drop', () => {
  it('says nothing was found when main finds no file in what was added', async () => {
    setApi(fakeApi({ 'tasks:submit': () => ({ tasks: [], rejected: [], duplicates: [] }) }));
    expect(await submitPaths(['/docs/empty-folder'])).toEqual([]);
    expect(useUi.getState().toasts.at(-1)?.kind).toBe('warning');
    expect(toastLines(useUi.getState().toasts.at(-1)!).message).toBe('No files found in what you added.');
  });
});
