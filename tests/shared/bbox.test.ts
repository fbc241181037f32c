import { describe, expect, it } from 'vitest';
import {
  bboxArea,
  bboxToPoints,
  clampBBox,
  containsPoint,
  fitScale,
  impliedDpi,
  isBBox,
  isEmptyBBox,
  normalizeBBox,
  scaleBBox,
  unscalePoint,
  zoomScrollOffset,
} from '../../shared/bbox.ts';
import type { BBox } from '../../shared/somark.ts';

// A4 is 595.28 × 841.89 pt. The docs example rasterises it at 144 dpi (1190×1684), a real relayed
// response at 150 dpi (1241×1754); the local engine may use yet another resolution.
const A4_PT = { w: 595.28, h: 841.89 };
const A4_144 = { w: 1190, h: 1684 };
const A4_150 = { w: 1241, h: 1754 };

describe('normalizeBBox / isBBox / isEmptyBBox', () => {
  it('orders inverted corners', () => {
    expect(normalizeBBox([300, 400, 100, 200])).toEqual([100, 200, 300, 400]);
    expect(normalizeBBox([100, 400, 300, 200])).toEqual([100, 200, 300, 400]);
  });
  it('recognises four finite numbers only', () => {
    expect(isBBox([1, 2, 3, 4])).toBe(true);
    expect(isBBox([1, 2, 3])).toBe(false);
    expect(isBBox([1, 2, 3, Number.NaN])).toBe(false);
    expect(isBBox(null)).toBe(false);
    expect(isBBox(['1', 2, 3, 4])).toBe(false);
  });
  it('flags boxes without area', () => {
    expect(isEmptyBBox([10, 10, 10, 50])).toBe(true);
    expect(isEmptyBBox([10, 10, 50, 10])).toBe(true);
    expect(isEmptyBBox([50, 50, 10, 10])).toBe(false);
  });
  it('clamps into the page', () => {
    expect(clampBBox([-5, -5, 2000, 900], { w: 1000, h: 800 })).toEqual([0, 0, 1000, 800]);
  });
});

describe('scaleBBox', () => {
  it('maps page_size pixels onto a rendered page of another size', () => {
    // 144-dpi raster drawn at 595 CSS px wide (≈ 1 px per point).
    const r = scaleBBox([119, 168.4, 595, 842], A4_144, { w: 595, h: 842 });
    expect(r.left).toBeCloseTo(59.5, 6);
    expect(r.top).toBeCloseTo(84.2, 6);
    expect(r.width).toBeCloseTo(238, 6);
    expect(r.height).toBeCloseTo(336.8, 6);
  });
  it('uses each axis separately (non-uniform aspect)', () => {
    const r = scaleBBox([100, 100, 200, 200], { w: 1000, h: 500 }, { w: 500, h: 500 });
    expect(r).toEqual({ left: 50, top: 100, width: 50, height: 100 });
  });
  it('normalises inverted boxes before scaling', () => {
    expect(scaleBBox([200, 200, 100, 100], { w: 1000, h: 1000 }, { w: 500, h: 500 })).toEqual({
      left: 50,
      top: 50,
      width: 50,
      height: 50,
    });
  });
  it('rounds each edge so shared edges stay shared', () => {
    const size = { w: 1000, h: 1000 };
    const target = { w: 333, h: 333 };
    const a = scaleBBox([0, 0, 501, 100], size, target, true);
    const b = scaleBBox([501, 0, 1000, 100], size, target, true);
    expect(a.left + a.width).toBe(b.left);
    expect(Number.isInteger(a.width) && Number.isInteger(b.left)).toBe(true);
    expect(b.left + b.width).toBe(333);
  });
  it('never assumes a DPI: the same region lands in the same place at 144 and 150 dpi', () => {
    const target = { w: 800, h: 800 * (A4_PT.h / A4_PT.w) };
    // One inch from the top-left, one inch wide, at each resolution.
    const at144 = scaleBBox([144, 144, 288, 288], A4_144, target);
    const at150 = scaleBBox([150, 150, 300, 300], A4_150, target);
    expect(at144.left).toBeCloseTo(at150.left, 0);
    expect(at144.top).toBeCloseTo(at150.top, 0);
    expect(at144.width).toBeCloseTo(at150.width, 0);
  });
  it('returns a zero rect for a page without a size', () => {
    expect(scaleBBox([1, 2, 3, 4], { w: 0, h: 0 }, { w: 100, h: 100 })).toEqual({
      left: 0,
      top: 0,
      width: 0,
      height: 0,
    });
  });
});

describe('bboxToPoints / impliedDpi', () => {
  it('converts 144-dpi pixels to points (÷ 2)', () => {
    expect(bboxToPoints([144, 288, 432, 576], A4_144, A4_PT)).toEqual([72.03, 143.98, 216.1, 287.96]);
    expect(impliedDpi(A4_144, A4_PT)).toBe(144);
  });
  it('converts 150-dpi pixels to points (× 72/150)', () => {
    const pt = bboxToPoints([150, 150, 300, 300], A4_150, A4_PT);
    expect(pt[0]).toBeCloseTo(71.95, 1);
    expect(pt[2]).toBeCloseTo(143.9, 1);
    expect(impliedDpi(A4_150, A4_PT)).toBe(150);
  });
  it('handles US Letter at an odd resolution (100 dpi)', () => {
    const letter = { w: 612, h: 792 };
    expect(bboxToPoints([100, 100, 850, 1100], { w: 850, h: 1100 }, letter)).toEqual([72, 72, 612, 792]);
    expect(impliedDpi({ w: 850, h: 1100 }, letter)).toBe(100);
  });
  it('normalises inverted boxes and rounds to the requested decimals', () => {
    expect(bboxToPoints([300, 300, 0, 0], { w: 300, h: 300 }, { w: 100, h: 100 }, 0)).toEqual([0, 0, 100, 100]);
  });
  it('has no DPI for unknown sizes', () => {
    expect(impliedDpi({ w: 100, h: 100 }, { w: 0, h: 0 })).toBeNull();
  });
});

describe('points and areas', () => {
  it('unscales a point back into page pixels', () => {
    expect(unscalePoint(50, 25, { w: 1000, h: 500 }, { w: 100, h: 50 })).toEqual({ x: 500, y: 250 });
  });
  it('hit-tests with inverted boxes', () => {
    const b: BBox = [100, 100, 10, 10];
    expect(containsPoint(b, 50, 50)).toBe(true);
    expect(containsPoint(b, 150, 50)).toBe(false);
    expect(bboxArea(b)).toBe(8100);
  });
});

describe('fitScale / zoomScrollOffset', () => {
  const pages = [A4_144, { w: 1684, h: 1190 }];
  it('fits the widest page to the viewport width', () => {
    expect(fitScale('width', pages, { w: 842 + 32, h: 600 }, 32)).toBeCloseTo(0.5, 6);
  });
  it('fits a whole page (the tighter of width and height)', () => {
    expect(fitScale('page', [A4_144], { w: 2000, h: 842 }, 0)).toBeCloseTo(0.5, 6);
    expect(fitScale('page', [A4_144], { w: 595, h: 5000 }, 0)).toBeCloseTo(0.5, 6);
  });
  it('falls back to 1 without pages', () => {
    expect(fitScale('width', [], { w: 500, h: 500 })).toBe(1);
  });
  it('keeps the point under the cursor fixed', () => {
    // At scale 1, content y = 300 + 100 = 400 under the cursor; at scale 2 it is 800.
    expect(zoomScrollOffset(300, 100, 1, 2)).toBe(700);
    // With 16 px of unscaled padding before the pages.
    expect(zoomScrollOffset(300, 100, 1, 2, 16)).toBe(684);
    expect(zoomScrollOffset(10, 10, 2, 1)).toBe(0);
  });
});
