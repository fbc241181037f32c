// Table blocks → grid → CSV / TSV / Markdown (the review screen's "table view").
import { describe, expect, it } from 'vitest';
import { tableGrid, toCsv, toMarkdownTable, toTsv } from '../../renderer/src/features/review/table-data.ts';

describe('tableGrid', () => {
  it('reads an HTML table, repeating empty cells under row and column spans', () => {
    const html =
      '<table><tr><th rowspan="2">State</th><th colspan="2">Permit</th></tr>' +
      '<tr><td>Handgun</td><td>Long gun</td></tr><tr><td>Alabama</td><td>1,234</td><td>5</td></tr></table>';
    expect(tableGrid(html)).toEqual([
      ['State', 'Permit', ''],
      ['', 'Handgun', 'Long gun'],
      ['Alabama', '1,234', '5'],
    ]);
  });

  it('reads a GFM pipe table and skips its delimiter row', () => {
    expect(tableGrid('| a | b \\| c |\n|---|:--:|\n| 1 | 2 |')).toEqual([
      ['a', 'b | c'],
      ['1', '2'],
    ]);
  });

  it('is null for text without a table', () => {
    expect(tableGrid('Just a paragraph.')).toBeNull();
  });
});

describe('exports', () => {
  const grid = [
    ['name', 'note'],
    ['a, b', 'say "hi"\nthere'],
    ['tab\there', '|x|'],
  ];
  it('CSV quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(toCsv(grid)).toBe('name,note\r\n"a, b","say ""hi""\nthere"\r\ntab\there,|x|');
  });
  it('TSV turns tabs and line breaks inside cells into spaces', () => {
    expect(toTsv(grid)).toBe('name\tnote\na, b\tsay "hi" there\ntab here\t|x|');
  });
  it('Markdown uses the first row as header, escapes pipes, keeps each row on one line', () => {
    expect(toMarkdownTable(grid)).toBe(
      '| name | note |\n| --- | --- |\n| a, b | say "hi" there |\n| tab\there | \\|x\\| |',
    );
  });
});
