// bench/teds.ts (the table score of bench:holdout) on pairs whose tree edit distance is known by hand:
// table > tr > td trees, renaming a cell costs its text's normalised edit distance, a span change costs 1.
import { describe, expect, it } from 'vitest';
import { tableTree, teds, textDistance, treeDistance } from '../../../bench/teds.ts';

const t = (...rows: string[][]) =>
  `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;

describe('TEDS', () => {
  it('reads table HTML as table > tr > td: th is td, thead/tbody dropped, spans and entities kept', () => {
    const tree = tableTree(
      '<table><thead><tr><th colspan="2">A &amp; B</th></tr></thead><tbody><tr><td>x<br>y</td><td rowspan=2></td></tr></tbody></table>',
    );
    expect(tree?.children.map((r) => r.children.map((c) => [c.tag, c.text, c.colspan, c.rowspan]))).toEqual([
      [['td', 'A & B', 2, 1]],
      [
        ['td', 'x y', 1, 1],
        ['td', '', 1, 2],
      ],
    ]);
    expect(tableTree('<p>no table</p>')).toBeNull();
  });

  it('scores known pairs', () => {
    const a = t(['a', 'b'], ['c', 'd']); // 7 nodes
    expect(teds(a, a)).toBe(1);
    expect(teds(a, t(['a', 'b'], ['c', 'x']))).toBeCloseTo(1 - 1 / 7, 10); // one cell's text wholly wrong
    expect(teds(t(['a', 'b'], ['c', 'abcd']), t(['a', 'b'], ['c', 'abce']))).toBeCloseTo(1 - 0.25 / 7, 10); // one char of four
    expect(teds(a, t(['a'], ['c']))).toBeCloseTo(1 - 2 / 7, 10); // a column lost: two deletions
    expect(teds(t(['a'], ['b']), t(['b'], ['a']))).toBeCloseTo(1 - 2 / 5, 10); // rows swapped: two renames
    // A header cell over two columns read as one cell and an empty one: the span (1) and an insertion (1).
    expect(teds('<table><tr><td colspan="2">x</td></tr></table>', t(['x', '']))).toBeCloseTo(1 - 2 / 4, 10);
    expect(teds(a, '<p>a b c d</p>')).toBe(0);
  });

  it('computes the Zhang–Shasha distance, not a top-down one (an inserted row shifts nothing else)', () => {
    const a = tableTree(t(['1', '2'], ['3', '4'], ['5', '6']))!,
      b = tableTree(t(['1', '2'], ['new', 'row'], ['3', '4'], ['5', '6']))!;
    expect(treeDistance(a, b)).toBe(3); // insert tr and its two cells
    expect(textDistance('kitten', 'sitting')).toBeCloseTo(3 / 7, 10);
  });
});
