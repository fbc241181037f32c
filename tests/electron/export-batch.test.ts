// Batch export against real cached results (local engine through createAppServices): one folder per
// document, collisions numbered, nothing in the folder overwritten, progress events, a summary with
// reasons, and no half-written folder when the disk fills up.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMap } from '../../shared/ipc-contract.ts';
import { CodedError } from '../../shared/result.ts';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './services/helpers.ts';

let h: Harness;
const two: string[] = [];
let pic = '';
let failed = '';

async function submit(rel: string, formats: ('markdown' | 'json' | 'zip')[]): Promise<string> {
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({ paths: [corpus(rel)], options: { formats } });
  return t!.id;
}

beforeAll(async () => {
  h = await makeServices();
  for (let i = 0; i < 3; i++) two.push(await submit('pdf-digital/two_paragraphs.pdf', ['markdown', 'json']));
  pic = await submit('pdf-digital/picture_classification.pdf', ['markdown']);
  failed = await submit('bad-input/garbage.pdf', ['markdown']);
  for (const id of [...two, pic]) expect((await waitFinal(h, id, 120_000)).state).toBe('SUCCESS');
  expect((await waitFinal(h, failed, 120_000)).state).toBe('FAILED');
}, 240_000);
afterAll(async () => {
  await h.close();
  await removeTemps();
});

describe('batch export', () => {
  it('one folder per document, numbered on collision, existing files untouched, reasons for skips', async () => {
    const dest = await tempDir('dp-batch-');
    await mkdir(join(dest, 'two_paragraphs'));
    await writeFile(join(dest, 'two_paragraphs', 'two_paragraphs.md'), 'mine');
    await writeFile(join(dest, 'two_paragraphs (3)'), 'a file, not a folder');
    const before = h.events.length;

    const ids = [...two, pic, failed, 'req_doesnotexist00'];
    const summary = await h.svc.handlers['export:batch']({ ids, formats: ['markdown', 'json'], destDir: dest });

    expect(await readFile(join(dest, 'two_paragraphs', 'two_paragraphs.md'), 'utf8')).toBe('mine');
    expect(await readFile(join(dest, 'two_paragraphs (3)'), 'utf8')).toBe('a file, not a folder');
    expect((await readdir(dest)).sort()).toEqual([
      'picture_classification',
      'two_paragraphs',
      'two_paragraphs (2)',
      'two_paragraphs (3)',
      'two_paragraphs (4)',
      'two_paragraphs (5)',
    ]);
    expect(summary.written.map((w) => w.id)).toEqual([...two, pic]);
    const first = summary.written[0]!;
    expect(first.paths).toEqual([
      join(dest, 'two_paragraphs (2)', 'two_paragraphs.md'),
      join(dest, 'two_paragraphs (2)', 'two_paragraphs.json'),
    ]);
    const md = await readFile(first.paths[0]!, 'utf8');
    expect(md).toBe((await h.svc.handlers['results:get']({ id: two[0]! })).markdown);
    expect((await readdir(join(dest, 'picture_classification'))).sort()).toEqual([
      'images',
      'picture_classification.md',
    ]);

    const reasons = Object.fromEntries(summary.skipped.map((s) => [s.id, s.reason.code]));
    expect(reasons).toEqual({ [pic]: 'NO_JSON', [failed]: 'NO_RESULT', req_doesnotexist00: 'NOT_FOUND' });
    expect(summary.skipped.find((s) => s.id === failed)!.fileName).toBe('garbage.pdf');

    const progress = h.events
      .slice(before)
      .filter((e) => e.channel === 'export:progress')
      .map((e) => e.payload as EventMap['export:progress']);
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(progress.every((p) => p.total === 6 && p.jobId === summary.jobId)).toBe(true);
    expect(progress[0]!.current).toBe('two_paragraphs.pdf');
  });

  it('zip per document and inlined Markdown', async () => {
    const dest = await tempDir('dp-batch-');
    const summary = await h.svc.handlers['export:batch']({
      ids: [pic],
      formats: ['markdown', 'zip'],
      destDir: dest,
      images: 'inline',
    });
    expect(summary.skipped).toEqual([]);
    expect((await readdir(join(dest, 'picture_classification'))).sort()).toEqual([
      'picture_classification.md',
      'picture_classification.zip',
    ]);
    expect(await readFile(join(dest, 'picture_classification', 'picture_classification.md'), 'utf8')).toContain(
      'data:image/',
    );
  });

  it('creates a missing destination folder; refuses relative paths and empty formats', async () => {
    const dest = join(await tempDir('dp-batch-'), 'new', 'deeper');
    const summary = await h.svc.handlers['export:batch']({ ids: [two[0]!], formats: ['json'], destDir: dest });
    expect(summary.written[0]!.paths).toEqual([join(dest, 'two_paragraphs', 'two_paragraphs.json')]);
    await expect(
      h.svc.handlers['export:batch']({ ids: [two[0]!], formats: ['json'], destDir: 'relative' }),
    ).rejects.toMatchObject({ code: 'BAD_PATH' });
    await expect(h.svc.handlers['export:batch']({ ids: [two[0]!], formats: [], destDir: dest })).rejects.toBeInstanceOf(
      CodedError,
    );
  });

  it('a full disk: each document skipped with DISK_FULL and no half-written folder left', async (t) => {
    const dest = await tempDir('dp-batch-full-');
    if (process.getuid?.() !== 0) return t.skip('needs root to mount a tiny tmpfs');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dest], { stdio: 'ignore' });
    } catch {
      return t.skip('cannot mount a tmpfs here');
    }
    try {
      await writeFile(join(dest, 'filler'), new Uint8Array(60 * 1024));
      const summary = await h.svc.handlers['export:batch']({
        ids: [pic, two[0]!],
        formats: ['markdown', 'json'],
        destDir: dest,
      });
      const codes = summary.skipped.map((s) => s.reason.code);
      expect(codes).toContain('DISK_FULL');
      expect(summary.skipped.find((s) => s.reason.code === 'DISK_FULL')!.reason.message).toMatch(/disk space/);
      // Whatever could not be written completely is gone again.
      for (const w of summary.written) for (const p of w.paths) await readFile(p).catch(() => readdir(p));
      const left = (await readdir(dest)).filter((n) => n !== 'filler');
      expect(left.sort()).toEqual(summary.written.map((w) => w.paths[0]!.split('/').at(-2)!).sort());
    } finally {
      execFileSync('umount', [dest], { stdio: 'ignore' });
    }
  });
});
