// Title levels, decided here for the whole document: heading styles (size, then weight) form tiers; each
// heading gets a style rank (its tier, then its numbering: decimal depth, or the order in which the tier's
// numbering schemes first appear, e.g. 第一章 → 一、 → （一）); a single document title above every section
// heading ranks first; the ranks become levels that never skip (closeLevelGaps).
import type { Elem, PageAnalysis } from '../model.ts';
import { numberingDepth } from '../analysis/text.ts';

/** Thresholds of the levels. */
const LEVELS = {
  /** Headings within this many points of a tier's size are of that tier (rounding of sizes in the PDF). */
  sameSize: 0.6,
  /** A heading bold on half its characters or more is of a bold tier. */
  bold: 0.5,
  /** A tier sits above another when larger by more than this many points (or as large and bold over plain). */
  larger: 0.3,
  /** The document title is set this much larger than any other heading. */
  documentTitle: 1.12,
  /** Markdown has six heading levels. */
  deepest: 6,
} as const;

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

interface Heading {
  pi: number;
  ei: number;
  e: Elem;
  tier: number;
  tierLevel: number;
}

interface Tier {
  size: number;
  bold: boolean;
  count: number;
}

/** Title levels for every element (0 = not a title) from the title flags. A tier's level is 1 + the number
 * of larger tiers used more than once (one-off cover headings do not push every section down); numbering
 * refines it and a document title goes first (styleRanks); levels close their gaps and stop at six. */
export function titleLevels(pages: PageAnalysis[], flags: boolean[][]): number[][] {
  const tiers: Tier[] = [];
  const tierOf = (e: Elem): Tier | undefined =>
    tiers.find((t) => Math.abs(t.size - e.size) < LEVELS.sameSize && t.bold === e.bold >= LEVELS.bold);
  const each = (f: (e: Elem, pi: number, ei: number) => void) => {
    for (const [pi, p] of pages.entries())
      for (const [ei, e] of p.elems.entries()) {
        if (flags[pi][ei]) f(e, pi, ei);
      }
  };
  each((e) => {
    const t = tierOf(e);
    if (t) t.count++;
    else tiers.push({ size: e.size, bold: e.bold >= LEVELS.bold, count: 1 });
  });
  const above = (a: Tier, b: Tier) =>
    a.size > b.size + LEVELS.larger || (Math.abs(a.size - b.size) <= LEVELS.larger && a.bold && !b.bold);
  const tierLevel = (t: Tier) => 1 + tiers.filter((x) => x !== t && x.count >= 2 && above(x, t)).length;
  const heads: Heading[] = [];
  each((e, pi, ei) => {
    const t = tierOf(e)!;
    heads.push({ pi, ei, e, tier: tiers.indexOf(t), tierLevel: tierLevel(t) });
  });
  const ranks = styleRanks(pages, heads);
  const out = pages.map((p) => p.elems.map(() => 0));
  for (const [i, h] of heads.entries()) out[h.pi][h.ei] = ranks[i];
  return closeLevelGaps(out).map((p) => p.map((l) => Math.min(LEVELS.deepest, l)));
}

/** Style ranks (> 0, smaller is higher) of the headings, in document order. */
function styleRanks(pages: PageAnalysis[], heads: Heading[]): number[] {
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
  return t.e.size >= next * LEVELS.documentTitle ? best : -1;
}

/** Levels never skip: each heading nests under the nearest earlier heading of a higher style level,
 * one step below it, and the first heading is at level 1 (a document title set smaller than its section
 * headings does not become their child; styles used only deep down do not leave empty levels). */
function closeLevelGaps(levels: number[][]): number[][] {
  const open: number[] = []; // style levels of the headings enclosing the current one
  return levels.map((page) =>
    page.map((l) => {
      if (l <= 0) return l;
      while (open.length && open[open.length - 1] >= l) open.pop();
      open.push(l);
      return open.length;
    }),
  );
}
