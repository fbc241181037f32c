// OCR of page images with marks the detector does not read as text: a table of contents (dot leaders
// between entries and page numbers, a column of short page numbers) and a ruled table (grid lines).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../../engine/parse/index.ts';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import { corpus, options, tempDir } from '../parse/helpers.ts';

let dir: string;
let dispose: () => Promise<void>;
beforeAll(async () => ({ dir, dispose } = await tempDir()));
afterAll(() => dispose());

/** A region (points) of a corpus PDF page rendered grey at 144 dpi and parsed as a PNG. */
async function parseCrop(file: string, page: number, rect: [number, number, number, number], name: string) {
  const doc = new PdfDocument(new Uint8Array(readFileSync(corpus(file))));
  const pg = doc.loadPage(page);
  const png = pg.renderPng(rect, 2, true);
  pg.close();
  doc.close();
  const path = join(dir, `${name}.png`);
  await writeFile(path, png);
  return parseDocument(path, `${name}.png`, options(join(dir, name)));
}

describe('OCR marks', () => {
  it('keeps each TOC entry with its page number (dot leaders between them)', async () => {
    const out = await parseCrop('pdf-digital/redp5110_sampled.pdf', 1, [100, 120, 580, 260], 'toc');
    const lines = out.json.pages[0].blocks.map((b) => b.content.replace(/\s+/g, ' ').trim());
    // The page numbers were dropped as "vertical text" before. The recogniser may read them upper case.
    expect(lines.map((l) => l.toLowerCase())).toContain('preface xi');
    const entries = lines.filter((l) => /^[A-Za-z][\w .,!:]* [xiv]+$/i.test(l));
    expect(entries.length).toBeGreaterThanOrEqual(7);
    expect(entries.map((l) => l.toLowerCase())).toContain('stay connected to ibm redbooks xiv');
  });

  it('reads a ruled table on a page image as an HTML table', async () => {
    const out = await parseCrop('pdf-digital/2305.03393v1-pg9.pdf', 0, [120, 325, 500, 480], 'table');
    const tables = out.json.pages[0].blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const cells = [...tables[0].content.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    // Body rows: one number per cell, in the order of the grid.
    expect(cells.join(' ')).toContain('0.952 0.944');
    expect(cells.length).toBeGreaterThanOrEqual(30);
  });
});
