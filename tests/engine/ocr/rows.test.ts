// Rows of pieces on a scanned page (affiliations under a paper's authors, labels of a form): each piece is
// read as a block of its own, in order along the row, and the line below does not continue the last piece.
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../engine/core/parse.ts';
import { options, suiteDir } from '../parse/helpers.ts';
import { bodyText, paragraph, scannedPdf } from './synthetic-scan.ts';

const tmp = suiteDir(); // the suite's temporary folder: tmp('x') is a path in it

describe('OCR rows of pieces', () => {
  it('keeps three affiliations on one row apart from the wide address line below them', async () => {
    const page = [
      { text: 'Dense Passage Retrieval for Question Answering', size: 15, x: 150, y: 80, bold: true },
      { text: 'Vladimir Karpukhin, Barlas Oguz, Sewon Min, Patrick Lewis', size: 12, x: 160, y: 110, bold: true },
      { text: 'Facebook AI', size: 12, x: 110, y: 130 },
      { text: 'University of Washington', size: 12, x: 210, y: 130 },
      { text: 'Princeton University', size: 12, x: 380, y: 130 },
      { text: 'vladk, barlaso, plewis, ledell, edunov at research dot example dot com', size: 12, x: 110, y: 145 },
      ...paragraph(bodyText(20, 90), 10, 72, 200),
    ];
    const file = tmp('rows.pdf');
    await writeFile(file, scannedPdf([page]));
    const out = await parseDocument(file, 'rows.pdf', options(tmp('rows')));
    const texts = out.json.pages[0].blocks.map((b) => b.content.replace(/\s+/g, ' ').trim());
    const at = (s: string) => texts.findIndex((t) => t.includes(s));
    expect(texts[at('Princeton')]).toBe('Princeton University');
    expect(at('Facebook AI')).toBeLessThan(at('Washington'));
    expect(at('Washington')).toBeLessThan(at('Princeton'));
    expect(at('Princeton')).toBeLessThan(at('research dot example'));
  });
});
