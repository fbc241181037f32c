// Type sizes on scans: small print (footnotes) read from the ink keeps its size apart from the body's, and a
// scanned page's headings are judged against its own body text, not against other pages set in other sizes.
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../engine/core/parse.ts';
import { evenSizes } from '../../../engine/ocr/even-sizes.ts';
import type { RawLine } from '../../../engine/raw.ts';
import { options, suiteDir } from '../parse/helpers.ts';
import { bodyText, paragraph, scannedPdf } from './synthetic-scan.ts';

const tmp = suiteDir(); // the suite's temporary folder: tmp('x') is a path in it

/** A recognised line of `size` at `x`, baseline row `y` (pt). */
const line = (size: number, x: number, y: number, w = 200): RawLine => ({
  text: 'x'.repeat(40),
  cx0: [],
  cx1: [],
  bbox: [x, y - size, x + w, y + 0.4 * size],
  size,
  bold: 0,
  italic: 0,
  mono: 0,
  font: 'ocr',
  rotated: false,
  rtl: false,
});

describe('OCR type sizes', () => {
  it('evens sizes per style: the body one size, a run of footnotes its own', () => {
    // Sizes as read from ink (±4%): two body paragraphs at 11 pt, an abstract at 10 pt, footnotes at 9 pt.
    const wobble = [1, 1.03, 0.97, 1.04, 0.98, 1.01, 0.96, 1.02];
    const run = (size: number, x: number, y: number, n: number) =>
      Array.from({ length: n }, (_, i) => line(size * wobble[i % 8], x, y + i * 1.2 * size));
    const abstract = run(10, 90, 100, 10),
      body = [...run(11, 72, 260, 20), ...run(11, 310, 100, 30)],
      notes = run(9, 72, 700, 4);
    const heading = { ...line(14.3, 72, 230), bold: 1 };
    const lines = [...abstract, heading, ...body, ...notes];
    evenSizes(lines, () => 0.035);
    expect(heading.size).toBe(14.5);
    expect(new Set(body.map((l) => l.size)).size).toBe(1);
    expect(new Set(notes.map((l) => l.size)).size).toBe(1);
    expect(notes[0].size / body[0].size).toBeLessThan(0.85);
    expect(abstract[0].size).toBeGreaterThan(notes[0].size);
  });

  it('types small print at the foot of a scanned page as footnotes', async () => {
    const page = [
      ...paragraph(bodyText(14, 62), 11, 72, 100),
      ...paragraph(
        [
          '1 The code and trained models have been released at our site.',
          'For instance, the exact match score drops from above 80% to less than 40%.',
        ],
        9,
        72,
        700,
      ),
    ];
    const file = tmp('notes.pdf');
    await writeFile(file, scannedPdf([page]));
    const out = await parseDocument(file, 'notes.pdf', options(tmp('notes')));
    const blocks = out.json.pages[0].blocks;
    const note = blocks.find((b) => b.content.includes('trained models'));
    expect(note?.type).toBe('footnote');
    expect(blocks.find((b) => b.content.includes('inverted index'))?.type).toBe('text');
  });

  it('finds a bold heading of body size on a scanned page set smaller than the others', async () => {
    // Page 1 (most of the text) is set in 12 pt; page 2 in 9 pt (an appendix in small print), with a bold
    // 9-pt section heading: judged against the 12-pt body of the document, it was plain text.
    const first = paragraph(bodyText(36, 80), 12, 72, 80);
    const second = [
      ...paragraph(bodyText(12, 100, 7), 9, 72, 80),
      { text: '2 Background', size: 9, x: 72, y: 220, bold: true },
      ...paragraph(bodyText(12, 100, 19), 9, 72, 240),
    ];
    const file = tmp('sizes.pdf');
    await writeFile(file, scannedPdf([first, second]));
    const out = await parseDocument(file, 'sizes.pdf', options(tmp('sizes')));
    const titles = out.json.pages[1].blocks.filter((b) => b.type === 'title').map((b) => b.content.trim());
    expect(titles).toEqual(['2 Background']);
  });
});
