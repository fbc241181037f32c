// The failed task's panel asks for a protected PDF's password on the local engine, sends it with one
// retry and clears the field; on the cloud it says the service does not take protected files.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { StatusPanel } from '../../renderer/src/features/task/StatusPanel.tsx';
import '../../renderer/src/features/task/messages.ts';
import { fakeApi, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const locked = (backend: 'local' | 'cloud', code = 'PASSWORD_REQUIRED') =>
  makeTask({
    state: 'FAILED',
    backend,
    error: { code, message: 'This PDF is password-protected (a.pdf): send its password' },
  });

describe('password prompt', () => {
  it('local engine: the password goes with one retry, and the field is emptied', async () => {
    const task = locked('local');
    const api = fakeApi({ 'tasks:retry': () => ({ ...task, state: 'queued', error: null }) });
    setApi(api);
    render(<StatusPanel task={task} />);
    expect(screen.getByTestId('task-error').textContent).toContain('This PDF is password-protected');
    expect(screen.queryByTestId('no-retry-hint')).toBeNull();
    // A plain Retry would fail the same way: the prompt's button is the one way on.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const input = screen.getByTestId('password-input') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open with this password' }));
    await waitFor(() => expect(api.callsTo('tasks:retry')).toEqual([{ id: task.id, password: 's3cret' }]));
    expect(input.value).toBe('');
  });

  it('a wrong password says so and asks again', () => {
    render(<StatusPanel task={locked('local', 'PASSWORD_WRONG')} />);
    expect(screen.getByTestId('task-error').textContent).toMatch(/password is wrong/);
    expect(screen.getByTestId('password-prompt')).toBeTruthy();
  });

  it("the box says it once: a short title, the way out under it, the engine's own words folded away", () => {
    render(<StatusPanel task={locked('local')} />);
    const box = screen.getByTestId('task-error');
    expect(box.querySelector('strong')?.textContent).toBe('This PDF is password-protected');
    expect(screen.getByTestId('error-fix').textContent).toBe(
      'Enter its password below, or remove the protection and add the file again.',
    );
    expect(screen.getByText(/send its password/).closest('details')?.open).toBe(false);
    // A failed task never gets a service task id: "none", not "not assigned yet".
    expect(screen.getByText('Service task id').nextElementSibling?.textContent).toBe('none');
  });

  it('cloud: no prompt, a way out instead', () => {
    render(<StatusPanel task={locked('cloud')} />);
    expect(screen.queryByTestId('password-prompt')).toBeNull();
    expect(screen.queryByTestId('error-fix')).toBeNull(); // "below" would point at nothing
    expect(screen.getByTestId('password-cloud').textContent).toMatch(/does not take password-protected PDFs/);
  });

  it('other failures: no prompt', () => {
    render(
      <StatusPanel
        task={makeTask({ state: 'FAILED', backend: 'local', error: { code: 'SERVICE_1106', message: 'broken' } })}
      />,
    );
    expect(screen.queryByTestId('password-prompt')).toBeNull();
  });
});
