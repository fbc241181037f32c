// Running headers and footers: margin text that repeats across pages (same text with the digits folded,
// or the same spot on many pages), page numbers, a line over a head rule, and — for a single page — small text
// at the very edge.
import type { Elem, PageAnalysis } from '../model.ts';
import { CJK_CHAR, PAGE_NUMBER, repetitionKey } from '../analysis/text.ts';
import { PAGE_BANDS } from '../analysis/bands.ts';

const RUNNING_HEAD = /^(\d{1,4}|[ivxlc]{1,6})\s+\S.*\D$|^\S.*\D\s+(\d{1,4}|[ivxlc]{1,6})$/i;
/** A line ending in a date ("…, March 2025", "June 3, 2024"): its number is a year, not a page number. */
const DATE_END = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2},?\s+)?(19|20)\d\d$/i;

export type MarginRole = 'header' | 'footer' | 'sider' | null;

/** Thresholds of headers and footers (places as shares of the page, sizes as multiples of the body size). */
const MARGINS = {
  /** Running heads are set no larger than the body (a little rounding allowed). */
  bodySize: 1.05,
  /** A running head or ruled line has at most this many characters; a bare running head at most `headChars`. */
  lineChars: 100,
  headChars: 80,
  /** Not bold (share of characters). */
  bold: 0.5,
  /** A line on the same row as a header: centres within half the header's height. */
  sameRow: 0.5,
  /** Repeats on a quarter of the document's text pages (2 at least; 3 for the same place). */
  repeatShare: 0.25,
  /** Place keys: rows in hundredths of the page's height, edges in fortieths of its width. */
  rowSteps: 100,
  edgeSteps: 40,
  /** One page: a line within this edge band, set apart by 1.5 times its height, or by half of it and a size
   * differing by a fifth. */
  edge: 0.08,
  apart: 1.5,
  nearApart: 0.5,
  otherSize: 0.2,
} as const;
const M = MARGINS;

const bandOf = (e: Elem, p: PageAnalysis): 'top' | 'bottom' | null => {
  if (e.kind !== 'text' || e.nLines > 3) return null;
  if (e.bbox[3] <= PAGE_BANDS.running * p.height) return 'top';
  if (e.bbox[1] >= (1 - PAGE_BANDS.running) * p.height) return 'bottom';
  return null;
};

/** Place keys: the same band row with the same left edge, or the same right edge (right-aligned heads). */
const posKeys = (e: Elem, p: PageAnalysis, band: string): string[] => {
  const row = `${band}:${Math.round((e.bbox[1] / p.height) * M.rowSteps)}:${Math.round(e.size)}`;
  return [
    `${row}:L${Math.round((e.bbox[0] / p.width) * M.edgeSteps)}`,
    `${row}:R${Math.round((e.bbox[2] / p.width) * M.edgeSteps)}`,
  ];
};

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
      for (const k of posKeys(e, p, band)) note(posCount, k, p.pageNum);
    }
  }
  const minRepeat = Math.max(2, Math.ceil(M.repeatShare * textPages));
  return pages.map((p) => {
    const roles = p.elems.map((e) => roleOf(e, p));
    // A page number (or a running head carrying one, or set over a head rule) a bit lower or higher than the
    // band, as the outermost line.
    p.elems.forEach((e, i) => {
      const ruled = e.headRule && e.size <= bodySize * M.bodySize && e.text.trim().length <= M.lineChars;
      const top = e.bbox[3] <= PAGE_BANDS.outer * p.height,
        bottom = e.bbox[1] >= (1 - PAGE_BANDS.outer) * p.height;
      if (
        roles[i] ||
        e.kind !== 'text' ||
        e.nLines > 1 ||
        !(top || bottom) ||
        !(PAGE_NUMBER.test(e.text.trim()) || runningHead(e) || ruled)
      )
        return;
      const outer = p.elems.every((o) => o === e || (top ? o.bbox[1] >= e.bbox[1] - 1 : o.bbox[3] <= e.bbox[3] + 1));
      if (outer) roles[i] = top ? 'header' : 'footer';
    });
    // Lines on the same row as a header/footer line (running title beside its page number); the mate is
    // looked for only near the top or bottom (a table page has hundreds of short lines).
    p.elems.forEach((e, i) => {
      if (
        roles[i] ||
        e.kind !== 'text' ||
        e.nLines > 2 ||
        !(e.bbox[3] <= PAGE_BANDS.outer * p.height || e.bbox[1] >= (1 - PAGE_BANDS.outer) * p.height)
      )
        return;
      const mate = p.elems.findIndex(
        (o, j) =>
          (roles[j] === 'header' || roles[j] === 'footer') &&
          !o.rotated &&
          o.nLines <= 2 &&
          Math.abs((o.bbox[1] + o.bbox[3]) / 2 - (e.bbox[1] + e.bbox[3]) / 2) < M.sameRow * (o.bbox[3] - o.bbox[1]),
      );
      if (mate >= 0) roles[i] = roles[mate];
    });
    return roles;
  });

  function runningHead(e: Elem): boolean {
    const text = e.text.trim();
    return (
      e.nLines === 1 &&
      text.length <= M.headChars &&
      e.bold < M.bold &&
      e.size <= bodySize * M.bodySize &&
      RUNNING_HEAD.test(text) &&
      !DATE_END.test(text)
    );
  }

  function roleOf(e: Elem, p: PageAnalysis): MarginRole {
    // Rotated text in the side margin (archive stamps, vertical running heads).
    if (
      e.rotated &&
      e.kind === 'text' &&
      !CJK_CHAR.test(e.text) &&
      (e.bbox[2] <= PAGE_BANDS.side * p.width || e.bbox[0] >= (1 - PAGE_BANDS.side) * p.width)
    )
      return 'sider';
    const band = bandOf(e, p);
    if (!band) return null;
    const role: MarginRole = band === 'top' ? 'header' : 'footer';
    const text = e.text.trim();
    if (PAGE_NUMBER.test(text)) return role;
    // A short running head that carries the page number at one end: "2 Z. Shen et al.", "Chapter 2. Roles 11";
    // at the foot, the lowest text (a footnote "1 See …" has the footer below it).
    const lowest =
      band === 'top' ||
      p.elems.every(
        (o) =>
          o === e ||
          o.kind !== 'text' ||
          o.bbox[3] <= e.bbox[1] + 1 ||
          Math.abs(o.bbox[1] + o.bbox[3] - e.bbox[1] - e.bbox[3]) < e.bbox[3] - e.bbox[1],
      );
    if (runningHead(e) && lowest) return role;
    if (textPages >= 2) {
      if ((textCount.get(band + repetitionKey(text))?.size ?? 0) >= minRepeat) return role;
      // Running heads that change text (chapter names) but keep their place and a body-or-smaller size.
      const samePlace = Math.max(...posKeys(e, p, band).map((k) => posCount.get(k)?.size ?? 0));
      if (
        samePlace >= Math.max(3, Math.ceil(M.repeatShare * textPages)) &&
        e.size <= bodySize * M.bodySize &&
        e.nLines <= 2
      )
        return role;
      return null;
    }
    // One page: a short line at the very edge, set apart from the body (by space, or by less space and
    // another size: a journal line over the title) and not larger than it.
    const edge = band === 'top' ? e.bbox[3] <= M.edge * p.height : e.bbox[1] >= (1 - M.edge) * p.height;
    if (!edge || e.nLines > 1 || text.length > M.lineChars || e.size > bodySize * M.bodySize) return null;
    const h = e.bbox[3] - e.bbox[1];
    const gapTo = (o: Elem) => (band === 'top' ? o.bbox[1] - e.bbox[3] : e.bbox[1] - o.bbox[3]);
    const apart = p.elems.every(
      (o) =>
        o === e ||
        (band === 'top' ? o.bbox[3] <= e.bbox[3] : o.bbox[1] >= e.bbox[1]) ||
        gapTo(o) >= M.apart * h ||
        (gapTo(o) >= M.nearApart * h && Math.abs(o.size - e.size) >= M.otherSize * e.size),
    );
    return apart ? role : null;
  }
}
