// Layout that Chromium's print-to-PDF brings (bench:holdout's second producer, issue 11), on
// fixtures/chromium-layout.pdf (written by fixtures/make-chromium-layout.ts): contents entries whose page
// numbers stand apart from their dot leaders, a compact borderless table with a header cell over two
// columns, a borderless table whose header cells are wider than the figures below them, and a heading at
// the head of the right column inside the page's top margin band.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/parse/index.ts';
import type { ParsedDocument } from '../../../engine/types.ts';
import { CLIENT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { options, suiteDir } from './helpers.ts';

const at = suiteDir();
const fixture = fileURLToPath(new URL('fixtures/chromium-layout.pdf', import.meta.url));
let parsed: Promise<ParsedDocument> | undefined;
const doc = () => (parsed ??= parseDocument(fixture, 'chromium-layout.pdf', options(at(), { fc: CLIENT_FEATURE_CONFIG })));

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
    expect(tables[0]).toBe('<table><tr><td></td><td colspan="2">Pages per second</td><td></td></tr>' +
      '<tr><td>Configuration</td><td>Single</td><td>Parallel</td><td>Memory (MB)</td></tr>' +
      '<tr><td>Baseline</td><td>4.2</td><td>7.9</td><td>310</td></tr><tr><td>Cached fonts</td><td>5.1</td><td>9.6</td><td>342</td></tr>' +
      '<tr><td>Streamed</td><td>6.8</td><td>12.4</td><td>205</td></tr><tr><td>Full</td><td>7.3</td><td>13.1</td><td>388</td></tr></table>');
  });

  it('gives header cells wider than the column below them a column each (no span)', async () => {
    const tables = (await doc()).json.pages[0].blocks.filter((b) => b.type === 'table').map((b) => b.content);
    expect(tables[1]).toMatch(/^<table><tr><td>Room<\/td><td>Racks<\/td><td>Average load<\/td><td>Availability<\/td><\/tr><tr><td>North<\/td><td>120<\/td><td>62%<\/td><td>99.98%<\/td><\/tr>/);
    expect(tables[1]).not.toContain('colspan');
  });

  it('reads a heading at the head of the right column after the left column, though it sits in the top margin band', async () => {
    const blocks = (await doc()).json.pages[1].blocks;
    expect(blocks.map((b) => b.type)).toEqual(['text', 'title', 'text']);
    expect(blocks[0].content).toMatch(/^The left column/);
    expect(blocks[1].content).toBe('4 Conclusion');
  });
});
