// An edited version's pages are checked against the result they come from, and its Markdown is the one
// writer's: untouched blocks stay the source's objects, foreign image links are refused.
import { describe, expect, it } from 'vitest';
import type { JsonOutput } from '../../shared/somark.ts';
import {
  changedPages,
  checkEditedPages,
  editedOutputs,
  EditCheckError,
  taskFeatures,
} from '../../shared/edit/version.ts';
import { toMarkdown } from '../../shared/markdown/writer.ts';

const source = (): JsonOutput => ({
  pages: [
    {
      page_num: 0,
      page_size: { w: 100, h: 100 },
      merge_content_from_pre_page: false,
      blocks: [
        {
          idx: 0,
          type: 'title',
          bbox: [1, 1, 50, 10],
          content: 'Head',
          format: 'text',
          captions: [],
          img_url: '',
          title_level: 1,
        },
        {
          idx: 1,
          type: 'figure',
          bbox: [1, 20, 50, 60],
          content: '',
          format: 'text',
          captions: [],
          img_url: 'http://127.0.0.1:1/img/a.png',
        },
        { idx: 2, type: 'text', bbox: [1, 70, 50, 80], content: 'Body <b>', format: 'text', captions: [], img_url: '' },
      ],
    },
  ],
  metadata: { page_count: 1 },
});

describe('checkEditedPages', () => {
  it('keeps untouched blocks as the source objects and the page fields as the source has them', () => {
    const src = source();
    const edited = JSON.parse(JSON.stringify(src.pages)) as JsonOutput['pages'];
    edited[0]!.blocks[0]!.title_level = 2;
    edited[0]!.page_size = { w: 1, h: 1 };
    expect(changedPages(src.pages, [src.pages[0]!])).toEqual([]);
    const pages = checkEditedPages(src, changedPages(src.pages, edited));
    expect(pages[0]!.blocks[1]).toBe(src.pages[0]!.blocks[1]);
    expect(pages[0]!.blocks[0]).toMatchObject({ title_level: 2 });
    expect(pages[0]!.page_size).toEqual({ w: 100, h: 100 });
  });

  it('refuses other page counts, bad boxes and image links the result did not have', () => {
    const src = source();
    expect(() => checkEditedPages(src, [{ page: 1, blocks: [] }])).toThrow(EditCheckError);
    expect(() =>
      checkEditedPages(src, [
        { page: 0, blocks: [] },
        { page: 0, blocks: [] },
      ]),
    ).toThrow(EditCheckError);
    const bad = JSON.parse(JSON.stringify(src.pages)) as JsonOutput['pages'];
    bad[0]!.blocks[2]!.img_url = 'https://evil.example/x.png';
    expect(() => checkEditedPages(src, changedPages(src.pages, bad))).toThrow(/own images/);
    const box = JSON.parse(JSON.stringify(src.pages));
    box[0].blocks[2].bbox = [1, 2, 'x', 4];
    expect(() => checkEditedPages(src, changedPages(src.pages, box))).toThrow(/box/);
  });
});

describe('editedOutputs', () => {
  it("writes the Markdown with the engine's writer and escaper, and the catalog from the titles", () => {
    const src = source();
    const pages = checkEditedPages(src, []);
    const out = editedOutputs(src, pages, taskFeatures({}));
    expect(out.markdown).toBe(toMarkdown(pages, taskFeatures({}), 'url'));
    expect(out.markdown).toContain('# Head\n\n![](http://127.0.0.1:1/img/a.png)\n\nBody &lt;b>');
    expect(out.catalog).toEqual([{ content: 'Head', title_level: 1, page_num: 0, block_idx: 0, children: [] }]);
    expect(out.json.metadata).toEqual({ page_count: 1 });
  });
});
