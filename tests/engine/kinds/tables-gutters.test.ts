// Columns from gutters inside ruled tables: a frame ruled across whose inner column rules stop at the
// header keeps its columns in the data rows; a full grid's spanning header stays one cell; a form's
// leader dots make no columns.
import { describe, expect, it } from 'vitest';
import { detectTables } from '../../../engine/kinds/tables/ruled.ts';
import { cellsOf, hRule, line, page, row, vRule } from './tables-fixture.ts';

const X = [100, 200, 300, 400, 500];
const COLS = [105, 230, 330, 430];
const DATA = [
  ['Austria', '86.2', '13.8', '3,375'],
  ['Belgium', '0', '100.0', '3,973'],
  ['Czech Republic', '98.6', '1.4', '17,655'],
  ['Denmark', '3.1', '10.2', '1,662'],
];

/** Header band 120–140, then one 20 pt band per data row, each ruled across. */
function framed(innerFullHeight: boolean) {
  const bottom = 140 + DATA.length * 20;
  const lines = [
    ...row(['Country', 'Domestic', 'Imported', 'Total'], COLS, 124),
    ...DATA.flatMap((cells, k) => row(cells, COLS, 144 + k * 20)),
  ];
  const vectors = [120, 140, 160, 180, 200, bottom].map((y) => hRule(y, X[0], X[4]));
  vectors.push(vRule(X[0], 120, bottom), vRule(X[4], 120, bottom));
  for (const x of X.slice(1, 4)) vectors.push(vRule(x, 120, innerFullHeight ? bottom : 140));
  return page(lines, vectors);
}

describe('ruled tables: columns from gutters', () => {
  it('splits data rows where the inner column rules stop at the header', () => {
    const [t] = detectTables(framed(false));
    expect(cellsOf(t.html)).toEqual([['Country', 'Domestic', 'Imported', 'Total'], ...DATA]);
  });

  it('keeps a full grid as it is', () => {
    const [t] = detectTables(framed(true));
    expect(cellsOf(t.html)).toEqual([['Country', 'Domestic', 'Imported', 'Total'], ...DATA]);
  });

  it('keeps a header cell over two columns as one spanning cell', () => {
    const p = framed(false);
    // "Share of cases (%)" over Domestic and Imported: centred across their rule's position (no rule there).
    p.blocks[1] = { bbox: [0, 0, 0, 0], lines: [line('Share of cases (%)', 255, 124)] };
    p.blocks.splice(2, 1);
    p.vectors = p.vectors.filter((v) => !(Math.abs(v.bbox[0] - 300) < 1 && v.bbox[3] <= 141));
    const [t] = detectTables(p);
    expect(t.html).toContain('<td colspan="2">Share of cases (%)</td>');
  });

  it('makes no columns of leader dots', () => {
    const lines = [
      line('Wages, salaries, tips . . . . . . . . . . . .', 105, 124),
      line('Taxable interest . . . . . . . . . . . . . . . . .', 105, 144),
      line('Alimony received . . . . . . . . . . . . . .', 105, 164),
      line('Business income . . . . . . . . . . . . . . . . . . .', 105, 184),
    ];
    const vectors = [120, 140, 160, 180, 200].map((y) => hRule(y, 100, 400));
    vectors.push(vRule(100, 120, 200), vRule(400, 120, 200));
    const [t] = detectTables(page(lines, vectors));
    expect(cellsOf(t.html).every((r) => r.length === 1)).toBe(true);
  });

  it('sets a total apart from its label over empty columns', () => {
    const p = framed(false);
    // The last data row becomes a total: its label, two empty cells, the figure in the last column.
    p.blocks = p.blocks.filter((b) => b.lines[0].bbox[1] < 200);
    p.blocks.push(
      ...row(['Total (4 countries)', '', '', '26,665'], COLS, 204).map((l) => ({ bbox: l.bbox, lines: [l] })),
    );
    const [t] = detectTables(p);
    const last = cellsOf(t.html).at(-1);
    expect(last?.[0]).toBe('Total (4 countries)');
    expect(last?.at(-1)).toBe('26,665');
  });
});
