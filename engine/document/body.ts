// The body text's style, which every document step judges against: its size (the size carrying the most
// characters), whether it is monospaced, its main font; and a scanned page's own body size.
import type { PageAnalysis } from '../model.ts';

/** Thresholds of the body style. */
export const BODY = {
  /** No text at all: the size a page of 10-point text would have. */
  defaultSize: 10,
  /** Sizes within this many points of the body size count as body text when the main font is sought. */
  sameSize: 0.6,
  /** Share of the characters set monospaced above which the body is a typewriter face (code listings, forms). */
  monoShare: 0.6,
  /** Characters at body size a page needs to judge its own headings and notes (a paragraph's worth). */
  pageChars: 400,
} as const;

/** Body font size: the size carrying the most characters (to the half point). */
function bodyFontSize(pages: PageAnalysis[]): number {
  const hist = new Map<number, number>();
  for (const p of pages)
    for (const e of p.elems) {
      if (e.kind !== 'text') continue;
      const k = Math.round(e.size * 2) / 2;
      hist.set(k, (hist.get(k) ?? 0) + e.text.length);
    }
  let best: number = BODY.defaultSize,
    n = -1;
  for (const [k, v] of hist)
    if (v > n) {
      best = k;
      n = v;
    }
  return best;
}

/** The body size a page's headings and notes are judged against: the document's, except on a scanned page
 * with text enough, where it is the page's own (the exact size carrying most of its characters: the OCR
 * gives its body lines one size). Sizes read from a scan's ink follow the typeface's
 * x-height, which differs by 15% between typefaces, so a scanned page is compared with itself only. */
export function pageBody(p: PageAnalysis, doc: number): number {
  if (!p.scanned) return doc;
  const chars = new Map<number, number>();
  for (const e of p.elems) if (e.kind === 'text') chars.set(e.size, (chars.get(e.size) ?? 0) + e.text.length);
  const [size, n] = [...chars].reduce((a, b) => (b[1] > a[1] ? b : a), [doc, 0]);
  return n >= BODY.pageChars ? size : doc;
}

export interface BodyStyle {
  size: number;
  mono: boolean;
  font: string;
}

/** The body text's style: size (see bodyFontSize), whether it is monospaced, its main font. */
export function bodyStyle(pages: PageAnalysis[]): BodyStyle {
  const size = bodyFontSize(pages);
  let mono = 0,
    all = 0;
  const fonts = new Map<string, number>();
  for (const p of pages)
    for (const e of p.elems) {
      if (e.kind !== 'text') continue;
      mono += e.mono * e.text.length;
      all += e.text.length;
      if (e.font && Math.abs(e.size - size) < BODY.sameSize)
        fonts.set(e.font, (fonts.get(e.font) ?? 0) + e.text.length);
    }
  const font = [...fonts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { size, mono: all > 0 && mono / all > BODY.monoShare, font };
}
