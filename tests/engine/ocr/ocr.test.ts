// OCR through the parser: a rendered born-digital page read back from an image, a scanned PDF page
// upside down, Chinese text, the OCR-off option, and a photo-like page without text.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../engine/core/parse.ts';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import { encodePng } from '../../../engine/pdf/png.ts';
import { corpus, jsonViolations, options, suiteDir } from '../parse/helpers.ts';

const tmp = suiteDir(); // the suite's temporary folder: tmp('x') is a path in it

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('OCR', () => {
  it('reads a rendered born-digital page back from a PNG, with boxes in image pixels', async () => {
    const doc = new PdfDocument(new Uint8Array(readFileSync(corpus('pdf-digital/multi_page.pdf'))));
    const pg = doc.loadPage(0);
    const png = pg.renderPng([0, 40, 595, 240], 2, true);
    pg.close();
    doc.close();
    const file = tmp('page.png');
    await writeFile(file, png);
    const out = await parseDocument(file, 'page.png', options(tmp()));
    const md = flat(out.markdown);
    expect(md).toContain('The Evolution of the Word Processor');
    expect(md).toContain('The concept of the word processor predates modern computers');
    const page = out.json.pages[0];
    expect(page.page_size).toEqual({ w: 1190, h: 400 });
    const title = page.blocks.find((b) => b.content.includes('Evolution'))!;
    expect(title.bbox[0]).toBeGreaterThan(100);
    expect(title.bbox[2]).toBeLessThan(1190);
    expect(title.bbox[1]).toBeGreaterThan(30);
    expect(title.bbox[3]).toBeLessThan(200);
    expect(jsonViolations(out)).toEqual([]);
  });

  it('keeps a chart on a page image as one figure, with a crop, beside the recognised text', async () => {
    const doc = new PdfDocument(new Uint8Array(readFileSync(corpus('pdf-digital/picture_classification.pdf'))));
    const pg = doc.loadPage(0);
    const png = pg.renderPng([90, 180, 520, 540], 2, true);
    pg.close();
    doc.close();
    const file = tmp('chart.png');
    await writeFile(file, png);
    const out = await parseDocument(file, 'chart.png', options(tmp('chart')));
    const blocks = out.json.pages[0].blocks;
    expect(blocks.filter((b) => b.type === 'figure')).toHaveLength(1);
    expect(flat(out.markdown)).toContain('Lorem ipsum dolor sit amet');
    expect(out.images).toHaveLength(1);
    const fig = blocks.find((b) => b.type === 'figure')!;
    // The chart (bars and axis) sits in the lower part of the crop, below the paragraph.
    expect(fig.bbox[1]).toBeGreaterThan(200);
    expect(fig.bbox[3] - fig.bbox[1]).toBeGreaterThan(250);
  });

  it('reads a scanned PDF page that is upside down, boxes at 144 dpi', async () => {
    const out = await parseDocument(corpus('pdf-scanned/ocr_test_rotated_180.pdf'), 'r.pdf', options(tmp()));
    expect(flat(out.markdown)).toContain(
      'Docling bundles PDF document conversion to JSON and Markdown in an easy self contained package',
    );
    expect(out.json.pages[0].page_size.w).toBeGreaterThan(1000);
    expect(out.json.pages[0].blocks.every((b) => b.type !== 'figure')).toBe(true);
  });

  it('reads Chinese text with the Chinese model', async () => {
    const out = await parseDocument(corpus('cjk/chi_sim_image.jpeg'), 'c.jpeg', options(tmp()));
    expect(out.markdown).toContain('适用人群');
    expect(out.markdown).toContain('希望美白的皮肤');
    // Two paragraphs: the last line (its box gap 0.76 of a line, at the block's pitch) stays in the second.
    expect(out.markdown.trim().split(/\n{2,}/)).toHaveLength(2);
    expect(out.markdown).toContain('外油内干，肤色黑黄');
  });

  it('leaves a scan as a figure when OCR is off', async () => {
    const out = await parseDocument(
      corpus('pdf-scanned/ocr_test.pdf'),
      'o.pdf',
      options(tmp(), { ocr: { enabled: false, lang: 'auto' } }),
    );
    expect(out.markdown).not.toContain('Docling');
    expect(out.json.pages[0].blocks.map((b) => b.type)).toEqual(['figure']);
  });

  it('gives an image without text one honest figure, no invented text', async () => {
    // Soft grey blobs: a picture, not a page of text.
    const w = 320,
      h = 240,
      px = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) px[y * w + x] = 128 + 100 * Math.sin(x / 40) * Math.cos(y / 30);
    const file = tmp('photo.png');
    await writeFile(file, encodePng(px, w, h, 1));
    const out = await parseDocument(file, 'photo.png', options(tmp()));
    expect(out.json.pages[0].blocks.map((b) => b.type)).toEqual(['figure']);
    expect(out.json.pages[0].page_size).toEqual({ w, h });
  });
});
