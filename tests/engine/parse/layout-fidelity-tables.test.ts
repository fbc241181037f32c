// Layout fidelity found by bench:holdout (issue 11), tables: a borderless table's centred header over two
// columns and its lower-case key column, tables a column or page break cut in two.
import { describe, expect, it } from 'vitest';
import { assembleDocument } from '../../../engine/core/parse.ts';
import type { Elem } from '../../../engine/model.ts';
import { joinTables } from '../../../shared/markdown/join.ts';
import { detectBorderless } from '../../../engine/kinds/tables/borderless.ts';
import type { RawLine, Rect } from '../../../engine/raw.ts';
import { a4Page as page, options, suiteDir } from './helpers.ts';

const at = suiteDir();

/** A one-line cell with evenly spread characters. */
const ln = (text: string, x0: number, y0: number, x1: number, size = 9.5): RawLine => {
  const w = (x1 - x0) / text.length;
  return {
    text,
    bbox: [x0, y0, x1, y0 + 10],
    cx0: [...text].map((_, i) => x0 + i * w),
    cx1: [...text].map((_, i) => x0 + (i + 1) * w),
    size,
    bold: 0,
    italic: 0,
    mono: 0,
    font: 'Serif',
    rotated: false,
    rtl: false,
  };
};
const grid = (rows: [string, number, number][][], y0 = 100, pitch = 16) =>
  rows.flatMap((r, k) => r.map(([t, a, b]) => ln(t, a, y0 + k * pitch, b)));

describe('tables without rules', () => {
  it('spans a header centred over two data columns, though it is flush with neither (en-paper Table 1)', () => {
    const rows: [string, number, number][][] = [
      [['Pages per second', 265, 330]],
      [
        ['Configuration', 65, 118],
        ['Single', 182, 206],
        ['Parallel', 300, 329],
        ['Memory (MB)', 418, 474],
      ],
      ...[
        ['Baseline', '4.2', '7.9', '310'],
        ['Cached fonts', '5.1', '9.6', '342'],
        ['Streamed', '6.8', '12.4', '205'],
        ['Full', '7.3', '13.1', '388'],
      ].map((r): [string, number, number][] => [
        [r[0], 65, 65 + 5 * r[0].length],
        [r[1], 182, 194],
        [r[2], 300, 300 + 4.5 * r[2].length],
        [r[3], 418, 432],
      ]),
    ];
    const [t] = detectBorderless(grid(rows));
    expect(t.html).toContain('<tr><td></td><td colspan="2">Pages per second</td><td></td></tr>');
    expect(t.html).toContain('<tr><td>Full</td><td>7.3</td><td>13.1</td><td>388</td></tr>');
  });

  it('takes a column of lower-case one-word keys for keys, not for wrapped text (en-guide)', () => {
    const rows = [
      ['Setting', 'Default', 'Meaning'],
      ['port', '8080', 'Port the service listens on'],
      ['workers', '2', 'Parallel parse threads'],
      ['cache', 'on', 'Keep parsed pages on disk'],
      ['timeout', '120 s', 'Longest conversion allowed'],
    ].map((r): [string, number, number][] => [
      [r[0], 65, 65 + 4.3 * r[0].length],
      [r[1], 222, 222 + 5 * r[1].length],
      [r[2], 378, 378 + 4.1 * r[2].length],
    ]);
    const found = detectBorderless(grid(rows));
    expect(found).toHaveLength(1);
    expect(found[0].html).toContain('<tr><td>workers</td><td>2</td><td>Parallel parse threads</td></tr>');
    // Lines of prose wrapped in a narrow cell still keep a grid from forming.
    const wrapped = [
      ['If more than four', '6', 'Boxes'],
      ['dependents, see', '7', 'Wages'],
      ['instructions and', '8', 'Taxable'],
      ['check here', '9', 'Total'],
    ].map((r): [string, number, number][] => [
      [r[0], 65, 65 + 4.3 * r[0].length],
      [r[1], 222, 227],
      [r[2], 378, 378 + 4.5 * r[2].length],
    ]);
    expect(detectBorderless(grid(wrapped, 100, 11))).toEqual([]);
  });
});

describe('tables a column or page break cut in two', () => {
  const head = '<tr><td>Month</td><td>Orders</td></tr>';
  const table = (rows: string[], bbox: Rect): Elem => ({
    kind: 'table',
    text: `<table>${rows.join('')}</table>`,
    bbox,
    nLines: 0,
    size: 10,
    bold: 0,
    italic: 0,
    mono: 0,
    indent: false,
    shortLast: true,
    zone: 'body',
  });
  const row = (m: string, n: number) => `<tr><td>${m}</td><td>${n}</td></tr>`;

  it('joins the rows, dropping a header row the second part repeats', () => {
    expect(joinTables(`<table>${head}${row('Jan', 1)}</table>`, `<table>${head}${row('Feb', 2)}</table>`)).toBe(
      `<table>${head}${row('Jan', 1)}${row('Feb', 2)}</table>`,
    );
    expect(joinTables(`<table>${head}${row('Jan', 1)}</table>`, `<table>${row('Feb', 2)}</table>`)).toBe(
      `<table>${head}${row('Jan', 1)}${row('Feb', 2)}</table>`,
    );
  });

  it('reads one table in the Markdown where it goes on in the next column, and over a page when asked', async () => {
    const cols = [
      page(0, [table([head, row('Jan', 1)], [63, 600, 289, 700]), table([row('Feb', 2)], [306, 80, 532, 120])]),
    ];
    const doc = await assembleDocument(cols, { fileType: '.pdf', pageCount: 1 }, options(at()));
    expect(doc.json.pages[0].blocks.filter((b) => b.type === 'table')).toHaveLength(2); // a block per column
    expect(doc.markdown.trim()).toBe(`<table>${head}${row('Jan', 1)}${row('Feb', 2)}</table>`);
    const pages = [
      page(0, [table([head, row('Jan', 1)], [63, 600, 532, 780])]),
      page(1, [table([head, row('Feb', 2)], [63, 80, 532, 120])]),
    ];
    const split = await assembleDocument(pages, { fileType: '.pdf', pageCount: 2 }, options(at()));
    expect(split.markdown.match(/<table>/g)).toHaveLength(2); // SoMark's default: tables do not cross pages
    const joined = await assembleDocument(
      pages,
      { fileType: '.pdf', pageCount: 2 },
      options(at(), { fc: { enable_table_cross_page: true } }),
    );
    expect(joined.markdown.trim()).toBe(`<table>${head}${row('Jan', 1)}${row('Feb', 2)}</table>`);
  });
});
