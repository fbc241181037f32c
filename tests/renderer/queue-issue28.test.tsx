// Issue 28's queue half in the renderer: a protected PDF waits as "Needs password" (warning, not failed)
// with its field in the row (keys stay in the field; Enter sends the password once); the row says the
// latest attempt and why, and the per-file options (noted when the backend ignores them); elapsed counts
// banked work; network failures name the address and the cause; keychain failures are sentences.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Task } from '../../shared/task.ts';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { setLocale, translate } from '../../renderer/src/i18n/index.ts';
import { describeError, keychainSentence } from '../../renderer/src/i18n/errors.ts';
import { QueueRow } from '../../renderer/src/features/queue/QueueRow.tsx';
import { elapsedMs } from '../../renderer/src/features/queue/status.ts';
import { fakeApi, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

function renderRow(task: Task) {
  const toggled: string[] = [];
  render(
    <QueueRow
      task={task}
      index={0}
      total={1}
      selected={false}
      checked={false}
      onSelect={() => {}}
      onToggleChecked={(id) => toggled.push(id)}
    />,
  );
  return { row: screen.getByTestId('queue-row'), toggled };
}

const waiting = (code = 'PASSWORD_REQUIRED') =>
  makeTask({
    state: 'needsPassword',
    error: { code, message: 'This PDF is password-protected' },
    fileName: 'locked.pdf',
  });

describe('a protected PDF in the queue', () => {
  it('waits as Needs password in warning colours, with its password field in the row', async () => {
    const task = waiting();
    const api = fakeApi({ 'tasks:retry': () => ({ ...task, state: 'queued', error: null }) });
    setApi(api);
    const { row, toggled } = renderRow(task);
    expect(screen.getByTestId('status-badge').textContent).toBe('Needs password');
    expect(screen.getByTestId('status-badge').className).toContain('tone-warning');
    expect(row.querySelector('.row-error')).toBeNull();
    const input = screen.getByLabelText('Password for locked.pdf') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.keyDown(input, { key: ' ' }); // the list's Space (check the row) does not act from the field
    fireEvent.change(input, { target: { value: 'pw 1' } });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(api.callsTo('tasks:retry')).toEqual([{ id: task.id, password: 'pw 1' }]));
    expect(input.value).toBe('');
    expect(toggled).toEqual([]);
  });

  it('says when the password was wrong, in Chinese too', () => {
    setLocale('zh-CN');
    renderRow(waiting('PASSWORD_WRONG'));
    expect(screen.getByTestId('status-badge').textContent).toBe('需要密码');
    expect(screen.getByTestId('row-password').textContent).toContain('密码错误');
    expect(screen.getByLabelText('locked.pdf 的密码')).toBeTruthy();
  });
});

describe('attempts and options in the row', () => {
  it('shows the latest attempt and its cause, then the facts and the per-file options', () => {
    const task = makeTask({
      state: 'PROCESSING',
      backend: 'local',
      attempts: 2,
      pages: 2,
      retries: [{ attempt: 2, cause: 'engineRestarted', reason: { code: 'ENGINE_RESTARTED', message: 'x' }, at: 1 }],
      fileOptions: { ocr: true, ocrLang: 'zh', pageRange: '2-3' },
    });
    renderRow(task);
    expect(screen.getByTestId('row-attempt').textContent).toBe('Attempt 2: the engine restarted · ');
    expect(screen.getByTestId('row-meta').textContent).toContain('2 p. · Local engine · OCR: Chinese · pages 2-3');
  });

  it('notes options the cloud ignores', () => {
    renderRow(makeTask({ backend: 'cloud', fileOptions: { ocr: false, ocrLang: 'auto', pageRange: '' } }));
    expect(screen.getByTestId('row-meta').textContent).toContain('OCR off (ignored by SoMark cloud)');
  });

  it('elapsed is banked work plus the current run, and shows on failed rows', () => {
    expect(elapsedMs(makeTask({ state: 'FAILED', startedAt: null, finishedAt: 9000, workedMs: 4200 }), 10_000)).toBe(
      4200,
    );
    expect(
      elapsedMs(makeTask({ state: 'PROCESSING', startedAt: 8000, finishedAt: null, workedMs: 1000 }), 10_000),
    ).toBe(3000);
    expect(elapsedMs(makeTask({ state: 'queued', startedAt: null })), 'never started').toBeNull();
  });
});

describe('human messages', () => {
  const net = (errno: string) => ({
    code: 'UNREACHABLE',
    message: `Cannot reach http://127.0.0.1:9/api/v1 (${errno}); check the connection or the service URL`,
  });
  it.each([
    ['ECONNREFUSED', 'the connection was refused'],
    ['ENOTFOUND', 'that name was not found'],
    ['CERT_HAS_EXPIRED', 'the secure connection failed'],
    ['ETIMEDOUT', 'it did not answer in time'],
  ])('%s names the address and the cause', (errno, cause) => {
    const d = describeError(net(errno), (k, v) => translate(k, v));
    expect(d.title).toContain('Could not reach http://127.0.0.1:9/api/v1: ');
    expect(d.title).toContain(cause);
    expect(d.detail).toContain(errno); // the raw message stays behind Details
  });

  it('keychain failures read as sentences (the D-Bus text goes behind Details)', () => {
    const t = (k: string) => translate(k);
    expect(
      keychainSentence(
        'org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files',
        t,
      ),
    ).toBe('No keyring service is running on this desktop (such as GNOME Keyring or KWallet).');
    expect(keychainSentence('Cannot autolaunch D-Bus without X11 $DISPLAY', t)).toContain('no session bus');
  });
});
