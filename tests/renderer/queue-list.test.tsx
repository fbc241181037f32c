import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { QueuePane } from '../../renderer/src/features/queue/QueuePane.tsx';
import { ConfirmHost } from '../../renderer/src/components/confirm.tsx';
import { useTasks } from '../../renderer/src/stores/tasks.ts';
import { fakeApi, makeTask } from './fake-api.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

function setup(n = 3) {
  const tasks = Array.from({ length: n }, (_, i) => makeTask({ createdAt: 1000 + i, fileName: `f${i}.pdf` }));
  const api = fakeApi({ 'tasks:remove': ({ id }) => ({ id }) });
  setApi(api);
  useTasks.getState().setAll(tasks);
  const opened: string[] = [];
  render(
    <>
      <QueuePane onOpen={(id) => opened.push(id)} />
      <ConfirmHost />
    </>,
  );
  const list = screen.getByRole('grid', { name: 'Documents in the queue' });
  return { tasks, api, list, opened };
}

describe('queue pane', () => {
  it('shows the empty state with the drop hint when there are no tasks', () => {
    setApi(fakeApi());
    useTasks.getState().setAll([]);
    render(<QueuePane onOpen={() => {}} />);
    expect(screen.getByTestId('queue-empty').textContent).toContain('No documents yet');
    expect(screen.getByRole('button', { name: /drop pdfs, images or folders/i })).toBeTruthy();
  });

  it('moves the selection with the arrow keys, Home and End; Enter opens', () => {
    const { tasks, list, opened } = setup();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(useTasks.getState().selectedId).toBe(tasks[0]!.id);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(useTasks.getState().selectedId).toBe(tasks[2]!.id);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(useTasks.getState().selectedId).toBe(tasks[0]!.id);
    fireEvent.keyDown(list, { key: 'End' });
    expect(useTasks.getState().selectedId).toBe(tasks[2]!.id);
    expect(list.getAttribute('aria-activedescendant')).toBe(`task-row-${tasks[2]!.id}`);
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(opened).toEqual([tasks[2]!.id]);
  });

  it('Ctrl/Cmd+A checks all and shows the batch toolbar; Escape clears', () => {
    const { list } = setup();
    fireEvent.keyDown(list, { key: 'a', ctrlKey: true });
    expect(useTasks.getState().checked).toHaveLength(3);
    expect(screen.getByRole('toolbar').textContent).toContain('3 selected');
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(useTasks.getState().checked).toHaveLength(0);
    fireEvent.keyDown(list, { key: 'a', metaKey: true });
    expect(useTasks.getState().checked).toHaveLength(3);
  });

  it('Space checks the selected task', () => {
    const { tasks, list } = setup();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: ' ' });
    expect(useTasks.getState().checked).toEqual([tasks[0]!.id]);
  });

  it('Delete asks first; Cancel keeps the task, Remove removes it through main', async () => {
    const { tasks, api, list } = setup();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Delete' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove “f0.pdf”?');
    // Dangerous: focus starts on Cancel.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('tasks:remove')).toEqual([]);

    fireEvent.keyDown(list, { key: 'Delete' });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(useTasks.getState().order).toEqual([tasks[1]!.id, tasks[2]!.id]));
    expect(api.callsTo('tasks:remove')).toEqual([{ id: tasks[0]!.id }]);
  });

  it('Delete with checked tasks removes all of them after one confirmation', async () => {
    const { api, list } = setup();
    fireEvent.keyDown(list, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(list, { key: 'Delete' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove 3 documents?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(useTasks.getState().order).toEqual([]));
    expect(api.callsTo('tasks:remove')).toHaveLength(3);
  });

  it('virtualises more than 200 tasks (only some rows in the DOM)', () => {
    const tasks = Array.from({ length: 500 }, (_, i) => makeTask({ createdAt: 10_000 + i }));
    setApi(fakeApi());
    useTasks.getState().setAll(tasks);
    render(<QueuePane onOpen={() => {}} />);
    expect(screen.queryAllByTestId('queue-row').length).toBeLessThan(100);
    expect(screen.getByRole('toolbar').textContent).toContain('500 documents');
  });
});
