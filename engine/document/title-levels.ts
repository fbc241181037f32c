// Heading levels from the whole document: each heading gets a style rank (its tier of size and weight,
// then its numbering: decimal depth, or the order in which the tier's numbering schemes first appear,
// e.g. 第一章 → 一、 → （一）); a single document title above every section heading ranks first. The
// ranks become levels in closeLevelGaps (title-context.ts), so levels never skip.
import type { Elem, PageAnalysis } from '../model.ts';
import { numberingDepth } from '../analysis/text.ts';

/** Numbering scheme of a heading's text ('dec' for decimal numbers, '' for none). */
export function numberScheme(text: string): string {
  const t = text.trim();
  if (numberingDepth(t) > 0 && /^\d/.test(t)) return 'dec';
  if (/^第[一二三四五六七八九十百\d]+[章篇部]/.test(t)) return 'zh-chapter';
  if (/^第[一二三四五六七八九十百\d]+节/.test(t)) return 'zh-section';
  if (/^[一二三四五六七八九十]+[、.．]/.test(t)) return 'zh-enum';
  if (/^[（(][一二三四五六七八九十]+[)）]/.test(t)) return 'zh-paren';
  if (/^[（(]\d{1,2}[)）]/.test(t)) return 'paren';
  if (/^\d{1,2}[)）]/.test(t)) return 'num-paren';
  if (/^(chapter|part)\s+\w+/i.test(t)) return 'chapter';
  if (/^[IVX]{1,5}\.\s/.test(t)) return 'roman';
  if (/^[A-Z]\.\s/.test(t)) return 'alpha';
  return '';
}

export interface Heading {
  pi: number;
  ei: number;
  e: Elem;
  tier: number;
  tierLevel: number;
}

/** Style ranks (> 0, smaller is higher) of the headings, in document order. */
export function styleRanks(pages: PageAnalysis[], heads: Heading[]): number[] {
  // Decimal numbering: the shallowest depth used sits at the highest tier that uses numbers, each depth
  // below one step lower (headings of one style numbered 1 / 1.1 / 1.1.1 take three levels).
  let tier = Infinity,
    depth = Infinity;
  for (const h of heads) {
    const d = numberScheme(h.e.text) === 'dec' ? numberingDepth(h.e.text) : 0;
    if (d > 0) {
      tier = Math.min(tier, h.tierLevel);
      depth = Math.min(depth, d);
    }
  }
  const offset = Number.isFinite(tier) ? tier - depth : 0;
  // Other schemes: ranked inside their tier by first appearance (a tier's decimal numbers count as one scheme).
  const seen = new Map<number, string[]>();
  const ranks = heads.map((h) => {
    const s = numberScheme(h.e.text);
    if (s === 'dec') {
      const list = seen.get(h.tier) ?? [];
      if (!list.includes('dec')) seen.set(h.tier, [...list, 'dec']);
      return 10 * (offset + numberingDepth(h.e.text)) + 10;
    }
    if (!s) return 10 * h.tierLevel + 10;
    const list = seen.get(h.tier) ?? [];
    if (!list.includes(s)) seen.set(h.tier, [...list, s]);
    return 10 * h.tierLevel + 10 + Math.min(9, (seen.get(h.tier) ?? []).indexOf(s));
  });
  const t = documentTitle(pages, heads);
  if (t >= 0) ranks[t] = 1;
  return ranks;
}

/** The document title: the largest heading, on the first page, set clearly above every other heading
 * (repeats of its own text, a back cover, aside); -1 when there is none. */
function documentTitle(pages: PageAnalysis[], heads: Heading[]): number {
  if (heads.length < 2) return -1;
  const firstPage = pages.findIndex((p) => p.elems.some((e) => e.kind === 'text'));
  let best = -1;
  heads.forEach((h, i) => {
    if (best < 0 || h.e.size > heads[best].e.size) best = i;
  });
  const t = heads[best];
  if (t.pi !== firstPage) return -1;
  const key = (e: Elem) => e.text.replace(/\s+/g, '').toLowerCase();
  const others = heads.filter((h) => h !== t && key(h.e) !== key(t.e));
  if (!others.length) return -1;
  const next = Math.max(...others.map((h) => h.e.size));
  return t.e.size >= next * 1.12 ? best : -1;
}
