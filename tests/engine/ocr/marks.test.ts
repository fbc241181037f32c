// OCR of page images with marks the detector does not read as text: a table of contents (dot leaders
// between entries and page numbers, a column of short page numbers) and ruled tables (grid lines, also
// hairlines that a scan leaves light grey, and a grid drawn over a shaded header row).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../engine/core/parse.ts';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import { corpus, options, suiteDir } from '../parse/helpers.ts';
import { bodyText, paragraph, scannedPdf, type Rule, type SetLine } from './synthetic-scan.ts';

const tmp = suiteDir(); // the suite's temporary folder: tmp('x') is a path in it

/** A region (points) of a corpus PDF page rendered grey at 144 dpi and parsed as a PNG. */
async function parseCrop(file: string, page: number, rect: [number, number, number, number], name: string) {
  const doc = new PdfDocument(new Uint8Array(readFileSync(corpus(file))));
  const pg = doc.loadPage(page);
  const png = pg.renderPng(rect, 2, true);
  pg.close();
  doc.close();
  const path = tmp(`${name}.png`);
  await writeFile(path, png);
  return parseDocument(path, `${name}.png`, options(tmp(name)));
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

  it('reads a table ruled with hairlines on a scan (light grey after scanning), spans and all', async () => {
    // Two header rows ("Scores" over "simple" and "complex"; "Model" and "All" spanning both) and three body
    // rows of 9-pt figures, in a grid of 0.3-pt rules: without its rules the grid's spans are not seen.
    const x = [100, 180, 260, 340, 420],
      y = [300, 318, 336, 354, 372, 390],
      w = 0.3;
    const cells: SetLine[] = [
      { text: 'Model', size: 9, x: 108, y: 322, bold: true },
      { text: 'Scores', size: 9, x: 240, y: 312, bold: true },
      { text: 'All', size: 9, x: 368, y: 322, bold: true },
      { text: 'simple', size: 9, x: 196, y: 330 },
      { text: 'complex', size: 9, x: 276, y: 330 },
    ];
    for (let r = 2; r < 5; r++)
      for (let c = 0; c < 4; c++)
        cells.push({ text: `0.${(9 - r) * 100 + c * 7 + 5}`, size: 9, x: x[c] + 8, y: y[r] + 12 });
    const rules: Rule[] = [
      ...[0, 2, 3, 4, 5].map((r) => ({ x0: x[0], y0: y[r], x1: x[4], y1: y[r], width: w })),
      { x0: x[1], y0: y[1], x1: x[3], y1: y[1], width: w },
      ...[0, 1, 3, 4].map((c) => ({ x0: x[c], y0: y[0], x1: x[c], y1: y[5], width: w })),
      { x0: x[2], y0: y[1], x1: x[2], y1: y[5], width: w },
    ];
    const page = [
      { text: '5.1 Hyper Parameter Optimization', size: 12, x: 72, y: 100, bold: true },
      ...paragraph(bodyText(8, 90), 10, 72, 120),
      ...cells,
    ];
    const file = tmp('hairlines.pdf');
    await writeFile(file, scannedPdf([page], [rules]));
    const out = await parseDocument(file, 'hairlines.pdf', options(tmp('hairlines')));
    const tables = out.json.pages[0].blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0].content;
    expect(html).toMatch(/<td colspan="2">Scores<\/td>/);
    expect(html).toMatch(/<td rowspan="2">Model<\/td>/);
    expect((html.match(/<tr>/g) ?? []).length).toBe(5);
  });

  it('reads a ruled table whose header row is shaded: the grid lines over the fill are rules, the fill is none', async () => {
    const out = await parseDocument(
      corpus('tables/table-multi-row-column-cells.pdf'),
      'table-multi-row-column-cells.pdf',
      options(tmp('shaded')),
    );
    const tables = out.json.pages[0].blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const html = tables[0].content;
    expect(html).toMatch(/<td colspan="2">Results<\/td>/);
    expect(html).toMatch(/<td rowspan="2">Disability Category<\/td>/);
    for (const c of ['<td>Accuracy</td>', '<td>34.5%, n=1</td>', '<td>1672.1 sec, n=4</td>', '<td>Mobility</td>'])
      expect(html).toContain(c);
  });
});
