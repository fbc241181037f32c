// The drop zone (DropZone.tsx): files dropped, picked or pasted go through the one submit path, with
// the rejected ones and duplicates reported.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { DropZone } from '../../renderer/src/features/upload/DropZone.tsx';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import type { Settings } from '../../shared/task.ts';
import { resetRenderer } from './setup.ts';
import { mainApi, pdf } from './upload-support.ts';

afterEach(resetRenderer);

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
