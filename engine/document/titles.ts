// Titles and their levels: short, standalone lines set larger or bolder than the body text (or numbered
// like sections). Levels rank the heading styles by size and weight; decimal numbering ("2.3.1")
// refines them so that deeper numbers never sit above shallower ones.
import type { Elem, PageAnalysis } from '../model.ts';
import type { MarginRole } from './headers.ts';
import { CAPTION_START, CJK_CHAR, NUMBERED_HEADING } from '../analysis/text.ts';
import { styleRanks, type Heading } from './title-levels.ts';
import { closeLevelGaps, filterByContext } from './title-context.ts';

/** Body font size: the size carrying the most characters. */
export function bodyFontSize(pages: PageAnalysis[]): number {
  const hist = new Map<number, number>();
  for (const p of pages)
    for (const e of p.elems) {
      if (e.kind !== 'text') continue;
      const k = Math.round(e.size * 2) / 2;
      hist.set(k, (hist.get(k) ?? 0) + e.text.length);
    }
  let best = 10,
    n = -1;
  for (const [k, v] of hist)
    if (v > n) {
      best = k;
      n = v;
    }
  return best;
}

/** Characters at body size a page needs to judge its own headings and notes (a paragraph's worth). */
const PAGE_BODY_CHARS = 400;

/** The body size a page's headings and notes are judged against: the document's, except on a scanned page
 * with text enough, where it is the page's own (the exact size carrying most of its characters: the OCR
 * gives its body lines one size). Sizes read from a scan's ink follow the typeface's
 * x-height, which differs by 15% between typefaces, so a scanned page is compared with itself only. */
export function pageBody(p: PageAnalysis, doc: number): number {
  if (!p.scanned) return doc;
  const chars = new Map<number, number>();
  for (const e of p.elems) if (e.kind === 'text') chars.set(e.size, (chars.get(e.size) ?? 0) + e.text.length);
  const [size, n] = [...chars].reduce((a, b) => (b[1] > a[1] ? b : a), [doc, 0]);
  return n >= PAGE_BODY_CHARS ? size : doc;
}

const ABSTRACT_HEAD = /^(abstract|summary|résumé|zusammenfassung|摘\s*要)$/i;
const letters = (t: string): number => (t.match(/\p{L}/gu) ?? []).length;

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
      if (e.font && Math.abs(e.size - size) < 0.6) fonts.set(e.font, (fonts.get(e.font) ?? 0) + e.text.length);
    }
  const font = [...fonts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { size, mono: all > 0 && mono / all > 0.6, font };
}

/** Is this text element a heading (before levels)? */
export function isTitle(e: Elem, bs: BodyStyle): boolean {
  const body = bs.size,
    bodyMono = bs.mono;
  if (e.kind !== 'text' || e.rotated || e.toc) return false;
  const t = e.text.trim();
  const cjk = CJK_CHAR.test(t);
  const maxLen = cjk ? 60 : 150;
  // A big bold number alone is a chapter number (a heading of its own in book and manual layouts).
  if (/^\d{1,2}$/.test(t)) return e.size >= body * 2 && e.bold >= 0.5 && e.nLines === 1;
  if (!t || t.length > maxLen || e.nLines > 3 || letters(t) < 2) return false;
  // More digits than letters: an issue or report number, a date, a reference code.
  if ((t.match(/\d/g) ?? []).length > letters(t)) return false;
  if (/[.;,:：；，。]$/.test(t) && !/^\d+(\.\d+)*\.$/.test(t)) return false;
  if (CAPTION_START.test(t)) return false;
  if (/(https?:\/\/|www\.|@)\S|\.(com|org|net|gov|edu)\b/i.test(t)) return false; // addresses, not headings
  // Code; a short line set well above the body size is a heading in a typewriter display face.
  if (e.mono > 0.8 && !bodyMono && !(e.size >= body * 1.3 && e.nLines <= 2)) return false;
  const numbered = NUMBERED_HEADING.test(t);
  if (e.size >= body * 1.15) return e.nLines <= 2 || e.size >= body * 1.4;
  if (e.bold >= 0.8 && e.size >= body * 0.95 && t.length <= 100 && e.nLines <= 2) return true;
  // The abstract's own heading, bold but set smaller than the body over it (LaTeX's abstract environment).
  if (ABSTRACT_HEAD.test(t) && e.bold >= 0.8 && e.nLines === 1 && e.size >= body * 0.8) return true;
  if (numbered && e.bold >= 0.5 && e.size >= body * 0.95 && t.length <= 100) return true;
  // Set apart only by typeface and a slightly larger size.
  if (e.font && bs.font && e.font !== bs.font && e.size >= body * 1.05 && e.nLines <= 2 && t.length <= 100) return true;
  // An all-italic short line of its own (run-in style headings of manuals and books).
  if (
    e.italic >= 0.9 &&
    e.nLines === 1 &&
    e.size >= body * 0.95 &&
    t.length <= 80 &&
    /^\p{Lu}/u.test(t) &&
    t.split(/\s+/).length <= 10
  )
    return true;
  return false;
}

interface Tier {
  size: number;
  bold: boolean;
  count: number;
}

/** Title levels for every element (0 = not a title). Heading styles (size, then weight) form tiers;
 * a tier's level is 1 + the number of larger tiers used more than once (one-off cover headings do not
 * push every section down); numbering refines it and a document title goes first (title-levels.ts). */
export function assignTitles(pages: PageAnalysis[], roles: MarginRole[][], bs: BodyStyle): number[][] {
  const lineFlags = pages.map((p, pi) => {
    const own = { ...bs, size: pageBody(p, bs.size) };
    const f = p.elems.map((e, ei) => !roles[pi][ei] && isTitle(e, own));
    // Two short heading-like lines side by side on one row are table column heads or form labels.
    const vov = (a: Elem, b: Elem) => Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
    const narrow = (e: Elem) => e.bbox[2] - e.bbox[0] < 0.25 * p.width;
    const side = p.elems.map(
      (e, i) =>
        f[i] &&
        narrow(e) &&
        p.elems.some(
          (o, j) =>
            j !== i &&
            f[j] &&
            narrow(o) &&
            vov(o, e) > 0.5 * Math.min(o.bbox[3] - o.bbox[1], e.bbox[3] - e.bbox[1]) &&
            (o.bbox[0] >= e.bbox[2] || o.bbox[2] <= e.bbox[0]) &&
            Math.min(Math.abs(o.bbox[0] - e.bbox[2]), Math.abs(e.bbox[0] - o.bbox[2])) < 0.25 * p.width,
        ),
    );
    // A one-line cell beside it, top and bottom aligned: a bold row label of a table without rules.
    const gapX = (a: Elem, b: Elem) => Math.max(b.bbox[0] - a.bbox[2], a.bbox[0] - b.bbox[2]);
    const cell = p.elems.map(
      (e, i) =>
        f[i] &&
        e.nLines === 1 &&
        p.elems.some(
          (o, j) =>
            j !== i &&
            !f[j] &&
            o.kind === 'text' &&
            o.nLines === 1 &&
            Math.abs(o.bbox[1] - e.bbox[1]) < 0.3 * e.size &&
            Math.abs(o.bbox[3] - e.bbox[3]) < 0.3 * e.size &&
            gapX(e, o) > 0 &&
            gapX(e, o) < 0.3 * p.width,
        ),
    );
    return f.map((v, i) => v && !side[i] && !cell[i]);
  });
  const flags = filterByContext(pages, roles, lineFlags, bs.size);
  const tiers: Tier[] = [];
  const tierOf = (e: Elem): Tier | undefined =>
    tiers.find((t) => Math.abs(t.size - e.size) < 0.6 && t.bold === e.bold >= 0.5);
  const each = (f: (e: Elem, pi: number, ei: number) => void) =>
    pages.forEach((p, pi) =>
      p.elems.forEach((e, ei) => {
        if (flags[pi][ei]) f(e, pi, ei);
      }),
    );
  each((e) => {
    const t = tierOf(e);
    if (t) t.count++;
    else tiers.push({ size: e.size, bold: e.bold >= 0.5, count: 1 });
  });
  const above = (a: Tier, b: Tier) => a.size > b.size + 0.3 || (Math.abs(a.size - b.size) <= 0.3 && a.bold && !b.bold);
  const tierLevel = (t: Tier) => 1 + tiers.filter((x) => x !== t && x.count >= 2 && above(x, t)).length;
  const heads: Heading[] = [];
  each((e, pi, ei) => {
    const t = tierOf(e)!;
    heads.push({ pi, ei, e, tier: tiers.indexOf(t), tierLevel: tierLevel(t) });
  });
  const ranks = styleRanks(pages, heads);
  const out = pages.map((p) => p.elems.map(() => 0));
  heads.forEach((h, i) => {
    out[h.pi][h.ei] = ranks[i];
  });
  return closeLevelGaps(out).map((p) => p.map((l) => Math.min(6, l)));
}
