// The table grid of a table block: read from the service's HTML and written back (untouched cells byte for
// byte), cell text escaped, rows and columns added and removed with every span still valid.
import { describe, expect, it } from 'vitest';
import {
  deleteColumn,
  deleteRow,
  insertColumn,
  insertRow,
  readTable,
  setText,
  slots,
  width,
  writeTable,
  type Table,
} from '../../shared/edit/table.ts';

// a | b b      (b: colspan 2)
// c | d | e    (c: rowspan 2)
//   | f | g
const HTML =
  '<table><tr><td>a &amp; 1</td><td colspan="2">b<br>x</td></tr><tr><td rowspan="2">c</td><td>d</td><td>e</td></tr><tr><td>f</td><td>g</td></tr></table>';

/** Every grid row covers the same number of columns exactly once (the spans are valid). */
function valid(t: Table): boolean {
  const map = slots(t);
  const w = width(t);
  return map.every((row) => row.length === w && row.every(Boolean));
}
const texts = (t: Table) => t.map((r) => r.map((c) => c.text));

describe('table grid', () => {
  it('reads and writes the HTML unchanged, and escapes an edited cell', () => {
    const t = readTable(HTML)!;
    expect(texts(t)).toEqual([
      ['a & 1', 'b\nx'],
      ['c', 'd', 'e'],
      ['f', 'g'],
    ]);
    expect(writeTable(t)).toBe(HTML);
    expect(valid(t)).toBe(true);
    const edited = writeTable(setText(t, 1, 1, '<script>'));
    expect(edited).toContain('<td>&lt;script&gt;</td>');
    expect(edited).toContain('<td colspan="2">b<br>x</td>');
    expect(readTable('| a | b |')).toBeNull();
  });

  it('adds rows: a rowspan across the place grows', () => {
    const t = readTable(HTML)!;
    const mid = insertRow(t, 2);
    expect(valid(mid)).toBe(true);
    expect(mid[1]![0]).toMatchObject({ text: 'c', rowspan: 3 });
    expect(mid[2]).toHaveLength(2);
    expect(valid(insertRow(t, 0))).toBe(true);
    expect(valid(insertRow(t, 3))).toBe(true);
  });

  it('removes rows: a rowspan shrinks, or moves down with the row it started in', () => {
    const t = readTable(HTML)!;
    const second = deleteRow(t, 1);
    expect(valid(second)).toBe(true);
    expect(texts(second)).toEqual([
      ['a & 1', 'b\nx'],
      ['c', 'f', 'g'],
    ]);
    const last = deleteRow(t, 2);
    expect(valid(last)).toBe(true);
    expect(last[1]![0]).toMatchObject({ text: 'c', rowspan: 1 });
  });

  it('adds and removes columns: colspans grow and shrink, single cells go', () => {
    const t = readTable(HTML)!;
    const inside = insertColumn(t, 2);
    expect(valid(inside)).toBe(true);
    expect(inside[0]![1]).toMatchObject({ colspan: 3 });
    expect(width(inside)).toBe(4);
    const first = insertColumn(t, 0);
    expect(valid(first)).toBe(true);
    expect(texts(first)[2]).toEqual(['', 'f', 'g']); // a blank cell left of the rowspan that covers this row
    const gone = deleteColumn(t, 1);
    expect(valid(gone)).toBe(true);
    expect(texts(gone)).toEqual([['a & 1', 'b\nx'], ['c', 'e'], ['g']]);
    expect(gone[0]![1]).toMatchObject({ colspan: 1 });
    expect(deleteColumn(readTable('<table><tr><td>x</td></tr></table>')!, 0)).toHaveLength(1);
  });
});
