// files:import: a pasted file (no path on disk) is stored under the uploads folder and then parses
// like any dropped file.
import { afterAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { corpus, makeServices, removeTemps, waitTask } from './helpers.ts';

afterAll(removeTemps);

describe('files:import', () => {
  it('stores the bytes under uploads with a safe name, and the path parses to SUCCESS', async () => {
    const h = await makeServices();
    try {
      const bytes = new Uint8Array(await readFile(corpus('pdf-digital/two_paragraphs.pdf')));
      const path = await h.svc.handlers['files:import']({ name: '../clip:board.pdf', bytes });
      expect(dirname(dirname(path))).toBe(join(h.dataDir, 'uploads'));
      expect(basename(path)).toBe('.._clip_board.pdf');
      expect(new Uint8Array(await readFile(path))).toEqual(bytes);
      const {
        tasks: [task],
      } = await h.svc.handlers['tasks:submit']({ paths: [path] });
      const done = await waitTask(h, task!.id, (t) => t.state === 'SUCCESS' || t.state === 'FAILED');
      expect(done.state).toBe('SUCCESS');
    } finally {
      await h.close();
    }
  });

  it('refuses empty and malformed requests with a clear code', async () => {
    const h = await makeServices();
    try {
      await expect(h.svc.handlers['files:import']({ name: 'x.pdf', bytes: new Uint8Array() })).rejects.toMatchObject({
        code: 'EMPTY',
      });
      await expect(h.svc.handlers['files:import']({ name: 'x.pdf', bytes: 'nope' } as never)).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
      });
    } finally {
      await h.close();
    }
  });
});
