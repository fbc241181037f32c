// Layout that Chromium's print-to-PDF brings (bench:holdout's second producer, issue 11), on
// fixtures/chromium-layout.pdf (written by fixtures/make-chromium-layout.ts): contents entries whose page
// numbers stand apart from their dot leaders, a compact borderless table with a header cell over two
// columns, a borderless table whose header cells are wider than the figures below them, and a heading at
// the head of the right column inside the page's top margin band, a justified narrow paragraph whose words
// stand far apart, list bullets drawn as discs. Then the assembly of such documents (elements as the page
// analysis gives them): notes listed at the document's end under two columns, a CJK paragraph going on in
// the next column.
import { describe, expect, it } from 'vitest';
import { assembleDocument } from '../../../engine/core/parse.ts';
import {
  fixtureDoc,
  options,
  suiteDir,
  textElem as el,
  a4Page as page,
  enWords as en,
  zhChars as zh,
} from './helpers.ts';

const at = suiteDir();
const doc = fixtureDoc('chromium-layout.pdf', at);

describe('Chromium-printed layout', () => {
  it('keeps a contents entry and its page number together, without the leader', async () => {
    const { json, markdown } = await doc();
    const entries = json.pages[0].blocks.filter((b) => b.type === 'cate_item').map((b) => b.content);
    expect(entries).toEqual(['1 Overview 1', '2 Operations 2', '3 Finance 3']);
    expect(markdown).not.toMatch(/\.{4}/);
    expect(markdown.split('\n').filter((l) => /^\s*\d\s*$/.test(l))).toEqual([]);
  });

  it('finds a compact borderless table with a header cell over two columns', async () => {
    const tables = (await doc()).json.pages[0].blocks.filter((b) => b.type === 'table').map((b) => b.content);
    expect(tables[0]).toBe(
      '<table><tr><td></td><td colspan="2">Pages per second</td><td></td></tr>' +
        '<tr><td>Configuration</td><td>Single</td><td>Parallel</td><td>Memory (MB)</td></tr>' +
        '<tr><td>Baseline</td><td>4.2</td><td>7.9</td><td>310</td></tr><tr><td>Cached fonts</td><td>5.1</td><td>9.6</td><td>342</td></tr>' +
        '<tr><td>Streamed</td><td>6.8</td><td>12.4</td><td>205</td></tr><tr><td>Full</td><td>7.3</td><td>13.1</td><td>388</td></tr></table>',
    );
  });

  it('gives header cells wider than the column below them a column each (no span)', async () => {
    const tables = (await doc()).json.pages[0].blocks.filter((b) => b.type === 'table').map((b) => b.content);
    expect(tables[1]).toMatch(
      /^<table><tr><td>Room<\/td><td>Racks<\/td><td>Average load<\/td><td>Availability<\/td><\/tr><tr><td>North<\/td><td>120<\/td><td>62%<\/td><td>99.98%<\/td><\/tr>/,
    );
    expect(tables[1]).not.toContain('colspan');
  });

  it('reads a heading at the head of the right column after the left column, though it sits in the top margin band', async () => {
    const blocks = (await doc()).json.pages[1].blocks;
    expect(blocks.map((b) => b.type)).toEqual(['text', 'title', 'text']);
    expect(blocks[0].content).toMatch(/^The left column/);
    expect(blocks[1].content).toBe('4 Conclusion');
  });

  it('reads a justified line whose few words stand far apart as one line of its paragraph', async () => {
    const blocks = (await doc()).json.pages[2].blocks;
    expect(blocks[0].content).toBe(
      'The survey team confirms the structure of the reports in the next section, and a second ' +
        'experimentation outperforms the documentation of representative administrations in most of the cases we studied, while the ' +
        'committee documents the characteristically uncompromising implementation of every regional office across the country.',
    );
  });

  it('writes list bullets drawn as discs as list items', async () => {
    const { markdown } = await doc();
    expect(markdown).toContain('- Archive the records older than ten years.');
    expect(markdown).toContain('- Move the scanned files to the new store.');
  });
});

describe('assembly of HTML-printed documents', () => {
  it('makes a notes list below both columns of the last page footnotes, read after the columns, labelled by their numbers', async () => {
    const doc = await assembleDocument(
      [
        page(0, [
          el(`${en(3)}[^1] ${en(2)}`, [63, 60, 289, 240]),
          el(en(4), [306, 60, 532, 200], { shortLast: true }),
          el('1. Code and data are available from the authors on request.', [67, 300, 255, 309], { size: 8 }),
          el('2. All figures are rounded.', [67, 312, 200, 321], { size: 8 }),
        ]),
      ],
      { fileType: '.pdf', pageCount: 1 },
      options(at()),
    );
    expect(doc.json.pages[0].blocks.map((b) => b.type)).toEqual(['text', 'text', 'footnote', 'footnote']);
    // Note 2's mark was not seen in the body; it belongs to the list all the same.
    expect(doc.markdown.trim().split('\n\n').slice(-2)).toEqual([
      '[^1]: Code and data are available from the authors on request.',
      '[^2]: All figures are rounded.',
    ]);
  });

  it('reads a note at the page foot that opens with "1." as note 1, not "1. …"', async () => {
    const doc = await assembleDocument(
      [
        page(0, [
          el(`${en(4)}[^1] ${en(2)}`, [63, 60, 532, 240]),
          el(en(5), [63, 250, 532, 400]),
          el('1. The data set is described in the appendix of the technical report.', [63, 760, 400, 769], { size: 8 }),
        ]),
      ],
      { fileType: '.pdf', pageCount: 1 },
      options(at()),
    );
    expect(doc.markdown.trim().split('\n\n').pop()).toBe(
      '[^1]: The data set is described in the appendix of the technical report.',
    );
  });

  it('goes on with a CJK paragraph of two short lines (41 chars, as many letters as 82 Latin ones) in the next column', async () => {
    const doc = await assembleDocument(
      [
        page(0, [
          el(zh(6), [63, 60, 289, 400], { indent: true }),
          el(`${zh(1)}针对上述问题，从工程实`, [63, 410, 289, 440], { indent: true }),
          el(`践的角度来看，${zh(3)}`, [306, 60, 532, 160], { shortLast: true }),
        ]),
      ],
      { fileType: '.pdf', pageCount: 1 },
      options(at()),
    );
    expect(doc.markdown).toContain('从工程实践的角度来看');
  });
});
