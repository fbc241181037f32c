// A counter that moves (debounced) whenever a result is added or removed, for views that list results.
import { useEffect, useState } from 'react';
import { on } from '../../lib/ipc.ts';

export function useResultsVersion(delayMs = 300): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => setVersion((v) => v + 1), delayMs);
    };
    const offs = [
      on('task:updated', (task) => {
        if (task.state === 'SUCCESS') later();
      }),
      on('task:removed', later),
    ];
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [delayMs]);
  return version;
}
