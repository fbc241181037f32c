// OCR of photo-like pages: a real photo crop of Chinese product text (small type, JPEG), and a region of
// a corpus page made photo-like as the bench's scan-photo sets are (115 dpi, uneven light, JPEG).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../engine/core/parse.ts';
import { rng } from '../../../bench/make-scans.ts';
import { PHOTO_DPI, photograph } from '../../../bench/photo-scans.ts';
import { fullWidthMarks } from '../../../engine/ocr/script.ts';
import { corpus, options, suiteDir } from '../parse/helpers.ts';

const tmp = suiteDir(); // the suite's temporary folder: tmp('x') is a path in it

describe('OCR of photo-like pages', () => {
  it("reads the first and last marks of a small photo's lines (box ends) and splits its paragraphs there", async () => {
    const out = await parseDocument(corpus('cjk/chi_sim_image.jpeg'), 'chi_sim_image.jpeg', options(tmp('chi')));
    const blocks = out.json.pages[0].blocks.map((b) => b.content);
    // The box of the third line started inside 倍 (read 音) and stopped before the 。 that ends the
    // paragraph, which then ran on into the next one.
    expect(blocks[0]).toContain('肌肤倍感嫩白柔滑，宛若新生。');
    expect(blocks[0].endsWith('宛若新生。')).toBe(true);
    expect(blocks[1]).toMatch(/^适用人群：适合任何肌肤/);
  });

  it('keeps small upright print upright when the direction classifier calls it upside down', async () => {
    // Body text of a brochure page (9-pt type) as a 115-dpi photo: the classifier called most of its
    // widest lines upside down, and the page came back as junk read turned by 180°.
    const doc = mupdf.Document.openDocument(
      readFileSync(corpus('pdf-digital/redp5110_sampled.pdf')),
      'application/pdf',
    );
    const page = doc.loadPage(2);
    const s = PHOTO_DPI / 72;
    const pix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceGray, false, true);
    const w = Math.round(330 * s),
      h = Math.round(250 * s),
      full = pix.getPixels(),
      pw = pix.getWidth();
    const x0 = Math.round(265 * s),
      y0 = Math.round(305 * s),
      crop = new Uint8ClampedArray(w * h);
    for (let y = 0; y < h; y++) crop.set(full.subarray((y0 + y) * pw + x0, (y0 + y) * pw + x0 + w), y * w);
    const out = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
    out.getPixels().set(photograph(crop, w, h, rng(11)));
    await writeFile(tmp('photo.png'), out.asPNG());
    const md = (await parseDocument(tmp('photo.png'), 'photo.png', options(tmp('photo')))).markdown;
    expect(md).toMatch(/No one else has the vast consulting/);
    expect(md).toMatch(/clients/);
  });

  it('sets the Chinese model\'s half-width "." and "," after Han characters full width, and only there', () => {
    // At 115 dpi a "。" is a two-pixel dot the Chinese model reads as "."; the reference has "。".
    expect(fullWidthMarks('有利于团队成员理解目标并朝着目标努力.')).toBe('有利于团队成员理解目标并朝着目标努力。');
    expect(fullWidthMarks('描述团队的共同目标,有利于团队')).toBe('描述团队的共同目标，有利于团队');
    for (const kept of ['见图1.2', '文件 report.pdf', '网址 www.example.com', 'Fig. 3, left', '图片.png'])
      expect(fullWidthMarks(kept)).toBe(kept);
  });
});
