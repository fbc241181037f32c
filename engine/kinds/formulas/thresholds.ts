// The formulas' thresholds, one object per concern, each value with its reason. Sizes are in the page's
// (or the formula's) body font size unless said otherwise. The margin band is PAGE_BANDS (analysis/bands.ts).

/** Display formulas drawn without text: glyph outlines or a picture (formula-art.ts). */
export const FORMULA_ART = {
  /** A path darker than this luma (0–255, Rec. 601 weights) is ink, not a tint. */
  darkLuma: 100,
  /** Outline pieces closer than this many sizes across… */
  glyphGapX: 1.2,
  /** …and this many sizes up or down are glyphs of one row. */
  glyphGapY: 0.3,
  /** Set glyphs: at least this many pieces… */
  glyphPieces: 3,
  /** …this share of them curves (not boxes). */
  glyphCurves: 0.6,
  /** A path or image this share inside a table or figure is that region's. */
  inside: 0.8,
  /** A path taller than this many sizes is no glyph. */
  pathHeight: 5,
  /** Anything wider than this share of the page is no formula (a rule, a banner). */
  width: 0.85,
  /** A page with more paths than this is not searched. */
  maxPaths: 4000,
  /** Images of fewer pixels than this a side are specks. */
  minPixels: 8,
  /** A gray picture at least this many times as wide as high looks like a set formula. */
  pictureRatio: 2,
  /** A formula is at least this many sizes high… */
  minHeight: 0.6,
  /** …at most this many… */
  maxHeight: 5,
  /** …and at least this many sizes wide. */
  minWidth: 1.5,
  /** A line this share inside it is text: the region is not drawn. */
  textInside: 0.3,
  /** Lines whose centre is within this many sizes of its top or bottom are on its rows. */
  row: 0.2,
  /** A caption within this many sizes makes it a figure. */
  caption: 3,
  /** Prose lines (this many chars or more)… */
  proseChars: 20,
  /** …within this many sizes above or below give its column. */
  prose: 6,
  /** Centred on that column within this share of its width… */
  centred: 0.12,
  /** …plus this many points. */
  centredPoints: 2,
} as const;

/** Display formulas set on several lines, rebuilt as one (fractions.ts, fraction-lines.ts, formula-blocks.ts). */
export const FRACTIONS = {
  /** A fraction bar or root overline is at most this many points thick… */
  ruleThickness: 1.5,
  /** …at least this many points long… */
  ruleMin: 3,
  /** …and at most this share of the page width. */
  ruleMax: 0.4,
  /** Boxes within this many points of another (a table, a brace) are inside it. */
  slack: 2,
  /** A line of math has at most this many chars. */
  maxChars: 60,
  /** A script or limit line is set under this share of the formula's size (full size at or above it). */
  small: 0.8,
  /** A brace's label lies within this many sizes under or over it. */
  braceLabel: 0.6,
  /** A limit under an operator's name starts from this overlap (sizes)… */
  limitMin: -0.3,
  /** …to this gap below it. */
  limitMax: 0.4,
  /** A line this italic is set in a math face. */
  italic: 0.5,
  /** A group taller than this many sizes is formulas stacked one under another, not one. */
  maxHeight: 5,
  /** Rules reach this many points left of the group (a root's sign stands before its overline). */
  ruleLeft: 12,
  /** Lines sharing more than this share of the lower one's height are on one row. */
  sameRow: 0.5,
  /** Stacked rows (a matrix's) start at least this many sizes apart. */
  stackedRows: 0.6,
  /** A raised or lowered glyph is set at this share of its line's size. */
  scriptSize: 0.7,
  /** Lines overlapping by more than this many sizes are on one row… */
  rowOverlap: -0.3,
  /** …and may then be an em apart, else this many sizes. */
  reach: 0.3,
  /** Lines under this many sizes apart vertically touch. */
  touch: 0.6,
  /** A line spans a rule when it covers this share of the shorter… */
  across: 0.5,
  /** …and lies within this many sizes of it. */
  acrossGap: 0.8,
  /** Prose beside a line (inline math): rows overlapping by this share of the lower line… */
  besideOverlap: 0.3,
  /** …from this many points of overlap… */
  besideMin: -1,
  /** …to this many sizes apart. */
  besideReach: 1.5,
  /** An equation number on a formula's row: centres within this many sizes. */
  tagRow: 0.6,
} as const;

/** A segment that is a display formula, and its equation number (formulas.ts). */
export const DISPLAY = {
  /** A display formula has at most this many lines… */
  maxLines: 3,
  /** …is at most this mono (else code)… */
  mono: 0.5,
  /** …has this many chars at least… */
  minChars: 3,
  /** …and at most this many. */
  maxChars: 160,
  /** Words of four letters or more fill at most this share of its chars (prose has words). */
  words: 0.3,
  /** A segment this italic on average is set in a math face. */
  italic: 0.05,
  /** An equation number on its row: centres within this many sizes. */
  tagRow: 0.6,
} as const;

/** Where glyphs sit in a formula laid out from its lines (formula-layout.ts, layout-runs.ts,
 * formula-delimiters.ts, glyphs.ts). Sizes are the main row's glyph size unless said otherwise. */
export const LAYOUT = {
  /** Glyphs at least this share of the largest letter or digit are full size (they make the main row). */
  fullSize: 0.8,
  /** A glyph this share of the main row's size, centred in it, is on the axis (as are full-size delimiters). */
  axisSize: 0.75,
  /** A big operator's glyph within this many sizes of the axis hangs on it. */
  opReach: 0.5,
  /** A glyph whose bottom is within this many sizes of the baseline… */
  baseline: 0.1,
  /** …and is over this many sizes tall stands on the main baseline. */
  baselineTall: 0.5,
  /** Rules on this level: centres from this many sizes above the axis… */
  ruleAbove: 0.8,
  /** …to this many below it. */
  ruleBelow: 0.4,
  /** A rule lies inside a wider one within this many points. */
  ruleSlack: 1,
  /** A glyph's centre this many points past a rule's end is still over or under it… */
  claimX: 0.5,
  /** …within this many sizes of it. */
  claimY: 3,
  /** A numerator and denominator on one line split at a vertical gap over this many sizes. */
  splitGap: 0.3,
  /** The denominator starts where a glyph starts under this share of the one before (x steps back). */
  stepBack: 0.3,
  /** A brace's label lies past it by this many points at most. */
  braceSlack: 1,
  /** A letter this many sizes from a `lim`-like word touches it (the word is inside a longer one). */
  wordTouch: 0.15,
  /** An integral's limits reach this many sizes right of it… */
  integralReach: 0.8,
  /** …other operators' this many sizes either side. */
  opLimitReach: 0.4,
  /** A smaller script this many sizes after one on its side belongs to it (e^{-x^{2}}). */
  scriptChain: 0.3,
  /** Glyphs of one line under this many of their sizes apart are one run. */
  runGap: 0.8,
  /** A numerator or denominator is centred on its bar within this share of its width… */
  centred: 0.25,
  /** …plus this many points, and at most this many points wider than it. */
  centredPoints: 1,
  widerPoints: 4,
  /** A raised or lowered char's centre lies this share down (or up) its line box. */
  scriptCentre: 0.3,
  /** An unmapped glyph this many ems wide is ∑ (about 1.44 in display size)… */
  sumWidth: 1.36,
  /** …this many ∏ (about 1.28). */
  prodWidth: 1.1,
  /** A radical starts its overline within this many of its own sizes… */
  rootReach: 0.35,
  /** …level with it within this many sizes. */
  rootLevel: 0.5,
  /** A glyph taller than this many of its sizes is a line box across a matrix's rows. */
  vague: 1.6,
  /** A matrix's rows are this many sizes apart at least… */
  matrixRow: 0.5,
  /** …each with a full-size glyph (this share)… */
  matrixFull: 0.75,
  /** …and its columns apart by gaps over this many sizes. */
  matrixColumn: 0.5,
} as const;
