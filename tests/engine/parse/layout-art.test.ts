// Layout fidelity (issue 11), regions without a text layer and header spans: display formulas drawn as
// glyph outlines or set as a picture are `equation` blocks with a crop (their number as \tag), real figures
// stay figures; a borderless table's header cell flush with one column does not span the empty corner.
// fixtures/vector-formula.pdf is written by fixtures/make-vector-formula.ts (see its header).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { convertToPdf } from '../../../engine/source/office/convert.ts';
import { findSoffice } from '../../../engine/source/office/soffice.ts';
import type { Block, Page } from '../../../shared/somark.ts';
import { corpus, options, parseCorpus, tempDir } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => {
  await tmp.dispose();
});

const blocks = (pages: Page[]): Block[] => pages.flatMap((p) => p.blocks);
const soffice = findSoffice();

describe('display formulas without a text layer', () => {
  it('makes outlined and pictured formulas equation blocks with a crop and their \\tag; the chart and the photo stay figures', async () => {
    const file = fileURLToPath(new URL('./fixtures/vector-formula.pdf', import.meta.url));
    const doc = await parseDocument(file, 'vector-formula.pdf', options(tmp.dir, { imageUrl: (n) => n }));
    const bs = blocks(doc.json.pages);
    const eq = bs.filter((b) => b.type === 'equation');
    expect(eq.map((b) => b.content)).toEqual(['\\tag{1}', '\\tag{2}', '']);
    for (const b of eq) {
      expect(b.img_url).toMatch(/^image_\d{3}\.png$/);
      const png = await readFile(join(tmp.dir, 'images', b.img_url));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
    // In reading order between the paragraphs; the numbers are no loose paragraphs.
    const order = bs.map((b) => b.type);
    expect(order).toEqual([
      'title',
      'text',
      'equation',
      'text',
      'equation',
      'text',
      'figure',
      'figure_caption',
      'text',
      'equation',
      'text',
      'figure',
    ]);
    expect(bs.find((b) => b.type === 'figure')!.content).toBe('Figure 1: Partial sums of the series.');
    expect(doc.markdown).toContain(`![(1)](${eq[0].img_url})`);
    expect(doc.markdown).toContain(`![](${eq[2].img_url})`);
    expect(doc.markdown).not.toMatch(/^\(\d\)$/m);
    expect(doc.markdown).not.toContain('$$');
  });

  it('never turns a figure of the corpus into an equation', async () => {
    for (const rel of [
      'pdf-digital/picture_classification.pdf',
      'pdf-digital/redp5110_sampled.pdf',
      'pdf-digital/amt_handbook_sample.pdf',
      'pdf-digital/pdfjs_wikipedia.pdf',
      'tables/embedded-images-tables.pdf',
    ]) {
      const doc = await parseCorpus(rel, tmp.dir);
      const bs = blocks(doc.json.pages);
      expect(
        bs.filter((b) => b.type === 'equation' && b.img_url).map((b) => b.bbox),
        rel,
      ).toEqual([]);
      expect(bs.filter((b) => b.type === 'figure').length, rel).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!soffice)('header spans of a borderless table', () => {
  it('word_sample.docx: "Food" sits over its own column, the corner cell above the row names stays empty', async () => {
    const pdf = join(tmp.dir, 'word_sample.pdf');
    await convertToPdf(corpus('office/word_sample.docx'), pdf, { soffice: soffice!, ext: '.docx' });
    expect(existsSync(pdf)).toBe(true);
    const doc = await parseDocument(pdf, 'word_sample.pdf', options(tmp.dir));
    const t = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(t).toHaveLength(1);
    expect(t[0].content).toMatch(
      /^<table><tr><td><\/td><td>Food<\/td><td>Calories per portion<\/td><\/tr><tr><td>Leaves<\/td><td>Ash, Elm, Maple<\/td><td>50<\/td><\/tr>/,
    );
  }, 120_000);
});
