// Running headers and footers: margin text that repeats across pages (same text with the digits folded,
// or the same spot on many pages), page numbers, and — for a single page — small text at the very edge.
import type { Elem, PageAnalysis } from './model.ts';
import { PAGE_NUMBER, repetitionKey } from './text.ts';

export type MarginRole = 'header' | 'footer' | null;

/** The top and bottom bands (share of the page height) where running headers/footers live. */
const BAND = 0.12;

const bandOf = (e: Elem, p: PageAnalysis): 'top' | 'bottom' | null => {
  if (e.kind !== 'text' || e.nLines > 3) return null;
  if (e.bbox[3] <= BAND * p.height) return 'top';
  if (e.bbox[1] >= (1 - BAND) * p.height) return 'bottom';
  return null;
};

const posKey = (e: Elem, p: PageAnalysis, band: string): string =>
  `${band}:${Math.round((e.bbox[1] / p.height) * 100)}:${Math.round((e.bbox[0] / p.width) * 20)}:${Math.round(e.size)}`;

/** Decides header/footer per element: result[page][elem] */
export function classifyMargins(pages: PageAnalysis[], bodySize: number): MarginRole[][] {
  const textCount = new Map<string, Set<number>>();
  const posCount = new Map<string, Set<number>>();
  const note = (m: Map<string, Set<number>>, k: string, page: number) => {
    let s = m.get(k);
    if (!s) m.set(k, (s = new Set()));
    s.add(page);
  };
  const textPages = pages.filter((p) => p.elems.some((e) => e.kind === 'text')).length;
  for (const p of pages) {
    for (const e of p.elems) {
      const band = bandOf(e, p);
      if (!band) continue;
      note(textCount, band + repetitionKey(e.text), p.pageNum);
      note(posCount, posKey(e, p, band), p.pageNum);
    }
  }
  const minRepeat = Math.max(2, Math.ceil(0.25 * textPages));
  return pages.map((p) => p.elems.map((e) => {
    const band = bandOf(e, p);
    if (!band) return null;
    const role: MarginRole = band === 'top' ? 'header' : 'footer';
    const text = e.text.trim();
    if (PAGE_NUMBER.test(text)) return role;
    if (textPages >= 2) {
      if ((textCount.get(band + repetitionKey(text))?.size ?? 0) >= minRepeat) return role;
      // Running heads that change text (chapter names) but keep their place and a body-or-smaller size.
      const samePlace = posCount.get(posKey(e, p, band))?.size ?? 0;
      if (samePlace >= Math.max(3, Math.ceil(0.4 * textPages)) && e.size <= bodySize * 1.05 && e.nLines <= 2) return role;
      return null;
    }
    // One page: a short line at the very edge, set apart from the body and not larger than it.
    const edge = band === 'top' ? e.bbox[3] <= 0.08 * p.height : e.bbox[1] >= 0.92 * p.height;
    if (!edge || e.nLines > 1 || text.length > 100 || e.size > bodySize * 1.05) return null;
    const h = e.bbox[3] - e.bbox[1];
    const apart = p.elems.every((o) => o === e || (band === 'top' ? o.bbox[1] - e.bbox[3] >= 1.5 * h || o.bbox[3] <= e.bbox[3] : e.bbox[1] - o.bbox[3] >= 1.5 * h || o.bbox[1] >= e.bbox[1]));
    return apart ? role : null;
  }));
}
