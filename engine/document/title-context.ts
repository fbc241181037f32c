// Heading candidates judged by their place on the page and in the document (titles.ts judges each line
// alone): cover-page furniture, a line stranded at the foot of a page, subtitles and bylines.
import type { Elem, PageAnalysis } from '../model.ts';
import type { MarginRole } from './headers.ts';
import { NUMBERED_HEADING } from '../analysis/text.ts';

/** Thresholds of a title's context (sizes as multiples of the body size unless said otherwise). */
const TITLE_CONTEXT = {
  /** A heading starting below this share of the page's height with nothing under it is a logo or slogan. */
  foot: 0.85,
  /** A subtitle: not bold (share of characters), the heading over it larger by this factor… */
  subtitleBold: 0.5,
  headingOver: 1.3,
  /** …and itself set under this size (else a byline may still be: see below). */
  subtitleSize: 1.15,
  /** A byline: under this size, centred on the heading's axis within half its size, narrower than this
   * share of the page. */
  bylineSize: 1.3,
  bylineAxis: 0.5,
  bylineWidth: 0.8,
  /** Body paragraphs: 3+ lines within this share of the body size; covering this share of the page, they
   * make it an opening page of text rather than a cover. */
  bodySize: 0.15,
  prose: 0.2,
  /** A cover's title is at least this size; other headings under this share of it are no section headings. */
  coverTitle: 2,
  coverOthers: 0.9,
} as const;

const isFlow = (e: Elem, role: MarginRole): boolean => !role && e.kind !== 'figure';

/** Drops candidates that their surroundings show are no headings; flags[i] is the per-line verdict. */
export function filterByContext(
  pages: PageAnalysis[],
  roles: MarginRole[][],
  flags: boolean[][],
  body: number,
): boolean[][] {
  const C = TITLE_CONTEXT;
  return pages.map((p, pi) => {
    const f = [...flags[pi]];
    const r = roles[pi];
    // Typesetters keep a heading with the text that follows it: a "heading" low on the page with nothing
    // below it is a logo, a brand line or a slogan.
    p.elems.forEach((e, i) => {
      if (!f[i] || e.bbox[1] < C.foot * p.height) return;
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
        e.size < body * C.bylineSize &&
        Math.abs(axis(e) - axis(h)) < C.bylineAxis * e.size &&
        e.bbox[2] - e.bbox[0] < C.bylineWidth * p.width;
      if (
        f[i] &&
        prev >= 0 &&
        f[prev] &&
        e.bold < C.subtitleBold &&
        h.size > e.size * C.headingOver &&
        (e.size < body * C.subtitleSize || byline())
      )
        f[i] = false;
      prev = i;
    });
    // A cover (first or last page, at most a blurb of body text, a display-size title): only the title
    // itself counts; series names, blurbs and "Front cover" labels around it are no section headings. A
    // page whose body paragraphs fill a fifth of it or more is an opening page of text, not a cover.
    const edgePage = pages.length >= 2 && (pi === 0 || pi === pages.length - 1);
    const prose = p.elems.reduce(
      (a, e, i) =>
        !r[i] && e.kind === 'text' && e.nLines >= 3 && Math.abs(e.size - body) <= C.bodySize * body
          ? a + (e.bbox[2] - e.bbox[0]) * (e.bbox[3] - e.bbox[1])
          : a,
      0,
    );
    const paragraph = prose >= C.prose * p.width * p.height;
    const top = Math.max(0, ...p.elems.filter((_, i) => f[i]).map((e) => e.size));
    if (edgePage && !paragraph && top >= C.coverTitle * body) {
      p.elems.forEach((e, i) => {
        if (f[i] && e.size < C.coverOthers * top && !NUMBERED_HEADING.test(e.text.trim())) f[i] = false;
      });
    }
    return f;
  });
}
