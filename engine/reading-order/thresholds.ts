// The reading order's thresholds, one object per concern, each value with its reason: the XY-cut of a page's
// items (XYCUT), the borderless-table test it asks (ROWS), the first order of recognised lines (LINES).

/** The page XY-cut (xycut.ts, columns.ts). Lengths in points unless said otherwise. */
export const XYCUT = {
  /** Narrowest gap between two columns: anything less is a word space or loose kerning. */
  gutter: 6,
  /** Recursion bound: past it a pathological page reads top to bottom, left to right. */
  maxDepth: 50,
  /** Two boxes overlapping by more than this share of the shorter one's height sit on one row. */
  sameRow: 0.5,
  /** A line may overhang into the gutter by this share of its width (hanging CJK punctuation, a hyphen)… */
  overhangShare: 0.06,
  /** …but by at most this many points (about one em). */
  overhangMax: 14,
  /** A cut through overhangs needs both sides at least this share of the items' height (two real columns). */
  softTall: 0.4,
  /** Both sides of a column cut span at least this share of the width (and gutter crossers leave as much)… */
  columnWidth: 0.2,
  /** …or, when narrower (labels, margin notes), at least this share of the height. */
  sideTall: 0.5,
  /** Items under both columns stay in the first when they keep its line pitch within this share of a line… */
  pitchSlack: 0.1,
  /** …or when they fill more than this share of the first column's measure. */
  belowMeasure: 0.8,
  /** At most this share of the items (and at least `crossersMin`) may cross a gutter as separators. */
  crossersShare: 0.3,
  crossersMin: 2,
  /** An item wider than this share of the width is a full-width separator (a title, a wide figure). */
  wide: 0.6,
  /** Fewer narrow items than this under a wide one do not make columns. */
  narrowMin: 4,
  /** A horizontal band needs a gap taller than this (points) between its items: touching boxes are one band. */
  bandGap: 0.5,
} as const;

/** Do both sides of a gutter share their rows, cells of a borderless table (row-aligned.ts)? */
export const ROWS = {
  /** An item shorter than this many one-line heights is one line. */
  oneLine: 1.6,
  /** Share of the smaller side's items that need a one-line partner on the other side. */
  aligned: 0.6,
  /** Partners' tops and bottoms lie within this many points. */
  edge: 2,
  /** The smaller side needs at least this many items to be a table. */
  minItems: 3,
} as const;

/** The first order of recognised lines (lines.ts), in units of the page's median line height. */
export const LINES = {
  /** A vertical gap this wide (one line height) splits columns. */
  columnGap: 1,
  /** A horizontal gap this tall (half a line) splits bands. */
  bandGap: 0.5,
} as const;
