// Double rules (two lines a few points apart, nothing between them) are one grid line: no empty sliver
// columns or rows in the table; a narrow column that holds text is kept.
import { describe, expect, it } from 'vitest';
import { detectTables } from '../../../engine/kinds/tables/ruled.ts';
import { cellsOf, hRule, page, row, vRule } from './tables-fixture.ts';

const ROWS = [
  ['Category', 'Number', 'Percent'],
  ['All ages', '291,099', '100.0'],
  ['With a disability', '54,425', '18.7'],
  ['Severe', '34,947', '12.0'],
];

describe('ruled tables: double rules', () => {
  it('reads each double rule as one line', () => {
    const lines = ROWS.flatMap((r, k) => row(r, [65, 205, 305], 104 + k * 20));
    const vectors = [];
    for (const y of [100, 120, 140, 160, 180]) vectors.push(hRule(y, 60, 400), hRule(y + 4, 60, 400));
    for (const x of [60, 195, 290, 400]) vectors.push(vRule(x, 100, 184), vRule(x + 4, 100, 184));
    const [t] = detectTables(page(lines, vectors));
    expect(cellsOf(t.html)).toEqual(ROWS);
  });

  it('keeps a narrow column that holds text', () => {
    const lines = ROWS.flatMap((r, k) => row([r[0], k ? '*' : '', r[1]], [65, 196, 205], 104 + k * 20));
    const vectors = [100, 120, 140, 160, 180].map((y) => hRule(y, 60, 300));
    for (const x of [60, 195, 200, 300]) vectors.push(vRule(x, 100, 180));
    const [t] = detectTables(page(lines, vectors));
    expect(cellsOf(t.html)[1]).toEqual(['All ages', '*', '291,099']);
  });
});
