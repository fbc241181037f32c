// Tables without rules: section labels (one or two one-cell rows in the first column, the second a
// sub-label) keep the table whole, an outdented label right under a row is a new row, not a wrap, a
// long row label beside short figures is still a row of cells, and header rows over spans whose cells sit
// in the body's column gaps do not keep the body from being a table.
import { describe, expect, it } from 'vitest';
import { detectBorderless } from '../../../engine/kinds/tables/borderless.ts';
import type { RawLine } from '../../../engine/raw.ts';
import { cellsOf, line, row } from './tables-fixture.ts';

const X = [60, 220, 300, 380];
/** Rows 12 pt apart (10 pt text) under a header: "#Label" is a one-cell section label at 60, any other
 * label starts a row of figures, indented to 66. */
function statement(labels: string[]): RawLine[] {
  const out: RawLine[] = [...row(['Characteristic', 'no.', 'Rate', '(95% CI)'], X, 100)];
  labels.forEach((text, k) => {
    const y = 112 + k * 12;
    if (text.startsWith('#')) out.push(line(text.slice(1), X[0], y));
    else out.push(...row([text, `${100 + k}`, `${k}.5`, `(${k}.1–${k}.9)`], [X[0] + 6, ...X.slice(1)], y));
  });
  return out;
}

describe('borderless tables: section labels', () => {
  it('keeps a table whole across a section label and a sub-label', () => {
    const tables = detectBorderless(statement(['Female', 'Male', '#Sex, by race', '#Male', 'White', 'Black', 'Asian']));
    expect(tables).toHaveLength(1);
    const firsts = cellsOf(tables[0].html).map((r) => r[0]);
    expect(firsts).toEqual(['Characteristic', 'Female', 'Male', 'Sex, by race', 'Male', 'White', 'Black', 'Asian']);
  });

  it('reads an outdented label right under a row as a row of its own', () => {
    const [t] = detectBorderless(statement(['Female', 'Male', '#Race', 'White', 'Black']));
    const firsts = cellsOf(t.html).map((r) => r[0]);
    expect(firsts).toContain('Male');
    expect(firsts).toContain('Race');
  });

  it('keeps a row whose label is long beside short figures', () => {
    const long = 'Current expenditures per pupil in fall enrollment';
    const xs = [60, 290, 340, 390];
    const labels = ['Enrollment', 'Graduates', long, 'Teachers', 'Expenditures'];
    const lines = labels.flatMap((t, k) => row([t, `${k}.3`, `${k}.6`, `${k}.8`], xs, 100 + k * 10, 8));
    const tables = detectBorderless(lines);
    expect(tables).toHaveLength(1);
    expect(cellsOf(tables[0].html).map((r) => r[0])).toEqual(labels);
  });

  it('finds the body under header rows whose cells sit in its column gaps', () => {
    // 9 pt text (4.5 pt a char); the year flush left, the figures flush right.
    const rights = [0, 196, 273, 349, 424, 501, 576];
    const at = (cells: string[], y: number) =>
      cells.map((t, c) => line(t, c ? rights[c] - 4.5 * t.length : 42.5, y, 9)).filter((l) => l.text);
    const lines = [
      line('Number of teachers', 217.8, 75, 9),
      line('Number of new teacher hires', 427.2, 75, 9),
      line('Control', 283.4, 89, 9),
      line('Control', 511.2, 89, 9),
      ...at(['Year', 'Total', 'Public', 'Private', 'Total', 'Public', 'Private'], 103.5),
      line('Actual', 42.5, 119, 9),
    ];
    for (let k = 0; k < 8; k++) {
      const cells = [
        `${1996 + k}`,
        `3,${k}51`,
        `2,${k}67`,
        `3${k}4`,
        k % 2 ? '—' : `30${k}`,
        k % 2 ? '—' : `22${k}`,
        '—',
      ];
      lines.push(...at(cells, 129 + k * 10.9));
    }
    const tables = detectBorderless(lines);
    expect(tables).toHaveLength(1);
    const rows = cellsOf(tables[0].html);
    expect(rows[rows.length - 1]).toEqual(['2003', '3,751', '2,767', '374', '—', '—', '—']);
    expect(rows.length).toBeGreaterThanOrEqual(9);
  });
});
