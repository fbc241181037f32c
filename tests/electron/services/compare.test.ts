// The compare channels against the real local engine: 'results:sameFile' finds the other results of the
// same file content (a re-run, a copy under another name) and not those of another file; 'export:compare'
// writes the report (Markdown, JSON) where export:task would (only where the grants allow), and refuses an
// existing file unless told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './helpers.ts';

let h: Harness;
const ids: Record<string, string> = {};

async function parse(path: string): Promise<string> {
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({ paths: [path], options: { formats: ['markdown', 'json'] } });
  expect((await waitFinal(h, t!.id, 90_000)).state).toBe('SUCCESS');
  return t!.id;
}

beforeAll(async () => {
  h = await makeServices();
  const copy = join(await tempDir(), 'renamed copy.pdf');
  await copyFile(corpus('pdf-digital/two_paragraphs.pdf'), copy);
  ids.first = await parse(corpus('pdf-digital/two_paragraphs.pdf'));
  ids.copy = await parse(copy);
  ids.other = await parse(corpus('pdf-digital/multi_page.pdf'));
  const rerun = await h.svc.handlers['tasks:rerun']({
    id: ids.first,
    options: { featureConfig: { keep_header_footer: true }, fileOptions: { ocr: false } },
  });
  expect((await waitFinal(h, rerun.id, 90_000)).state).toBe('SUCCESS');
  ids.rerun = rerun.id;
}, 300_000);
afterAll(async () => {
  await h.close();
  await removeTemps();
});

describe('results:sameFile', () => {
  it('lists the re-run and the renamed copy (same content), newest first, never itself or another file', async () => {
    const list = await h.svc.handlers['results:sameFile']({ id: ids.first! });
    expect(list.map((r) => r.id)).toEqual([ids.rerun, ids.copy]);
    expect(list[0]).toMatchObject({
      backend: 'local',
      hasJson: true,
      featureConfig: { keep_header_footer: true },
      fileOptions: { ocr: false },
    });
    expect(list[1]!.fileName).toBe('renamed copy.pdf');
    expect(await h.svc.handlers['results:sameFile']({ id: ids.other! })).toEqual([]);
  });
});

describe('export:compare', () => {
  it('writes the report as Markdown and JSON to a chosen path; an existing file is refused without overwrite', async () => {
    const dir = await tempDir();
    const md = join(dir, 'report.md');
    const res = await h.svc.handlers['export:compare']({
      a: ids.first!,
      b: ids.rerun!,
      format: 'markdown',
      destPath: md,
    });
    expect(res).toEqual({ written: [md], downloadUrl: null });
    const text = await readFile(md, 'utf8');
    expect(text).toContain('# Comparison of two_paragraphs.pdf');
    expect(text).toContain('keep_header_footer=true, ocr=false');
    await expect(
      h.svc.handlers['export:compare']({ a: ids.first!, b: ids.rerun!, format: 'markdown', destPath: md }),
    ).rejects.toMatchObject({ code: 'EXISTS' });
    const jsonPath = join(dir, 'report.json');
    await h.svc.handlers['export:compare']({ a: ids.first!, b: ids.other!, format: 'json', destPath: jsonPath });
    const report = JSON.parse(await readFile(jsonPath, 'utf8'));
    expect(report.a.id).toBe(ids.first);
    expect(report.total.same + report.total.text + report.total.kind + report.total.onlyA).toBe(report.sides.a.blocks);
    expect(report.total.same + report.total.text + report.total.kind + report.total.onlyB).toBe(report.sides.b.blocks);
  });

  it('writes only where the user may write, and only results that exist', async () => {
    const outside = join(corpus(''), 'compare-report.md'); // readable, not writable (grants)
    await expect(
      h.svc.handlers['export:compare']({ a: ids.first!, b: ids.rerun!, format: 'markdown', destPath: outside }),
    ).rejects.toThrow();
    await expect(
      h.svc.handlers['export:compare']({
        a: '../../etc',
        b: ids.rerun!,
        format: 'json',
        destPath: join(await tempDir(), 'r.json'),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.svc.handlers['results:sameFile']({ id: '../../etc' })).toEqual([]);
  });
});
