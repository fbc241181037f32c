// Small synthetic scans for the OCR tests: lines of text set in the base-14 Times faces at given sizes and
// places, rendered grey at 150 dpi, skewed, blurred and given noise as the bench's scans are, and written as
// an image-only PDF (one picture per page, no text layer).
import * as mupdf from 'mupdf';
import { degrade, rng } from '../../../bench/make-scans.ts';

export interface SetLine {
  text: string;
  /** Type size (pt) and baseline position from the page's top-left corner (pt). */
  size: number;
  x: number;
  y: number;
  bold?: boolean;
}

const W = 612,
  H = 792,
  DPI = 150;

/** Words for body text, in a fixed order (no randomness: the scans are the same on every run). */
const WORDS = (
  'retrieval in open domain question answering is usually implemented with sparse vector models which ' +
  'match keywords efficiently with an inverted index and can be seen as representing the question and context ' +
  'in high dimensional vectors while dense encodings are learnable by adjusting the embedding functions'
).split(' ');

/** `n` lines of body text of about `chars` characters each, starting at word `from`. */
export function bodyText(n: number, chars: number, from = 0): string[] {
  const out: string[] = [];
  let k = from;
  for (let i = 0; i < n; i++) {
    let line = '';
    while (line.length < chars) line += (line ? ' ' : '') + WORDS[k++ % WORDS.length];
    out.push(line);
  }
  return out;
}

/** A paragraph: `texts` set at `size` from baseline `y`, with a leading of 1.2 × size. */
export function paragraph(texts: string[], size: number, x: number, y: number, bold = false): SetLine[] {
  return texts.map((text, i) => ({ text, size, x, y: y + i * 1.2 * size, bold }));
}

const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A ruled line from (x0, y0) to (x1, y1) (pt, from the top-left corner), `width` pt thick. */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
}

/** An image-only PDF of US-letter pages, each holding its lines (and rules) as a 150-dpi grey picture
 * turned by 0.8°. */
export function scannedPdf(pages: SetLine[][], rules: Rule[][] = []): Uint8Array {
  const born = new mupdf.PDFDocument();
  const fonts = born.addObject({
    R: born.addSimpleFont(new mupdf.Font('Times-Roman')),
    B: born.addSimpleFont(new mupdf.Font('Times-Bold')),
  });
  for (const [i, lines] of pages.entries()) {
    const ops = [
      ...lines.map((l) => `BT /${l.bold ? 'B' : 'R'} ${l.size} Tf ${l.x} ${H - l.y} Td (${esc(l.text)}) Tj ET`),
      ...(rules[i] ?? []).map((r) => `${r.width} w ${r.x0} ${H - r.y0} m ${r.x1} ${H - r.y1} l S`),
    ].join('\n');
    born.insertPage(-1, born.addPage([0, 0, W, H], 0, born.addObject({ Font: fonts }), ops));
  }
  const scan = new mupdf.PDFDocument();
  const rand = rng(7);
  for (let i = 0; i < pages.length; i++) {
    const pix = born
      .loadPage(i)
      .toPixmap(mupdf.Matrix.scale(DPI / 72, DPI / 72), mupdf.ColorSpace.DeviceGray, false, true);
    const w = pix.getWidth(),
      h = pix.getHeight();
    const out = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
    out.getPixels().set(degrade(pix.getPixels(), w, h, 0.8, rand));
    const img = scan.addImage(new mupdf.Image(out));
    const res = scan.addObject({ XObject: { I0: img } });
    scan.insertPage(-1, scan.addPage([0, 0, W, H], 0, res, `q ${W} 0 0 ${H} 0 0 cm /I0 Do Q`));
  }
  return scan.saveToBuffer('compress').asUint8Array();
}
