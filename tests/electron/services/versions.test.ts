// Edited versions against the real local engine: 'results:saveVersion' writes a new result beside the
// original (which stays byte for byte), with the Markdown of the one writer, history marks it "edited",
// saving it again replaces it in place, and export reads it as any result; a merge takes the other result's
// cached pictures (copied in), and no other link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_FEATURE_CONFIG, type Block, type JsonOutput } from '../../../shared/somark.ts';
import { applyEdit } from '../../../shared/edit/blocks.ts';
import { changedPages } from '../../../shared/edit/version.ts';
import { toMarkdown } from '../../../shared/markdown/writer.ts';
import { corpus, makeServices, removeTemps, waitFinal, type Harness } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await makeServices();
});
afterAll(async () => {
  await h.close();
  await removeTemps();
});

const files = async (id: string) => {
  const dir = join(h.dataDir, 'results', id);
  return {
    md: await readFile(join(dir, 'main.md'), 'utf8'),
    json: await readFile(join(dir, 'main.json'), 'utf8'),
    meta: JSON.parse(await readFile(join(dir, 'result.json'), 'utf8')),
  };
};

describe('edited versions', () => {
  it('saves a correction as a new result, keeps the original, and edits an edited version in place', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/multi_page.pdf')],
      options: { mode: 'sync' },
    });
    expect((await waitFinal(h, t!.id)).state).toBe('SUCCESS');
    const before = await files(t!.id);
    const source = JSON.parse(before.json) as JsonOutput;
    const title = source.pages[0]!.blocks.findIndex((b) => b.type === 'title');
    expect(title).toBeGreaterThanOrEqual(0);
    const edited = applyEdit(source.pages, { kind: 'level', at: { page: 0, index: title }, level: 3 })!;

    const { id } = await h.svc.handlers['results:saveVersion']({
      id: t!.id,
      pages: changedPages(source.pages, edited),
    });
    expect(id).not.toBe(t!.id);
    const after = await files(id);
    expect(await files(t!.id)).toEqual(before);
    const json = JSON.parse(after.json) as JsonOutput;
    expect(json.pages[0]!.blocks[title]).toMatchObject({ title_level: 3 });
    // Every other block serialises exactly as the original's.
    const strip = (j: JsonOutput) => j.pages.flatMap((p) => p.blocks.map((b) => JSON.stringify(b)));
    const diff = strip(json).filter((b, i) => b !== strip(source)[i]);
    expect(diff).toHaveLength(1);
    expect(after.md).toBe(toMarkdown(json.pages, { ...DEFAULT_FEATURE_CONFIG, ...t!.featureConfig }, 'url'));
    expect(after.md).toMatch(/^### /m);
    expect(after.meta).toMatchObject({ taskId: id, edit: { from: t!.id }, task: { id, parentId: t!.id } });

    const view = await h.svc.handlers['results:get']({ id });
    expect(view.editedFrom).toBe(t!.id);
    expect(view.originalUrl).toMatch(new RegExp(`results/${id}/original$`));
    const history = await h.svc.handlers['history:list']({});
    expect(history.find((i) => i.id === id)).toMatchObject({ editedFrom: t!.id, parentId: t!.id });
    expect(history.find((i) => i.id === t!.id)?.editedFrom ?? null).toBeNull();

    // Saving the edited version again replaces it (its original is still the first result).
    const again = applyEdit(json.pages, { kind: 'delete', at: { page: 0, index: title } })!;
    expect((await h.svc.handlers['results:saveVersion']({ id, pages: changedPages(json.pages, again) })).id).toBe(id);
    const third = await files(id);
    expect(third.meta.edit.from).toBe(t!.id);
    expect(JSON.parse(third.json).pages[0].blocks).toHaveLength(source.pages[0]!.blocks.length - 1);

    const exported = await h.svc.handlers['export:task']({
      id,
      format: 'markdown',
      destPath: join(h.dataDir, 'out.md'),
    });
    expect(await readFile(exported.written[0]!, 'utf8')).toBe(third.md);
  });

  it('refuses foreign image links and unknown results', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({
      paths: [corpus('pdf-digital/multi_page.pdf')],
      options: { mode: 'sync' },
    });
    await waitFinal(h, t!.id);
    const source = JSON.parse((await files(t!.id)).json) as JsonOutput;
    const blocks = source.pages[0]!.blocks.map((b, i) =>
      i === 0 ? { ...b, img_url: 'https://example.com/x.png' } : b,
    );
    await expect(
      h.svc.handlers['results:saveVersion']({ id: t!.id, pages: [{ page: 0, blocks }] }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(h.svc.handlers['results:saveVersion']({ id: 'req_nothere123', pages: [] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a merge keeps a block of another result with its cached picture, copied into the version; no other link', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const {
        tasks: [t],
      } = await h.svc.handlers['tasks:submit']({
        paths: [corpus('pdf-digital/multi_page.pdf')],
        options: { mode: 'sync' },
      });
      await waitFinal(h, t!.id);
      ids.push(t!.id);
    }
    const [a, b] = ids as [string, string];
    // B's cache holds one picture (as a download leaves it: a file under images/ and its link in result.json).
    const bDir = join(h.dataDir, 'results', b);
    const url = 'https://cdn.example.com/fig-1.png';
    await mkdir(join(bDir, 'images'), { recursive: true });
    await copyFile(corpus('images/bmp_24.bmp'), join(bDir, 'images', 'image_001.bmp'));
    const bMeta = JSON.parse(await readFile(join(bDir, 'result.json'), 'utf8'));
    await writeFile(
      join(bDir, 'result.json'),
      JSON.stringify({ ...bMeta, images: { ...bMeta.images, [url]: 'images/image_001.bmp' } }),
    );
    const before = await files(a);
    const source = JSON.parse(before.json) as JsonOutput;
    const figure = (img: string) => [
      ...source.pages[0]!.blocks,
      {
        idx: 99,
        type: 'figure',
        bbox: [10, 10, 50, 50],
        content: '',
        format: 'text',
        captions: [],
        img_url: img,
      } as Block,
    ];

    // Without the other result named, and with a link it has not cached, the block is refused.
    await expect(
      h.svc.handlers['results:saveVersion']({ id: a, pages: [{ page: 0, blocks: figure(url) }] }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(
      h.svc.handlers['results:saveVersion']({
        id: a,
        pages: [{ page: 0, blocks: figure('https://cdn.example.com/other.png') }],
        imagesFrom: b,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });

    const { id } = await h.svc.handlers['results:saveVersion']({
      id: a,
      pages: [{ page: 0, blocks: figure(url) }],
      imagesFrom: b,
    });
    const after = await files(id);
    expect(after.meta.images[url]).toBe(`images/${b}_image_001.bmp`);
    const dir = join(h.dataDir, 'results', id);
    expect(await readFile(join(dir, after.meta.images[url]))).toEqual(await readFile(corpus('images/bmp_24.bmp')));
    expect(after.md).toContain(`./images/${b}_image_001.bmp`);
    expect(await files(a)).toEqual(before);
  });
});
