// Heading candidates judged by their place on the page and in the document (titles.ts judges each line
// alone): cover-page furniture, a line stranded at the foot of a page, subtitles; and the level clean-up.
import type { Elem, PageAnalysis } from '../model.ts';
import type { MarginRole } from './headers.ts';
import { NUMBERED_HEADING } from '../analysis/text.ts';

const isFlow = (e: Elem, role: MarginRole): boolean => !role && e.kind !== 'figure';

/** Drops candidates that their surroundings show are no headings; flags[i] is the per-line verdict. */
export function filterByContext(
  pages: PageAnalysis[],
  roles: MarginRole[][],
  flags: boolean[][],
  body: number,
): boolean[][] {
  return pages.map((p, pi) => {
    const f = [...flags[pi]];
    const r = roles[pi];
    // Typesetters keep a heading with the text that follows it: a "heading" low on the page with nothing
    // below it is a logo, a brand line or a slogan.
    p.elems.forEach((e, i) => {
      if (!f[i] || e.bbox[1] < 0.85 * p.height) return;
      if (!p.elems.some((o, j) => j !== i && !r[j] && o.bbox[1] >= e.bbox[3] - 1)) f[i] = false;
    });
    // A smaller plain line right under a heading, set apart only by italics or typeface: its subtitle; or,
    // centred on the heading's axis and up to 1.3 times the body, its byline (\maketitle's author, date).
    let prev = -1;
    const axis = (e: Elem) => (e.bbox[0] + e.bbox[2]) / 2;
    p.elems.forEach((e, i) => {
      if (!isFlow(e, r[i])) return;
      const h = p.elems[prev];
      const byline = () =>
        e.size < body * 1.3 && Math.abs(axis(e) - axis(h)) < 0.5 * e.size && e.bbox[2] - e.bbox[0] < 0.8 * p.width;
      if (f[i] && prev >= 0 && f[prev] && e.bold < 0.5 && h.size > e.size * 1.3 && (e.size < body * 1.15 || byline()))
        f[i] = false;
      prev = i;
    });
    // A cover (first or last page, at most a blurb of body text, a display-size title): only the title
    // itself counts; series names, blurbs and "Front cover" labels around it are no section headings. A
    // page whose body paragraphs fill a fifth of it or more is an opening page of text, not a cover.
    const edgePage = pages.length >= 2 && (pi === 0 || pi === pages.length - 1);
    const prose = p.elems.reduce(
      (a, e, i) =>
        !r[i] && e.kind === 'text' && e.nLines >= 3 && Math.abs(e.size - body) <= 0.15 * body
          ? a + (e.bbox[2] - e.bbox[0]) * (e.bbox[3] - e.bbox[1])
          : a,
      0,
    );
    const paragraph = prose >= 0.2 * p.width * p.height;
    const top = Math.max(0, ...p.elems.filter((_, i) => f[i]).map((e) => e.size));
    if (edgePage && !paragraph && top >= 2 * body) {
      p.elems.forEach((e, i) => {
        if (f[i] && e.size < 0.9 * top && !NUMBERED_HEADING.test(e.text.trim())) f[i] = false;
      });
    }
    return f;
  });
}

/** Levels never skip: each heading nests under the nearest earlier heading of a higher style level,
 * one step below it, and the first heading is at level 1 (a document title set smaller than its section
 * headings does not become their child; styles used only deep down do not leave empty levels). */
export function closeLevelGaps(levels: number[][]): number[][] {
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
