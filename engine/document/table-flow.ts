// Tables that a column or page break cut in two: the part at the head of the next column (to the right,
// starting higher) or of the next page (as wide) with the same number of grid columns goes
// on with the table before it. The Markdown joins them into one table (a header row the second part repeats
// is dropped: joinTables in shared/markdown/join.ts); the JSON keeps a block per column and page, as it does
// for paragraphs.
import type { Elem } from '../model.ts';

/** Grid columns of a table's first row (colspans summed). */
function columns(html: string): number {
  const row = /<tr>(.*?)<\/tr>/.exec(html)?.[1] ?? '';
  return [...row.matchAll(/<td(?:[^>]*colspan="(\d+)")?[^>]*>/g)].reduce((n, m) => n + Number(m[1] ?? 1), 0);
}

/** Does table `next` go on with table `prev`: in the next column of the page, or (nextPage) at the head of
 * the next page? */
export function tableGoesOn(prev: Elem, next: Elem, pageWidth: number, nextPage: boolean): boolean {
  if (
    prev.kind !== 'table' ||
    next.kind !== 'table' ||
    columns(prev.text) !== columns(next.text) ||
    !columns(prev.text)
  )
    return false;
  const w = (e: Elem) => e.bbox[2] - e.bbox[0];
  if (nextPage) return Math.abs(w(prev) - w(next)) < 0.1 * w(prev); // the same column width (another column may hold it)
  return (
    next.bbox[0] >= prev.bbox[2] - 0.02 * pageWidth &&
    next.bbox[1] < prev.bbox[1] &&
    Math.abs(w(prev) - w(next)) < 0.2 * w(prev)
  );
}
