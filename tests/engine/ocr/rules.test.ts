// Ruling lines on a page image (engine/ocr/rules.ts): a grid drawn over a shaded header row keeps all its
// lines (the fill, as dark as ink on white paper, used to swallow them), and a solid block gives none.
import { describe, expect, it } from 'vitest';
import { findRules } from '../../../engine/ocr/rules.ts';
import type { GrayImage } from '../../../engine/ocr/gray.ts';

const W = 400,
  H = 240;

/** A white page image with `fill` grey boxes painted in order ([x0, y0, x1, y1, grey]). */
function image(boxes: [number, number, number, number, number][]): GrayImage {
  const data = new Uint8Array(W * H).fill(255);
  for (const [x0, y0, x1, y1, g] of boxes) for (let y = y0; y < y1; y++) data.fill(g, y * W + x0, y * W + x1);
  return { width: W, height: H, data } as GrayImage;
}

describe('OCR rules', () => {
  it('finds a grid whose header row is shaded, lines over the fill included, and no rule at the fill', () => {
    const img = image([
      [20, 20, 380, 90, 173], // the shaded header row
      ...[20, 90, 150, 210].map((y): [number, number, number, number, number] => [20, y, 381, y + 3, 0]),
      ...[20, 140, 260, 380].map((x): [number, number, number, number, number] => [x, 20, x + 3, 213, 0]),
      [140, 55, 381, 58, 0], // a rule inside the shaded row, under a spanning header
    ]);
    const rules = findRules(img, 0, 12);
    const at = (rs: number[], want: number[]) => {
      expect(rs).toHaveLength(want.length);
      for (const [i, r] of rs.sort((a, b) => a - b).entries()) expect(Math.abs(r - want[i])).toBeLessThan(3);
    };
    const h = rules.filter((r) => r[2] - r[0] > r[3] - r[1]),
      v = rules.filter((r) => r[3] - r[1] > r[2] - r[0]);
    at(
      h.map((r) => (r[1] + r[3]) / 2),
      [21.5, 56.5, 91.5, 151.5, 211.5],
    );
    at(
      v.map((r) => (r[0] + r[2]) / 2),
      [21.5, 141.5, 261.5, 381.5],
    );
    for (const r of v) expect(r[3] - r[1]).toBeGreaterThan(180); // whole, through the fill
  });

  it('finds no rule at a solid block, and both of a double rule', () => {
    expect(findRules(image([[100, 60, 300, 160, 0]]), 0, 12)).toEqual([]);
    expect(
      findRules(
        image([
          [40, 100, 360, 102, 0],
          [40, 106, 360, 108, 0],
        ]),
        0,
        12,
      ),
    ).toHaveLength(2);
  });
});
