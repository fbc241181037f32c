// Which lines are titles: short, standalone lines set larger or bolder than the body text (or numbered like
// sections), judged line by line here and by their surroundings in title-context.ts; their levels are
// title-levels.ts's. Title levels have this one home: titles.ts (is it a title), title-context.ts (does its
// place on the page and in the document confirm it), title-levels.ts (its level).
import type { Elem, PageAnalysis } from '../model.ts';
import type { MarginRole } from './headers.ts';
import { CAPTION_START, CJK_CHAR, NUMBERED_HEADING } from '../analysis/text.ts';
import { type BodyStyle, pageBody } from './body.ts';
import { filterByContext } from './title-context.ts';
import { titleLevels } from './title-levels.ts';

/** Thresholds of a title line, as multiples of the body size unless said otherwise. */
const TITLE = {
  /** Longest title in characters (CJK, others): a heading is a line or two, not a paragraph. */
  maxChars: { cjk: 60, other: 150 },
  /** A one- or two-digit chapter number alone: at least twice the body size and half bold. */
  chapterNumber: { size: 2, bold: 0.5 },
  /** A heading is mostly set in a typewriter face only in a typewriter document (else it is code)… */
  mono: 0.8,
  /** …unless set well above the body (a display face). */
  monoDisplay: 1.3,
  /** Larger than the body by this much: a heading (of up to two lines, or any length from `tall`). */
  larger: 1.15,
  tall: 1.4,
  /** Bold (share of characters) and at body size: a heading of up to `shortChars` characters. */
  bold: 0.8,
  halfBold: 0.5,
  bodySize: 0.95,
  shortChars: 100,
  /** The abstract's heading, bold though set smaller than the body (LaTeX's abstract environment). */
  abstractSize: 0.8,
  /** Another typeface and slightly larger. */
  otherFace: 1.05,
  /** An all-italic line of its own (share of characters), of at most `italicChars` characters and 10 words. */
  italic: 0.9,
  italicChars: 80,
  italicWords: 10,
  /** Heading-like lines narrower than this share of the page, side by side within it: column heads, labels. */
  narrow: 0.25,
  /** Lines of one row overlap vertically by more than this share of the shorter one. */
  sameRow: 0.5,
  /** A one-line cell beside a bold label: tops and bottoms within this share of the size, the gap under this
   * share of the page's width (a table's row label, not a heading). */
  cellAlign: 0.3,
  cellGap: 0.3,
} as const;

const ABSTRACT_HEAD = /^(abstract|summary|résumé|zusammenfassung|摘\s*要)$/i;
const letters = (t: string): number => (t.match(/\p{L}/gu) ?? []).length;

/** Is this text element a heading (before levels)? */
function isTitle(e: Elem, bs: BodyStyle): boolean {
  const body = bs.size,
    bodyMono = bs.mono;
  const T = TITLE;
  if (e.kind !== 'text' || e.rotated || e.toc) return false;
  const t = e.text.trim();
  const cjk = CJK_CHAR.test(t);
  const maxLen = cjk ? T.maxChars.cjk : T.maxChars.other;
  // A big bold number alone is a chapter number (a heading of its own in book and manual layouts).
  if (/^\d{1,2}$/.test(t))
    return e.size >= body * T.chapterNumber.size && e.bold >= T.chapterNumber.bold && e.nLines === 1;
  if (!t || t.length > maxLen || e.nLines > 3 || letters(t) < 2) return false;
  // More digits than letters: an issue or report number, a date, a reference code.
  if ((t.match(/\d/g) ?? []).length > letters(t)) return false;
  if (/[.;,:：；，。]$/.test(t) && !/^\d+(\.\d+)*\.$/.test(t)) return false;
  if (CAPTION_START.test(t)) return false;
  if (/(https?:\/\/|www\.|@)\S|\.(com|org|net|gov|edu)\b/i.test(t)) return false; // addresses, not headings
  // Code; a short line set well above the body size is a heading in a typewriter display face.
  if (e.mono > T.mono && !bodyMono && !(e.size >= body * T.monoDisplay && e.nLines <= 2)) return false;
  const numbered = NUMBERED_HEADING.test(t);
  if (e.size >= body * T.larger) return e.nLines <= 2 || e.size >= body * T.tall;
  if (e.bold >= T.bold && e.size >= body * T.bodySize && t.length <= T.shortChars && e.nLines <= 2) return true;
  // The abstract's own heading, bold but set smaller than the body over it (LaTeX's abstract environment).
  if (ABSTRACT_HEAD.test(t) && e.bold >= T.bold && e.nLines === 1 && e.size >= body * T.abstractSize) return true;
  if (numbered && e.bold >= T.halfBold && e.size >= body * T.bodySize && t.length <= T.shortChars) return true;
  // Set apart only by typeface and a slightly larger size.
  if (
    e.font &&
    bs.font &&
    e.font !== bs.font &&
    e.size >= body * T.otherFace &&
    e.nLines <= 2 &&
    t.length <= T.shortChars
  )
    return true;
  // An all-italic short line of its own (run-in style headings of manuals and books).
  return (
    e.italic >= T.italic &&
    e.nLines === 1 &&
    e.size >= body * T.bodySize &&
    t.length <= T.italicChars &&
    /^\p{Lu}/u.test(t) &&
    t.split(/\s+/).length <= T.italicWords
  );
}

/** A page's title lines judged line by line, less those a neighbour shows are table heads or row labels. */
function titleLines(p: PageAnalysis, roles: MarginRole[], bs: BodyStyle): boolean[] {
  const own = { ...bs, size: pageBody(p, bs.size) };
  const f = p.elems.map((e, ei) => !roles[ei] && isTitle(e, own));
  // Two short heading-like lines side by side on one row are table column heads or form labels.
  const vov = (a: Elem, b: Elem) => Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
  const narrow = (e: Elem) => e.bbox[2] - e.bbox[0] < TITLE.narrow * p.width;
  const side = p.elems.map(
    (e, i) =>
      f[i] &&
      narrow(e) &&
      p.elems.some(
        (o, j) =>
          j !== i &&
          f[j] &&
          narrow(o) &&
          vov(o, e) > TITLE.sameRow * Math.min(o.bbox[3] - o.bbox[1], e.bbox[3] - e.bbox[1]) &&
          (o.bbox[0] >= e.bbox[2] || o.bbox[2] <= e.bbox[0]) &&
          Math.min(Math.abs(o.bbox[0] - e.bbox[2]), Math.abs(e.bbox[0] - o.bbox[2])) < TITLE.narrow * p.width,
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
          Math.abs(o.bbox[1] - e.bbox[1]) < TITLE.cellAlign * e.size &&
          Math.abs(o.bbox[3] - e.bbox[3]) < TITLE.cellAlign * e.size &&
          gapX(e, o) > 0 &&
          gapX(e, o) < TITLE.cellGap * p.width,
      ),
  );
  return f.map((v, i) => v && !side[i] && !cell[i]);
}

/** Title levels for every element (0 = not a title): the lines judged alone, then in context, then levelled. */
export function assignTitles(pages: PageAnalysis[], roles: MarginRole[][], bs: BodyStyle): number[][] {
  const lineFlags = pages.map((p, pi) => titleLines(p, roles[pi], bs));
  return titleLevels(pages, filterByContext(pages, roles, lineFlags, bs.size));
}
