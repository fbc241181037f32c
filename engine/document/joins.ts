// Cross-column and cross-page joins: a paragraph or table the foot of a column cut off goes on at the head
// of the next column (one paragraph or table in the Markdown; the JSON keeps a block per column), and a page
// whose first paragraph goes on with the previous page's last one says so (merge_content_from_pre_page).
// A table goes on at the head of the next column (to the right, starting higher) or of the next page (as
// wide) when it has as many grid columns; the Markdown joins the parts (a header row the second part repeats
// is dropped: joinTables in shared/markdown/join.ts).
import type { Block, Page } from '../../shared/somark.ts';
import type { ParseOptions } from '../types.ts';
import type { Elem, PageAnalysis } from '../model.ts';
import { CJK_CHAR, END_OF_SENTENCE, startsLikeContinuation } from '../analysis/text.ts';

/** Thresholds of the joins (widths as shares of the page's width). */
const JOINS = {
  /** Two paragraphs of one face differ in size by less than this share. */
  sameSize: 0.05,
  /** A document's paragraphs open indented when this share of its 4+ paragraphs of several lines do. */
  indentedShare: 0.6,
  indentedMin: 4,
  /** A paragraph cut at a column's foot: 80 letters or more (a CJK char counting two) in a column at least a
   * fifth of the page wide; the next column's head no wider than 1.25 times it, starting right of it (less
   * this slack). */
  columnChars: 80,
  columnWidth: 0.2,
  nextWidth: 1.25,
  slack: 0.02,
  /** A table's part in the next column is as wide within this share; on the next page within this one. */
  tableWidth: 0.2,
  tablePageWidth: 0.1,
} as const;

const CJK_CHARS = new RegExp(CJK_CHAR.source, 'g');

/** `next` goes on with the paragraph `prev` left off: that one stops mid-sentence on a full line, and this one
 * is no list item and starts lower-case (or the previous stops on a word/comma). */
const continues = (prev: Elem, next: Elem): boolean =>
  !END_OF_SENTENCE.test(prev.text) &&
  !prev.shortLast &&
  !next.list &&
  (startsLikeContinuation(next.text) || /[\p{L}\d,\-–]$/u.test(prev.text));

/** A font's name without the object number that unnamed (Type3) fonts carry, which differs page to page. */
const face = (font: string | undefined): string => (font ?? '').replace(/\s*\(\d+ \d+ R\)$/, '');

/** `next` opens a page of a document whose paragraphs open indented and goes on with `prev`, the previous page's
 * last paragraph, though `prev` ends a sentence: `next` is not indented, and both are body text of one face. */
const goesOnIndented = (prev: Elem, next: Elem): boolean =>
  !prev.shortLast &&
  prev.nLines >= 2 &&
  !next.indent &&
  !next.list &&
  next.nLines >= 2 &&
  face(prev.font) === face(next.font) &&
  Math.abs(prev.size - next.size) < JOINS.sameSize * next.size;

/** `next` heads the column right of `prev`'s (starting higher, no wider) and goes on with its paragraph, a
 * real one (several lines of a column a fifth of the page wide or more, 80 letters, a CJK char counting two:
 * not a label of a form or a grid), starting lower-case (a capital at a column head is more often a masthead
 * or a new block than a name). */
function nextColumn(prev: Elem, next: Elem, pageWidth: number): boolean {
  const w = prev.bbox[2] - prev.bbox[0];
  return (
    prev.nLines >= 2 &&
    prev.text.length + (prev.text.match(CJK_CHARS)?.length ?? 0) >= JOINS.columnChars &&
    w >= JOINS.columnWidth * pageWidth &&
    next.bbox[2] - next.bbox[0] <= JOINS.nextWidth * w &&
    next.bbox[0] >= prev.bbox[2] - JOINS.slack * pageWidth &&
    next.bbox[1] < prev.bbox[3] &&
    continues(prev, next) &&
    startsLikeContinuation(next.text)
  );
}

/** Grid columns of a table's first row (colspans summed). */
function columns(html: string): number {
  const row = /<tr>(.*?)<\/tr>/.exec(html)?.[1] ?? '';
  return [...row.matchAll(/<td(?:[^>]*colspan="(\d+)")?[^>]*>/g)].reduce((n, m) => n + Number(m[1] ?? 1), 0);
}

/** Does table `next` go on with table `prev`: in the next column of the page, or (nextPage) at the head of
 * the next page? */
function tableGoesOn(prev: Elem, next: Elem, pageWidth: number, nextPage: boolean): boolean {
  if (
    prev.kind !== 'table' ||
    next.kind !== 'table' ||
    columns(prev.text) !== columns(next.text) ||
    !columns(prev.text)
  )
    return false;
  const w = (e: Elem) => e.bbox[2] - e.bbox[0];
  if (nextPage) return Math.abs(w(prev) - w(next)) < JOINS.tablePageWidth * w(prev); // the same column width (another column may hold it)
  return (
    next.bbox[0] >= prev.bbox[2] - JOINS.slack * pageWidth &&
    next.bbox[1] < prev.bbox[1] &&
    Math.abs(w(prev) - w(next)) < JOINS.tableWidth * w(prev)
  );
}

const isFlow = (b: Block): boolean =>
  b.type !== 'header' && b.type !== 'footer' && b.type !== 'footnote' && b.type !== 'sider';

/** The blocks that go on with the flow block before them (the Markdown joins them); sets each page's
 * merge_content_from_pre_page. `elems[pi][bi]` is the element of block bi of page pi. */
export function joinFlow(pages: Page[], analyses: PageAnalysis[], elems: Elem[][], opts: ParseOptions): Set<Block> {
  const multi = analyses.flatMap((p) => p.elems.filter((e) => e.kind === 'text' && e.nLines >= 2));
  const indented =
    multi.length >= JOINS.indentedMin && multi.filter((e) => e.indent).length >= JOINS.indentedShare * multi.length;
  const joins = new Set<Block>();
  let prevLast: { e: Elem; type: string } | null = null;
  for (const [pi, page] of pages.entries()) {
    const width = analyses[pi].width;
    let pageLast: { e: Elem; type: string } | null = null;
    for (const [bi, b] of page.blocks.entries()) {
      if (!isFlow(b)) continue;
      const e = elems[pi][bi],
        type = b.type;
      if (type === 'text' && pageLast?.type === 'text' && nextColumn(pageLast.e, e, width)) joins.add(b);
      // So does a table; at the head of the next page only when tables may cross pages.
      if (
        type === 'table' &&
        (pageLast
          ? tableGoesOn(pageLast.e, e, width, false)
          : opts.featureConfig.enable_table_cross_page &&
            prevLast?.type === 'table' &&
            tableGoesOn(prevLast.e, e, width, true))
      )
        joins.add(b);
      // The page opens with the rest of the previous page's last paragraph. So does a paragraph cut at a
      // sentence's end, in a document whose paragraphs open indented: the page opens with an unindented block
      // of several lines, in the face and size of the paragraph (of several lines, its last one full) that
      // ended the previous page: not after an ornament, a colophon or a title.
      if (
        !pageLast &&
        type === 'text' &&
        prevLast?.type === 'text' &&
        (continues(prevLast.e, e) || (indented && goesOnIndented(prevLast.e, e)))
      )
        page.merge_content_from_pre_page = true;
      pageLast = { e, type };
      prevLast = { e, type };
    }
  }
  return joins;
}
