// The page stage's working state: one page as PAGE_STEPS (page.ts) fill it in, and the things on it that
// the reading order places.
import type { RawBlock, RawPage, Rect } from '../raw.ts';
import type { Elem } from '../model.ts';
import type { Segment } from '../analysis/segment.ts';
import type { Figure } from '../analysis/figures.ts';
import type { TableFound } from './tables/ruled.ts';
import type { FormulaArt } from './formulas/formula-art.ts';

/** What the page analysis keeps of a figure for the crop writer. */
export interface FigureElem extends Elem {
  images: number[];
}

/** A thing on the page the reading order places: a text segment, a figure, a table or a drawn formula. */
export type Item =
  | { kind: 'seg'; bbox: Rect; seg: Segment }
  | { kind: 'fig'; bbox: Rect; fig: Figure }
  | { kind: 'table'; bbox: Rect; table: TableFound }
  | { kind: 'art'; bbox: Rect; art: FormulaArt };

/** One page as the steps fill it in, in the order they run. */
export interface PageWork {
  /** The page, its lines mended (mendPageLines). */
  raw: RawPage;
  pageNum: number;
  /** Chars of the text layer, and whether the page is one scanned picture (findScanned). */
  chars: number;
  scanned: boolean;
  /** Regions that take lines from the running text. */
  tables: TableFound[];
  figs: Figure[];
  arts: FormulaArt[];
  /** The text blocks left once the regions took their lines (takeRegionLines). */
  blocks: RawBlock[];
  segs: Segment[];
  /** Segments and regions in reading order (orderItems). */
  items: Item[];
  elems: Elem[];
  figures: { elem: FigureElem }[];
}

/** A step of the page stage: reads and fills in the PageWork. */
export type PageStep = (p: PageWork) => void;
