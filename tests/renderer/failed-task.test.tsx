// Failures in the file itself offer Remove and say why instead of Retry; Retry names the backend chosen
// now, and a failure that lies with the backend offers a re-run on the other one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../renderer/src/stores/settings.ts';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { Settings } from '../../shared/task.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { StatusPanel } from '../../renderer/src/features/task/StatusPanel.tsx';
import { TaskDetail } from '../../renderer/src/features/task/TaskDetail.tsx';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import '../../renderer/src/features/task/messages.ts';
import { fakeApi, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';
import { row, UNREACHABLE } from './retry-support.tsx';

afterEach(() => {
  resetRenderer();
  vi.useRealTimers();
});

/** The detail of the selected task, following the selection as the app's main pane does. */
const SelectedDetail = () => <TaskDetail taskId={useTasks((s) => s.selectedId)} />;

describe('failures a retry cannot fix', () => {
  it('the row offers Remove and the reason, not Retry', () => {
    const task = makeTask({ state: 'FAILED', error: { code: 'SERVICE_1106', message: 'broken xref' } });
    const view = row(task);
    expect(view.container.textContent).toContain('The PDF is damaged or not a valid PDF');
    expect(screen.queryByRole('button', { name: `Retry ${task.fileName}` })).toBeNull();
    expect(screen.getByRole('button', { name: `Remove ${task.fileName}` })).toBeTruthy();
  });

  it('the panel explains why and offers Remove; a network failure still offers Retry', () => {
    const bad = makeTask({ state: 'FAILED', error: { code: 'MISMATCH', message: 'a JPEG named .pdf' } });
    const { unmount } = render(<StatusPanel task={bad} />);
    expect(screen.getByTestId('task-error').textContent).toContain('The file’s content does not match its extension');
    expect(screen.getByTestId('no-retry-hint').textContent).toMatch(/problem is in the file itself/);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    unmount();
    render(<StatusPanel task={makeTask({ state: 'FAILED', error: UNREACHABLE })} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('no-retry-hint')).toBeNull();
  });

  it("a failed file has one Remove (the panel's, beside the reason), not a second one in the header", () => {
    const bad = makeTask({ state: 'FAILED', error: { code: 'EMPTY', message: '' } });
    const net = makeTask({ state: 'FAILED', error: UNREACHABLE });
    useTasks.getState().setAll([bad, net]);
    const { unmount } = render(<TaskDetail taskId={bad.id} />);
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    expect(screen.getByTestId('status-panel').contains(screen.getByRole('button', { name: 'Remove' }))).toBe(true);
    unmount();
    // Any other task keeps the header's Remove.
    render(<TaskDetail taskId={net.id} />);
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
  });

  it("after Remove in the failed panel, focus goes to the next task's heading, not to the page's body", async () => {
    const [bad, next] = [
      makeTask({ state: 'FAILED', error: { code: 'EMPTY', message: '' } }),
      makeTask({ state: 'SUCCESS' }),
    ];
    useTasks.getState().setAll([bad!, next!]);
    useTasks.getState().select(bad!.id);
    setApi(fakeApi({ 'tasks:remove': ({ id }) => ({ id }) }));
    render(
      <>
        <SelectedDetail />
        <ConfirmHost />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Remove' }).click());
    const dialog = await screen.findByRole('alertdialog');
    act(() => within(dialog).getByRole('button', { name: 'Remove' }).click());
    await waitFor(() => expect(screen.getByTestId('detail-heading').textContent).toBe(next!.fileName));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('detail-heading')));
  });

  it('the error box does not say its sentence twice: under it comes the way out, the service message folds away', () => {
    // The local engine's message restates the title ("invalid or corrupted … damaged or not a valid PDF").
    const raw = 'The PDF is invalid or corrupted: garbage.pdf is damaged or not a valid PDF';
    const task = makeTask({ state: 'FAILED', error: { code: 'SERVICE_1106', message: raw }, attempts: 1 });
    const { unmount } = render(<StatusPanel task={task} />);
    const box = screen.getByTestId('task-error');
    expect(box.querySelector('strong')?.textContent).toBe('The PDF is damaged or not a valid PDF');
    expect(screen.getByTestId('error-fix').textContent).toMatch(/^Open it in a PDF viewer/);
    // The raw message stays for support, behind "Code SERVICE_1106 · 1 attempt" (closed at first).
    const trace = screen.getByText(raw).closest('details')!;
    expect(trace.open).toBe(false);
    expect(trace.querySelector('summary')?.textContent).toBe('Details · Code SERVICE_1106 · 1 attempt');
    expect(screen.getByTestId('no-retry-hint').textContent).toBe(
      'Trying again would not help: the problem is in the file itself.',
    );
    unmount();
    render(<StatusPanel task={{ ...task, formats: ['markdown', 'json'] }} />);
    // The facts name the outputs as Settings does, not by their wire names ("markdown, json").
    expect(screen.getByText('Outputs').nextElementSibling?.textContent).toBe('Markdown, JSON (pages and blocks)');
    cleanup();
    setLocale('zh-CN');
    render(<StatusPanel task={task} />);
    expect(screen.getByTestId('error-fix').textContent).toMatch(/^请用 PDF 阅读器打开它/);
  });

  it('Retry names the backend chosen now when it differs from the failed one', () => {
    useSettings.setState({ settings: { backend: 'cloud' } as Settings });
    try {
      render(<StatusPanel task={makeTask({ state: 'FAILED', backend: 'local', error: UNREACHABLE })} />);
      expect(screen.getByRole('button', { name: 'Retry with SoMark cloud' })).toBeTruthy();
    } finally {
      useSettings.setState({ settings: null });
    }
  });

  it("a missing LibreOffice is not the file's fault: the panel names the fix and offers the cloud", () => {
    render(
      <StatusPanel
        task={makeTask({
          state: 'FAILED',
          backend: 'local',
          error: { code: 'NEEDS_LIBREOFFICE', message: 'install LibreOffice' },
        })}
      />,
    );
    expect(screen.queryByTestId('no-retry-hint')).toBeNull();
    expect(screen.getByTestId('backend-fix-hint').textContent).toContain('The file is fine');
    expect(screen.getByRole('button', { name: 'Parse with SoMark cloud' })).toBeTruthy();
  });

  it('a protected PDF refused by the cloud offers the local engine, which asks for the password', () => {
    render(
      <StatusPanel
        task={makeTask({
          state: 'FAILED',
          backend: 'cloud',
          error: { code: 'PASSWORD_REQUIRED', message: 'This PDF is password-protected' },
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Parse with Local engine' })).toBeTruthy();
  });
});
