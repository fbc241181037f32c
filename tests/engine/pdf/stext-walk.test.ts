// The fast structured-text walk (chars read from the WASM heap) must report exactly what mupdf's own
// walk reports, event by event, on varied corpus pages (rotated, CJK, RTL, tables, figures, vectors,
// white text on coloured cells).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../../engine/pdf/wasm-handle.ts';
import * as mupdf from 'mupdf';
import { charsReadInPlace, fastWalkAvailable, walkStext } from '../../../engine/pdf/stext-walk.ts';
import { corpus } from '../parse/helpers.ts';

const FILES = [
  'pdf-digital/2305.03393v1-pg9.pdf',
  'pdf-digital/code_and_formula.pdf',
  'pdf-digital/right_to_left_01.pdf',
  'pdf-digital/picture_classification.pdf',
  'pdf-digital/redp5110_sampled.pdf',
  'pdf-digital/multi-column-2p.pdf',
  'large/irs-manual-400p.pdf',
  'cjk/korean-text-with-tables.pdf',
];

function events(st: mupdf.StructuredText, slow: boolean): unknown[] {
  const out: unknown[] = [];
  walkStext(
    st,
    {
      beginTextBlock: () => out.push('block'),
      beginLine: (wmode, dir) => out.push(['line', wmode, dir]),
      onChar: (c, font, size, q, rgb) => out.push([c, font, size, Array.from(q), rgb]),
      endLine: () => out.push('/line'),
      endTextBlock: () => out.push('/block'),
      onImageBlock: (bbox, image, m) => {
        out.push(['image', bbox, image.getWidth(), image.getHeight(), m]);
        image.destroy();
      },
      onVector: (bbox, stroked, rect, color) => out.push(['vector', bbox, stroked, rect, color]),
    },
    slow,
  );
  return out;
}

describe('structured text walk', () => {
  it('reads from the WASM heap (the fast path is live)', () => {
    expect(fastWalkAvailable()).toBe(true);
  });

  for (const file of FILES) {
    it(`gives the same events as mupdf's walk: ${file}`, () => {
      const doc = mupdf.Document.openDocument(readFileSync(corpus(file)), 'application/pdf');
      try {
        const n = Math.min(doc.countPages(), 12);
        let chars = 0;
        for (let i = 0; i < n; i++) {
          const page = doc.loadPage(i);
          const st = page.toStructuredText('preserve-whitespace,preserve-images,vectors');
          try {
            const fast = events(st, false);
            expect(fast).toEqual(events(st, true));
            chars += fast.filter((e) => Array.isArray(e) && typeof e[0] === 'string' && e[0].length === 1).length;
          } finally {
            st.destroy();
            page.destroy();
          }
        }
        expect(chars).toBeGreaterThan(100);
        // mupdf's char layout held on every line: chars were read in place, not through its getters.
        expect(charsReadInPlace()).toBe(true);
      } finally {
        doc.destroy();
      }
    });
  }
});
