// The page analysis's thresholds, one object per concern, each value with its reason. Sizes are in font sizes
// (ems) of the line at hand and heights in line heights unless said otherwise. The margin bands are in
// bands.ts; the reading order's in reading-order/thresholds.ts.

/** Lines → segments (segment.ts). */
export const SEGMENT = {
  /** A weight or slant change splits only between a line at least this bold (or italic)… */
  styleFull: 0.9,
  /** …and one under this: run-in bold labels ("NOTE: the …") stay in their paragraph. */
  styleRegular: 0.5,
  /** A line continues a segment whose size is within this share of the larger. */
  size: 0.12,
  /** Another typeface at a size this many points off is a heading set apart by font. */
  fontSize: 0.4,
  /** Monospaced shares further apart than this: code beside prose. */
  mono: 0.6,
  /** A block is tightly set when its stacked pairs' median gap is under this share of a line… */
  tightGap: 0.9,
  /** …counting pairs no further apart than this many lines… */
  pairGap: 2,
  /** …and a pair at up to this share over its pitch is not a paragraph gap. */
  pitch: 1.08,
  /** The next line starts from this overlap (lines)… */
  gapMin: -0.5,
  /** …to this gap (lines): more is a paragraph gap. */
  gapMax: 0.75,
  /** It overlaps the last line horizontally by this share of the narrower… */
  overlap: 0.3,
  /** …or starts within this many sizes of its left edge. */
  align: 1.5,
  /** A note's mark hung out this many sizes left of the lines above opens a new note. */
  hanging: 0.5,
  /** A sentence-final line ending this many sizes short of the right edge ends its paragraph. */
  shortLast: 4,
  /** A first line indented this many sizes after a short last line opens a paragraph… */
  indent: 0.8,
  /** …short meaning ending this many sizes before the right edge. */
  indentShort: 2,
  /** A line is tried against the last this many open segments (interleaved columns in one block). */
  lookBack: 4,
} as const;

/** Pieces of one row joined again before segmenting (row-join.ts). */
export const ROW_JOIN = {
  /** Vertical CJK glyphs stack when their sides line up within this many sizes… */
  cjkColumn: 0.3,
  /** …from this overlap… */
  cjkGapMin: -0.5,
  /** …to this gap below the glyph above. */
  cjkGapMax: 0.6,
  /** A raised note mark or exponent has at most this many chars… */
  raisedChars: 3,
  /** …a size at most this share of the line's… */
  raisedSize: 0.85,
  /** …and its bottom raised by at least this share of the line's size. */
  raisedLift: 0.15,
  /** Pieces on one row: bottoms within this many sizes… */
  rowBottom: 0.35,
  /** …and sizes within this many sizes of each other. */
  rowSize: 0.2,
  /** The gap between pieces of one line: from this overlap (sizes)… */
  gapMin: -0.5,
  /** …to this many sizes; wider is two columns or cells. */
  gapMax: 1.6,
  /** A gap wider than this many sizes is a space. */
  space: 0.15,
  /** A column gutter is a gap wider than this many sizes (and narrower than gapMax)… */
  gutterMin: 0.2,
  /** …whose edges line up within this many points… */
  gutterEdge: 2,
  /** …on at least this many rows. */
  gutterRows: 3,
} as const;

/** Lines put back together, and bullets written (mend-lines.ts, contents-rows.ts, bullets.ts). */
export const MEND = {
  /** A contents entry's page number starts at most this many points left of its leader's end… */
  leaderOverlap: 1,
  /** …and at most this many sizes right of it. */
  leaderReach: 3,
  /** Entries without a leader are looked for within this many lines of the leader entries… */
  bareLines: 3,
  /** …a line being this many sizes… */
  leading: 1.5,
  /** …their number's right edge within this many points of the leader entries' numbers… */
  bareRight: 1.5,
  /** …and their text ending this many sizes before it. */
  bareGap: 2,
  /** Justified pieces on one row: tops and bottoms within this many sizes. */
  justifiedRow: 0.3,
  /** A block with fewer lines than this has no justified rows to mend. */
  justifiedLines: 4,
  /** The row's edges match whole lines of the block within this many points… */
  justifiedEdge: 1,
  /** …allowing a first-line indent of this many sizes. */
  justifiedIndent: 3,
  /** No gap is over this share of the measure… */
  justifiedGap: 0.5,
  /** …and the gaps differ by less than this many sizes (justification spreads them evenly). */
  justifiedEven: 0.15,
  /** A drawn bullet is at most this many points wide… */
  dotMax: 8,
  /** …as high as wide within this many points… */
  dotSquare: 1,
  /** …between these shares of the line's size… */
  dotMin: 0.15,
  dotBig: 0.6,
  /** …this many sizes clear of the text… */
  dotClear: 0.1,
  /** …and within this many sizes of it… */
  dotReach: 1.5,
  /** …centred on the row within this many sizes. */
  dotCentre: 0.3,
  /** Bullets of one list share their left edge within this many points. */
  bulletColumn: 1,
} as const;

/** Figures from raster images (figures.ts). Lengths in points. */
export const FIGURES = {
  /** A picture narrower or lower than this is a speck (a rule, a bullet image)… */
  minSide: 16,
  /** …or smaller than this share of the page. */
  minArea: 0.004,
  /** An image of fewer pixels than this a side is a speck too. */
  minPixels: 8,
  /** An image over this share of the page… */
  background: 0.8,
  /** …under a text layer of at least this many chars is a background (or a scan with OCR text on top). */
  backgroundChars: 20,
  /** Pictures this close (points) are tiles of one. */
  touch: 2,
  /** Merging rounds at most (each can reach new neighbours). */
  rounds: 20,
  /** Text smaller than this (points) is a label on the picture, not text over a background… */
  labelSize: 8,
  /** …a line counts when this share of it lies on the picture… */
  lineInside: 0.7,
  /** …and a picture this share covered by text is a text background. */
  textCover: 0.08,
} as const;

/** Figures drawn with vector paths (vector-figures.ts). Lengths in points. */
export const VECTOR_FIGURES = {
  /** Paths closer than this are one drawing. */
  gap: 3,
  /** A page with more paths than this is not searched (a map, a vector scan). */
  maxPaths: 4000,
  /** A path over this share of the page is its background… */
  background: 0.5,
  /** …and one thinner than this, spanning this share of the page, a separator or side rule. */
  rule: 2,
  ruleSpan: 0.5,
  /** A drawing is at least this wide… */
  minWidth: 30,
  /** …this high… */
  minHeight: 20,
  /** …and this share of the page. */
  minArea: 0.01,
  /** A drawing this share inside a region already taken (an image, a table) is that region's. */
  taken: 0.5,
  /** A caption within this many sizes above or below… */
  captionGap: 3,
  /** …plus this many points names the drawing. */
  captionPoints: 4,
  /** A line this share inside the drawing is its text… */
  lineInside: 0.7,
  /** …and a drawing this share covered by text is a text box (needs a "Figure" caption). */
  textCover: 0.08,
  /** At least this many curves… */
  curves: 15,
  /** …with text covering under this share make a drawing without a caption (a chart). */
  drawingText: 0.25,
} as const;
