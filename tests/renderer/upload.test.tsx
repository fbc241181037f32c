import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { submitFiles, submitPaths } from '../../renderer/src/features/upload/submit.ts';
import { useUpload } from '../../renderer/src/features/upload/store.ts';
import { DropZone } from '../../renderer/src/features/upload/DropZone.tsx';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import type { Settings } from '../../shared/task.ts';
import type { FileCheck } from '../../shared/task.ts';
import { fakeApi, makeTask, type FakeApi } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const pdf = (name: string, bytes = 8) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

/** Main's side: files named bad-* fail the content check; everything else is accepted and queued. */
function mainApi(): FakeApi {
  return fakeApi({
    'tasks:submit': ({ paths }) => {
      const checks = paths.map((p): FileCheck => {
        const name = p.split('/').pop()!;
        const bad = name.startsWith('bad-');
        return {
          path: p,
          name,
          size: 8,
          ok: !bad,
          error: bad ? { code: 'MISMATCH', message: 'JPEG data with a .pdf name' } : null,
        };
      });
      const tasks = checks.filter((c) => c.ok).map((c) => makeTask({ filePath: c.path, fileName: c.name }));
      return { tasks, rejected: checks.filter((c) => !c.ok), duplicates: [] };
    },
  });
}

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

describe('DropZone', () => {
  it('is a keyboard-reachable button with an accessible name', () => {
    setApi(mainApi());
    render(<DropZone large />);
    const zone = screen.getByRole('button', { name: /Drop PDFs, images or folders here.*Choose files/ });
    expect(zone.tagName).toBe('BUTTON');
    zone.focus();
    expect(document.activeElement).toBe(zone);
  });

  it('submits files chosen through its file input', async () => {
    const api = mainApi();
    setApi(api);
    render(<DropZone large={false} />);
    const input = screen.getByTestId('dropzone-input') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf('picked.pdf')] } });
    });
    await waitFor(() =>
      expect(api.callsTo('tasks:submit')).toEqual([{ paths: ['/uploads/picked.pdf'], duplicates: 'ask' }]),
    );
  });

  it('uses the native dialog in Electron; cancel does nothing; the input is the fallback when it fails', async () => {
    const api = mainApi();
    api.handle('dialog:openFiles', () => ['/home/me/a.pdf']);
    setApi(api);
    useAppInfo
      .getState()
      .setInfo({ version: '1', transport: 'electron', platform: 'linux', locale: 'en', dataDir: '/d' });
    render(<DropZone large={false} />);
    fireEvent.click(screen.getByTestId('dropzone'));
    await waitFor(() =>
      expect(api.callsTo('tasks:submit')).toEqual([{ paths: ['/home/me/a.pdf'], duplicates: 'ask' }]),
    );

    const input = screen.getByTestId('dropzone-input') as HTMLInputElement;
    let opened = 0;
    input.addEventListener('click', () => opened++);
    api.handle('dialog:openFiles', () => null); // the user cancelled
    fireEvent.click(screen.getByTestId('dropzone'));
    await waitFor(() => expect(api.callsTo('dialog:openFiles')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(opened).toBe(0);
    expect(api.callsTo('tasks:submit')).toHaveLength(1);

    api.handle('dialog:openFiles', () => ({ code: 'INTERNAL', message: 'no dialog' }));
    fireEvent.click(screen.getByTestId('dropzone'));
    await waitFor(() => expect(opened).toBe(1));
  });

  it('the hint, the file input and the picker follow what the chosen backend accepts', async () => {
    const api = mainApi();
    api.handle('dialog:openFiles', () => null);
    setApi(api);
    const info = { version: '1', transport: 'electron' as const, platform: 'linux', locale: 'en', dataDir: '/d' };
    const hint = () => screen.getByTestId('dropzone').textContent ?? '';
    const accept = () => (screen.getByTestId('dropzone-input') as HTMLInputElement).accept.split(',');
    try {
      // Local engine without LibreOffice: no Office files, and the hint says how to get them.
      useSettings.setState({ settings: { backend: 'local' } as Settings });
      useAppInfo.getState().setInfo({ ...info, localOffice: false });
      const { unmount } = render(<DropZone large={false} />);
      expect(hint()).toContain('Office files need LibreOffice on this computer, or SoMark cloud');
      expect(accept()).toContain('.pdf');
      expect(accept()).not.toContain('.docx');
      fireEvent.click(screen.getByTestId('dropzone'));
      await waitFor(() => expect(api.callsTo('dialog:openFiles')).toHaveLength(1));
      expect((api.callsTo('dialog:openFiles')[0] as { extensions: string[] }).extensions).not.toContain('.xlsx');
      unmount();
      // With LibreOffice, and on the cloud: Office files too.
      useAppInfo.getState().setInfo({ ...info, localOffice: true });
      const second = render(<DropZone large={false} />);
      expect(hint()).toContain('PDF, images or Office files');
      expect(accept()).toContain('.docx');
      second.unmount();
      useSettings.setState({ settings: { backend: 'cloud' } as Settings });
      useAppInfo.getState().setInfo({ ...info, localOffice: false });
      render(<DropZone large={false} />);
      expect(hint()).toContain('PDF, images or Office files');
      fireEvent.click(screen.getByTestId('dropzone'));
      await waitFor(() => expect(api.callsTo('dialog:openFiles')).toHaveLength(2));
      expect((api.callsTo('dialog:openFiles')[1] as { extensions: string[] }).extensions).toContain('.xlsx');
    } finally {
      useSettings.setState({ settings: null });
    }
  });

  it('in browser mode opens the file input directly (no round trip)', () => {
    const api = mainApi();
    setApi(api);
    useAppInfo.getState().setInfo({ version: '1', transport: 'web', platform: 'linux', locale: 'en', dataDir: '/d' });
    render(<DropZone large={false} />);
    let opened = 0;
    screen.getByTestId('dropzone-input').addEventListener('click', () => opened++);
    fireEvent.click(screen.getByTestId('dropzone'));
    expect(opened).toBe(1);
    expect(api.callsTo('dialog:openFiles')).toHaveLength(0);
  });

  it('adds files pasted anywhere in the window, but not into a text field', async () => {
    const api = mainApi();
    setApi(api);
    render(
      <>
        <DropZone large={false} />
        <input aria-label="search" type="text" />
      </>,
    );
    const paste = (target: EventTarget, files: File[]) => {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'clipboardData', { value: { files } });
      act(() => {
        target.dispatchEvent(event);
      });
    };
    paste(screen.getByLabelText('search'), [pdf('ignored.pdf')]);
    paste(document.body, [pdf('pasted.pdf')]);
    await waitFor(() =>
      expect(api.callsTo('tasks:submit')).toEqual([{ paths: ['/uploads/pasted.pdf'], duplicates: 'ask' }]),
    );
  });
});
