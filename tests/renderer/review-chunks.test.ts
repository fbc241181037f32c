// Review screen, Markdown chunks: splitting the Markdown into chunks (chunks.ts) and aligning chunks with
// blocks (align.ts).
import { describe, expect, it } from 'vitest';
import type { JsonOutput } from '../../shared/somark.ts';
import { alignChunks, normalizeText, pageOfChunks } from '../../renderer/src/features/review/align.ts';
import { splitChunks } from '../../renderer/src/features/review/chunks.ts';
import { buildModel } from '../../renderer/src/features/review/model.ts';
import { buildAnchors } from '../../renderer/src/features/review/sync.ts';
import { sampleJson, sampleMarkdown } from './review-fixture.ts';

describe('splitChunks', () => {
  it('splits on blank lines and keeps fences, $$ blocks, \\[ blocks and HTML tables whole', () => {
    const md = [
      '# Title',
      '',
      'para one',
      'still one',
      '',
      '```js',
      'a',
      '',
      'b',
      '```',
      '',
      '$$',
      'x',
      '',
      'y',
      '$$',
      '',
      '\\[',
      'z',
      '\\]',
      '',
      '<table>',
      '<tr><td>1</td></tr>',
      '',
      '<tr><td>2</td></tr>',
      '</table>',
      '',
      'last',
    ].join('\n');
    const texts = splitChunks(md).map((c) => c.text);
    expect(texts).toEqual([
      '# Title',
      'para one\nstill one',
      '```js\na\n\nb\n```',
      '$$\nx\n\ny\n$$',
      '\\[\nz\n\\]',
      '<table>\n<tr><td>1</td></tr>\n\n<tr><td>2</td></tr>\n</table>',
      'last',
    ]);
  });
  it('records source lines and handles CRLF', () => {
    const c = splitChunks('a\r\n\r\nb\r\nc\r\n');
    expect(c.map((x) => [x.start, x.end])).toEqual([
      [0, 0],
      [2, 3],
    ]);
  });
});

describe('alignChunks', () => {
  const model = buildModel(sampleJson);
  const chunks = splitChunks(sampleMarkdown);
  const a = alignChunks(model, chunks, { 'http://svc/img/fig1.png': 'images/image_001.png' });
  it('maps each block to the chunk that holds its content, headers and footers to none', () => {
    const of = (g: number) => a.chunkOfBlock[g];
    expect(of(0)).toBe(-1); // header: not in the Markdown
    expect(chunks[of(1)!]!.text).toBe('# Dense Passage Retrieval');
    expect(chunks[of(2)!]!.text).toContain('Open-domain question answering');
    expect(chunks[of(3)!]!.text).toContain('image_001.png'); // figure by its cached image name
    expect(chunks[of(4)!]!.text).toContain('E = mc^2'); // equation: LaTeX vs $$ block
    expect(chunks[of(5)!]!.text).toContain('<table>');
  });
  it('maps several blocks onto one merged chunk, and chunks back to their first block', () => {
    const g7 = a.chunkOfBlock[7]!;
    expect(a.chunkOfBlock[6]).toBe(g7);
    expect(a.blockOfChunk[g7]).toBe(6);
  });
  it('prefers the chunk that starts with a block over an earlier one that only mentions it', () => {
    const blk = (idx: number, type: string, content: string) => ({
      idx,
      type,
      bbox: [0, idx * 10, 10, idx * 10 + 5] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const json: JsonOutput = {
      pages: [
        {
          page_num: 0,
          page_size: { w: 100, h: 100 },
          merge_content_from_pre_page: false,
          blocks: [
            blk(0, 'text', 'Except for Confidential Business Information (CBI) as described below'),
            blk(1, 'title', 'Confidential Business Information (CBI)'),
            blk(2, 'text', '• First bullet of a list • Second bullet of the same list'),
          ],
        },
      ],
    };
    const md =
      'Except for Confidential Business Information (CBI) as described below\n\n# Confidential Business Information (CBI)\n\n- First bullet of a list\n\n- Second bullet of the same list';
    const al = alignChunks(buildModel(json), splitChunks(md));
    expect(Array.from(al.chunkOfBlock)).toEqual([0, 1, 2]);
    // The list item the Markdown split off still belongs to its block.
    expect(Array.from(al.blockOfChunk)).toEqual([0, 1, 2, 2]);
  });
  it('links footnote blocks to their definitions at the end of the Markdown; they anchor no scroll position', () => {
    const blk = (idx: number, type: string, content: string, y: number) => ({
      idx,
      type,
      bbox: [0, y, 10, y + 5] as [number, number, number, number],
      content,
      format: 'text',
      captions: [],
      img_url: '',
    });
    const page = (n: number, blocks: ReturnType<typeof blk>[]) => ({
      page_num: n,
      page_size: { w: 100, h: 100 },
      merge_content_from_pre_page: false,
      blocks,
    });
    const json: JsonOutput = {
      pages: [
        page(0, [
          blk(0, 'text', 'First page body with a mark[^1] in it', 10),
          blk(1, 'footnote', '1 The first note, at the foot of page one', 90),
        ]),
        page(1, [
          blk(0, 'text', 'Second page body with a mark[^2] in it', 10),
          blk(1, 'footnote', '2 The second note, at the foot of page two', 90),
        ]),
      ],
    };
    const md =
      'First page body with a mark[^1] in it\n\nSecond page body with a mark[^2] in it\n\n[^1]: The first note, at the foot of page one\n\n[^2]: The second note, at the foot of page two\n';
    const m = buildModel(json);
    const al = alignChunks(m, splitChunks(md));
    expect(Array.from(al.chunkOfBlock)).toEqual([0, 2, 1, 3]);
    expect(Array.from(al.blockOfChunk)).toEqual([0, 2, 1, 3]);
    // Scroll sync follows the body only: chunk order and page order agree on every anchor.
    expect(buildAnchors(m, al).map((x) => [x.chunk, x.page])).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
  it('gives unmapped chunks the page of the nearest mapped chunk', () => {
    const pages = pageOfChunks(model, a);
    expect(pages[pages.length - 1]).toBe(1);
  });
  it('normalises text to letters and digits across scripts', () => {
    expect(normalizeText('<td>Hello, *World*!</td> [x](http://a/b) 中文 ÉTÉ')).toBe('helloworldx中文été');
  });
});
