// Text nobody can see is no content: white or near-white chars with nothing darker painted under them
// are left out of the page's lines, while white text on a dark fill or an image, and the invisible text
// of render mode 3 (an OCR layer), stay. Through the engine's own page reader (mupdf.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import { corpus } from '../parse/helpers.ts';

/** The text of every line of page `index`, as the engine reads it (with its top edge if `top`). */
function lines(data: Uint8Array, index: number, top = false): string[] {
  const doc = new PdfDocument(data);
  try {
    const page = doc.loadPage(index);
    try {
      return page.raw.blocks.flatMap((b) => b.lines.map((l) => (top ? `${Math.round(l.bbox[1])} ${l.text}` : l.text)));
    } finally {
      page.close();
    }
  } finally {
    doc.close();
  }
}

describe('text that cannot be seen', () => {
  it('drops a white title left on the white page (redp5110, page 3)', () => {
    // White 12 pt Helvetica-Bold at the top left (y 74); the page's seen title is set at y 237-276.
    const text = lines(readFileSync(corpus('pdf-digital/redp5110_sampled.pdf')), 2, true);
    expect(text).not.toContain('74 DB2 for i Center of Excellence');
    expect(text.filter((t) => t.endsWith('DB2 for i Center of Excellence'))).toEqual([]);
    // The page's seen text is all there.
    expect(text).toContain('237 DB2 for i');
    expect(text).toContain('258 Center of Excellence');
    expect(text.length).toBeGreaterThan(20);
  });

  it('keeps white text on a dark fill or an image, drops it on the white page', () => {
    const text = lines(readFileSync(new URL('./fixtures/white-text.pdf', import.meta.url)), 0);
    for (const seen of [
      'Visible Black Heading',
      'White On Dark Banner',
      'White On Photo',
      'Invisible OCR Layer',
      'Body text in black closes the page.',
    ]) {
      expect(text).toContain(seen);
    }
    for (const hidden of ['Hidden Gray White', 'Hidden CMYK White', 'Hidden Near White', 'Covered White Text']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('keeps white table headers on their coloured cells (korean-text-with-tables)', () => {
    const text = lines(readFileSync(corpus('cjk/korean-text-with-tables.pdf')), 0).join('\n');
    expect(text).toContain('빅포인트 적립');
  });

  it('keeps the invisible OCR layer of a searchable scan', () => {
    const text = lines(readFileSync(corpus('pdf-scanned/pdf-with-ocr-text.pdf')), 0).join(' ');
    expect(text.length).toBeGreaterThan(500);
  });
});
