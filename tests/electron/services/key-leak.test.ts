// The API key never lands on disk, in a task, in an event or in the log: a full parse (sync, async,
// zip), a connection test and a failure with the key set, then every file under the data folder is
// searched for it byte by byte.
import { afterAll, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus, makeServices, removeTemps, startEngine, waitFinal } from './helpers.ts';

afterAll(removeTemps);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

describe('the API key stays secret', () => {
  it('appears in no file under the data folder, no task, no event', async () => {
    const KEY = 'sk-SECRET_never-0n-disk-42';
    const engine = await startEngine(KEY);
    const h = await makeServices();
    try {
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: engine.url });
      expect(await h.svc.handlers['key:set']({ apiKey: KEY })).toEqual({
        set: true,
        last4: 'k-42',
        storage: 'memory',
        keychainAvailable: true,
        keychainError: null,
      });
      await h.svc.handlers['connection:test']({});
      const { tasks } = await h.svc.handlers['tasks:submit']({
        paths: [
          corpus('pdf-digital/two_paragraphs.pdf'),
          corpus('pdf-digital/picture_classification.pdf'),
          corpus('bad-input/garbage.pdf'),
        ],
        options: { formats: ['markdown', 'json', 'zip'] },
      });
      const {
        tasks: [async1],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/multi_page.pdf')],
        options: { mode: 'async' },
      });
      const done = await Promise.all([...tasks, async1!].map((t) => waitFinal(h, t.id)));
      expect(done.map((t) => t.state)).toEqual(['SUCCESS', 'SUCCESS', 'FAILED', 'SUCCESS']);
      // A log line that tried to carry the key is scrubbed too.
      await h.svc.handlers['connection:test']({ backend: 'cloud', baseUrl: `${engine.url}/${KEY}` }).catch(() => {});
      await h.close();

      const files = await filesUnder(h.dataDir);
      expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
      expect(files.some((f) => f.endsWith('bundle.zip'))).toBe(true);
      const needle = Buffer.from(KEY, 'utf8');
      const leaks: string[] = [];
      for (const f of files) if ((await readFile(f)).includes(needle)) leaks.push(f);
      expect(leaks).toEqual([]);

      expect(JSON.stringify(h.events)).not.toContain(KEY);
      expect(JSON.stringify(await h.svc.handlers['tasks:list']())).not.toContain(KEY);
      expect(JSON.stringify(await h.svc.handlers['key:status']())).not.toContain(KEY);
    } finally {
      await h.close();
      await engine.close();
    }
  });
});
