// Uploads in renderer tests: a PDF File of a given size, and main's side of 'tasks:submit' (files named
// bad-* fail the content check; every other file is accepted and queued).
import type { FileCheck } from '../../shared/task.ts';
import { fakeApi, makeTask, type FakeApi } from './fake-api.ts';

export const pdf = (name: string, bytes = 8) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

/** Main's side: files named bad-* fail the content check; everything else is accepted and queued. */
export function mainApi(): FakeApi {
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
