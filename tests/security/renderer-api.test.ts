// Finding 5 (medium): the renderer's API must not be a file-system and network proxy. The stored key
// goes only to the saved service address; paths the renderer names are read or written only when the
// user gave them (dialogs, drops, uploads, folders allowed at start).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeOf } from '../support/coded.ts';
import { corpus, makeServices, removeTemps as removeSvcTemps, tempDir } from '../electron/services/helpers.ts';
import { removeTemps, tinyServer } from './support.ts';

afterAll(async () => {
  await removeTemps();
  await removeSvcTemps();
});

const KEY = 'sk-renderer-api-0123456789';
const usage = JSON.stringify({
  code: 0,
  message: '',
  data: { remaining_paid_pages: 1, remaining_free_pages_today: 1, remaining_free_pages_this_month: 1 },
});

describe('connection:test', () => {
  it('sends the stored key to the saved address only, never to an address the renderer names', async () => {
    const bodies: Record<string, string> = {};
    const record =
      (name: string) =>
      (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): undefined => {
        let b = '';
        req.on('data', (c: Buffer) => (b += c.toString()));
        req.on('end', () => {
          bodies[name] = (bodies[name] ?? '') + b;
          res.writeHead(200, { 'content-type': 'application/json' }).end(usage);
        });
      };
    const saved = await tinyServer(record('saved'));
    const other = await tinyServer(record('other'));
    const h = await makeServices();
    try {
      await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: `${saved.origin}/api/v1` });
      await h.svc.handlers['key:set']({ apiKey: KEY, sessionOnly: true });
      const foreign = await h.svc.handlers['connection:test']({ backend: 'cloud', baseUrl: `${other.origin}/api/v1` });
      expect(foreign.keySent).toBe(false);
      expect(bodies.other ?? '').not.toContain(KEY);
      expect(other.seen).toHaveLength(1);
      const own = await h.svc.handlers['connection:test']({ backend: 'cloud' });
      expect(own.keySent).toBe(true);
      expect(bodies.saved).toContain(KEY);
    } finally {
      await h.close();
      await saved.close();
      await other.close();
    }
  });
});

describe('paths from the renderer', () => {
  it('tasks:submit and exports refuse paths the user did not give; a dialog pick opens them', async () => {
    const picked = corpus('pdf-digital/two_paragraphs.pdf');
    const out = await tempDir();
    const h = await makeServices({
      allowedPaths: { read: [], write: [] },
      dialogs: {
        openFiles: async () => [picked],
        pickFolder: async () => out,
        saveFile: async () => join(out, 'chosen.md'),
      },
    });
    try {
      expect(await codeOf(h.svc.handlers['tasks:submit']({ paths: ['/etc'] }))).toBe('NOT_ALLOWED');
      expect(await codeOf(h.svc.handlers['tasks:submit']({ paths: [picked] }))).toBe('NOT_ALLOWED');
      expect(await codeOf(h.svc.handlers['tasks:submit']({ paths: ['/etc/passwd'] }))).toBe('NOT_ALLOWED');
      await h.svc.handlers['dialog:openFiles']();
      const {
        tasks: [t],
        rejected,
      } = await h.svc.handlers['tasks:submit']({ paths: [picked], options: { formats: ['markdown'] } });
      expect(rejected).toEqual([]);
      expect(t).toMatchObject({ state: 'queued' });
      await waitDone(h, t!.id);
      const typed = join(out, 'typed.md');
      expect(await codeOf(h.svc.handlers['export:task']({ id: t!.id, format: 'markdown', destPath: typed }))).toBe(
        'NOT_ALLOWED',
      );
      expect(await codeOf(h.svc.handlers['export:batch']({ ids: [t!.id], formats: ['markdown'], destDir: out }))).toBe(
        'NOT_ALLOWED',
      );
      const chosen = await h.svc.handlers['dialog:saveFile']({ defaultName: 'x.md' });
      await h.svc.handlers['export:task']({ id: t!.id, format: 'markdown', destPath: chosen! });
      expect(await readFile(chosen!, 'utf8')).toContain('paragraph');
      await h.svc.handlers['dialog:pickFolder']();
      const summary = await h.svc.handlers['export:batch']({ ids: [t!.id], formats: ['markdown'], destDir: out });
      expect(summary.written.length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});

async function waitDone(h: Awaited<ReturnType<typeof makeServices>>, id: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const t = (await h.svc.handlers['tasks:list']()).find((x) => x.id === id);
    if (t?.state === 'SUCCESS') return;
    if (t?.state === 'FAILED') throw new Error(`task failed: ${t.error?.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('task did not finish');
}
