// The page stage's thresholds, one object per concern, each value with its reason. Sizes are in font sizes
// (ems) of the line or element at hand unless said otherwise; shares are of the box or page named. The
// formulas' own are in formulas/thresholds.ts, the margin bands in analysis/bands.ts.

/** Which lines the page's regions (figures, drawn formulas, tables) take from the running text (page.ts). */
export const REGIONS = {
  /** A line this share inside a figure or a drawn formula is part of it (a label on a chart)… */
  inside: 0.7,
  /** …and one whose centre lies within a table grown by this many points is a cell's. */
  tableSlack: -1,
} as const;

/** Which short segments in a margin band are margin lines, not the body (page-parts.ts). */
export const MARGIN_LINES = {
  /** A margin line has at most this many lines (a running head, a page number, a two-line footer). */
  maxLines: 3,
  /** A body paragraph beside it has at least this many lines (narrow margins: a column's head level with it). */
  paragraphLines: 3,
  /** Level with it means sharing more than this share of the margin line's height. */
  level: 0.5,
} as const;

/** A lone section number or list mark joined to the text on its right (markers.ts). */
export const MARKERS = {
  /** On the text's row: vertical centres within this share of the larger size. */
  row: 0.5,
  /** The text may start this many points left of the mark's right edge (touching boxes)… */
  overlap: -0.5,
  /** …and at most this many sizes right of it (a hanging indent's gap). */
  reach: 6,
  /** A section number and its heading differ in size by less than this share (else it is a margin number). */
  headingSize: 0.15,
} as const;

/** A segment's element (page-elems.ts segElem). */
export const SEGMENT_ELEM = {
  /** A segment this mono (share of monospaced chars) on a page that may hold code is a code block. */
  codeMono: 0.8,
  /** Its first line starting this many sizes right of the segment's left edge is an indent. */
  indent: 0.6,
  /** A last line ending this many sizes short of the right edge ends its paragraph. */
  shortLast: 3,
} as const;

/** Two consecutive text elements that are one paragraph split by mupdf (page-elems.ts mergeParagraphs). */
export const PARAGRAPH = {
  /** Sizes within this share of each other. */
  size: 0.1,
  /** Sizes within this many points count as one font (a face changed mid-paragraph). */
  sameFontSize: 0.4,
  /** Bold, italic and mono shares within this of each other: the same face. */
  face: 0.4,
  /** The gap between them, in sizes: from this overlap… */
  gapMin: -0.3,
  /** …to under a line's leading. */
  gapMax: 0.8,
  /** They overlap horizontally by this share of the narrower. */
  overlap: 0.6,
  /** Their left edges (flush left) or centres (centred) within this many sizes. */
  align: 2,
} as const;

/** A caption beside its figure or table (page-elems.ts markCaptions). */
export const CAPTION = {
  /** At most this many sizes above or below it… */
  gap: 3,
  /** …plus this many points. */
  gapPoints: 6,
} as const;

/** A running head set over a rule (page-elems.ts markHeadRule). */
export const HEAD_RULE = {
  /** The head ends within this share of the page height from the top. */
  top: 0.15,
  /** The rule is at most this many points thick… */
  thickness: 1.5,
  /** …at least this share of the page width… */
  width: 0.3,
  /** …and reaches the head's ends, starting under its bottom, within this many points. */
  reach: 1,
} as const;

/** Code blocks (code.ts). */
export const CODE = {
  /** A page whose monospaced chars are under this share of its text may hold code (most of it is prose)… */
  monoPage: 0.5,
  /** …a line this mono is a monospaced line… */
  monoLine: 0.8,
  /** …and a page of monospaced lines holds code when this share of them has code syntax… */
  syntax: 0.5,
  /** …and under this share read as prose. */
  prose: 0.2,
  /** A prose line has more than this share of lower-case letters. */
  lowerCase: 0.6,
  /** Pieces of one row of a listing have centres within this share of the size. */
  row: 0.4,
  /** The width of a monospaced char, in sizes, when the line does not give it. */
  charWidth: 0.6,
  /** Side-by-side code segments of one listing: sizes within this many points… */
  columnSize: 0.5,
  /** …and at most this many sizes apart. */
  columnGap: 12,
  /** Consecutive code elements join across a gap from this many sizes… */
  gapMin: -0.3,
  /** …to this many (one blank line inside a listing). */
  gapMax: 2.6,
} as const;
