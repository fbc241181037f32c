// Tasks in renderer tests of retries and failures: an unreachable service's error, and one queue row
// rendered on its own.
import { render } from '@testing-library/react';
import type { Task } from '../../shared/task.ts';
import { QueueRow } from '../../renderer/src/features/queue/QueueRow.tsx';

/** The error of a service that cannot be reached. */
export const UNREACHABLE = {
  code: 'UNREACHABLE',
  message: 'Cannot reach 127.0.0.1:4010 (ECONNREFUSED); check the connection or the service URL',
};

/** Renders `task` as the only row of the queue. */
export const row = (task: Task) =>
  render(
    <QueueRow
      task={task}
      index={0}
      total={1}
      selected={false}
      checked={false}
      onSelect={() => {}}
      onToggleChecked={() => {}}
    />,
  );
