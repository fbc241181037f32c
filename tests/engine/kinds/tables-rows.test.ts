// Rows of ruled grids whose horizontal rules stop short: a label column left unruled beside ruled figures
// breaks at the figures' rows; a two-line header cell in a column ruled elsewhere stays one cell.
import { describe, expect, it } from 'vitest';
import { detectTables } from '../../../engine/kinds/tables/ruled.ts';
import { cellsOf, hRule, page, row, vRule } from './tables-fixture.ts';

const LABELS = ['Salaries', 'Fringe benefits', 'Office rent', 'Printing', 'Total costs'];
const FIGURES = [
  ['1,314,000', '373,250'],
  ['352,000', '99,988'],
  ['170,000', '170,000'],
  ['48,000', '11,000'],
  ['1,884,000', '654,238'],
];

describe('ruled tables: rows where rules stop short', () => {
  it('breaks an unruled label column at the rows of the ruled figures beside it', () => {
    // Label column 60–190 has rules only above and below the header; figure columns are ruled per row.
    const lines = [
      ...row(['Category', 'All funds', 'Indirect'], [65, 200, 300], 104),
      ...FIGURES.flatMap((f, k) => row([LABELS[k], ...f], [65, 200, 300], 124 + k * 16)),
    ];
    const vectors = [hRule(100, 60, 400), hRule(120, 60, 400)];
    for (let k = 1; k <= FIGURES.length; k++) vectors.push(hRule(120 + k * 16, 190, 400));
    vectors.push(hRule(200, 60, 190));
    for (const x of [60, 190, 290, 400]) vectors.push(vRule(x, 100, 200));
    const [t] = detectTables(page(lines, vectors));
    expect(cellsOf(t.html)).toEqual([
      ['Category', 'All funds', 'Indirect'],
      ...FIGURES.map((f, k) => [LABELS[k], ...f]),
    ]);
  });

  it('keeps a two-line header cell whole when its column is ruled at every other row line', () => {
    const lines = [...row(['Sample', '2007'], [65, 200], 104), ...row(['unit', 'N', '% Pos'], [65, 200, 300], 124)];
    lines.push(
      ...row(['Single', '109', '0.9'], [65, 200, 300], 144),
      ...row(['Pooled', '93', '1.1'], [65, 200, 300], 164),
    );
    const vectors = [hRule(100, 60, 400), hRule(120, 190, 400), hRule(140, 60, 400), hRule(160, 60, 400)];
    vectors.push(hRule(180, 60, 400), vRule(60, 100, 180), vRule(190, 100, 180), vRule(400, 100, 180));
    vectors.push(vRule(290, 120, 180));
    const [t] = detectTables(page(lines, vectors));
    expect(cellsOf(t.html)[0][0]).toBe('Sample unit');
  });
});
