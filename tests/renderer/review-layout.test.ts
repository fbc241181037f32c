// Review screen, page layout (layout.ts): page tops, sizes and positions at any zoom, and where a box's
// reading-order badge sits (BoxLayer.tsx).
import { describe, expect, it } from 'vitest';
import { badgePlace } from '../../renderer/src/features/review/BoxLayer.tsx';
import {
  computeLayout,
  currentPage,
  offsetOnPage,
  pageAt,
  positionAt,
  PAGE_GAP,
  PANE_PADDING,
} from '../../renderer/src/features/review/layout.ts';

describe('page layout', () => {
  const layout = computeLayout(
    [
      { w: 1000, h: 1400 },
      { w: 1400, h: 1000 },
      { w: 1000, h: 1400 },
    ],
    0.5,
  );
  it('stacks pages with a gap at one scale', () => {
    expect(Array.from(layout.tops)).toEqual([
      PANE_PADDING,
      PANE_PADDING + 700 + PAGE_GAP,
      PANE_PADDING + 1200 + 2 * PAGE_GAP,
    ]);
    expect(layout.maxWidth).toBe(700);
    expect(layout.total).toBe(PANE_PADDING * 2 + 1900 + 2 * PAGE_GAP);
  });
  it('finds pages and positions at offsets', () => {
    expect(pageAt(layout, 0)).toBe(0);
    expect(pageAt(layout, layout.tops[2]! + 1)).toBe(2);
    expect(currentPage(layout, layout.tops[1]! - 100, 600)).toBe(1);
    // At the very end the last page is current, even if it does not reach the reading line.
    expect(currentPage(layout, layout.total - 1000, 1000)).toBe(2);
    const y = offsetOnPage(layout, 1, 200);
    expect(positionAt(layout, y)).toEqual({ page: 1, yPx: 200 });
  });
  it('fits each page on its own when given a scale per page (a workbook of a wide and a small sheet)', () => {
    const fitWidth = (s: { w: number }) => 800 / s.w;
    const mixed = computeLayout(
      [
        { w: 2568, h: 1134 },
        { w: 482, h: 221 },
      ],
      fitWidth,
    );
    expect(Array.from(mixed.widths)).toEqual([800, 800]);
    expect(mixed.heights[1]).toBe(Math.round(221 * (800 / 482)));
    expect(mixed.scale).toBeCloseTo(800 / 2568);
    const y = offsetOnPage(mixed, 1, 100);
    expect(y).toBeCloseTo(mixed.tops[1]! + 100 * (800 / 482));
    expect(positionAt(mixed, y).yPx).toBeCloseTo(100);
  });
});

describe('reading-order badge', () => {
  it('sits off the text line: left of the box, else above, else right; inside only when nothing fits', () => {
    expect(badgePlace({ left: 40, top: 0, width: 100 }, 600)).toBe('');
    expect(badgePlace({ left: 2, top: 30, width: 100 }, 600)).toBe(' is-above');
    expect(badgePlace({ left: 2, top: 4, width: 100 }, 600)).toBe(' is-right');
    expect(badgePlace({ left: 0, top: 0, width: 598 }, 600)).toBe(' is-edge');
    // The pane's gutter left of the page takes it (an OCR'd image whose lines touch its edge).
    expect(badgePlace({ left: 0, top: 0, width: 598 }, 600, 24)).toBe('');
    // Or the gap above the page, when the gutter is too narrow (a page as wide as the pane).
    expect(badgePlace({ left: 1, top: 2, width: 598 }, 600, 16, 16)).toBe(' is-above');
  });
});
