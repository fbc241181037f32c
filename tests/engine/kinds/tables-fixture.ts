// Small synthetic pages for the table stage's tests: text lines with per-char boxes (each char half an em
// wide), thin filled rectangles as rules, and the page around them. Made by hand, no corpus copy.
import type { RawLine, RawPage, RawVector } from '../../../engine/raw.ts';

/** Style of every fixture line: regular Helvetica, upright, left to right. */
const PLAIN = { bold: 0, italic: 0, mono: 0, font: 'Helvetica', rotated: false, rtl: false };

/** A line of text at (x, y) (top-left), chars SIZE / 2 wide; spaces included. */
export function line(text: string, x: number, y: number, size = 10): RawLine {
  const w = size / 2;
  const cx0 = [...text].map((_, i) => x + i * w);
  return { text, cx0, cx1: cx0.map((a) => a + w), bbox: [x, y, x + text.length * w, y + size * 1.2], size, ...PLAIN };
}

/** Cells of a text row at the given left edges. */
export const row = (cells: string[], xs: number[], y: number, size = 10): RawLine[] =>
  cells.map((t, i) => line(t, xs[i], y, size)).filter((l) => l.text.length > 0);

/** A horizontal rule from x0 to x1 at y (a 0.5 pt high black rectangle). */
export const hRule = (y: number, x0: number, x1: number): RawVector => ({
  bbox: [x0, y - 0.25, x1, y + 0.25],
  stroked: false,
  rect: true,
  color: 0,
});

/** A vertical rule from y0 to y1 at x. */
export const vRule = (x: number, y0: number, y1: number): RawVector => ({
  bbox: [x - 0.25, y0, x + 0.25, y1],
  stroked: false,
  rect: true,
  color: 0,
});

/** An A4 page holding the lines (one block each) and vectors. */
export function page(lines: RawLine[], vectors: RawVector[] = []): RawPage {
  return {
    index: 0,
    width: 595,
    height: 842,
    rotation: 0,
    pageWidth: 595,
    pageHeight: 842,
    blocks: lines.map((l) => ({ bbox: l.bbox, lines: [l] })),
    images: [],
    vectors,
  };
}

/** Rows of cell texts of an HTML table (spans not expanded). */
export function cellsOf(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((c) => c[1]),
  );
}
