// The page stage: one raw page (text layer or OCR) → its elements in reading order (a serialisable
// PageAnalysis) and the figures the crop writer renders. Its steps are the list PAGE_STEPS below, run in
// order over one PageWork (page-work.ts); read it top to bottom. Each step's body is in page-regions.ts
// (regions that take lines from the text) or page-text.ts (text, reading order, elements).
import type { RawPage } from '../raw.ts';
import type { PageAnalysis } from '../model.ts';
import type { FigureElem, PageStep, PageWork } from './page-work.ts';
import {
  findBorderlessTables,
  findFigures,
  findFormulaArt,
  findRuledTables,
  findScanned,
  findVectorFigures,
  mendPageLines,
  splitFractions,
  takeRegionLines,
} from './page-regions.ts';
import {
  makeElems,
  markPageCaptions,
  markRunningHead,
  mergeElems,
  orderItems,
  segmentText,
  toPageRotation,
} from './page-text.ts';

/** The page stage, in order. */
const PAGE_STEPS: readonly PageStep[] = [
  mendPageLines, // lines mupdf split or ran together put right (analysis/mend-lines.ts)
  findScanned, // a page that is one picture: one figure, no tables or formulas (source/ocr-pages.ts)
  findRuledTables, // tables drawn with rules (tables/ruled.ts)
  findFigures, // raster images that are figures, not text backgrounds (analysis/figures.ts)
  findVectorFigures, // drawings, joined to a figure they touch (analysis/vector-figures.ts)
  findFormulaArt, // display formulas drawn without text: equations, not figures (formulas/formula-art.ts)
  findBorderlessTables, // tables without rules, from the body lines no region took (tables/borderless.ts)
  takeRegionLines, // lines inside a figure, drawn formula or table leave the running text
  splitFractions, // fractions drawn as a rule between two lines (formulas/fractions.ts)
  segmentText, // lines → segments; marks and code columns joined (analysis/segment.ts, markers.ts, code.ts)
  orderItems, // margin lines, body, rotated text, each in reading order (reading-order/page.ts)
  makeElems, // items → elements: text, code, equations, figures, tables (page-elems.ts)
  mergeElems, // paragraphs mupdf split, listings, equation numbers (page-elems.ts, code.ts, formulas/)
  markPageCaptions, // captions beside a figure or table (page-elems.ts)
  markRunningHead, // the topmost line set over a rule: a running head for the assembly (page-elems.ts)
  toPageRotation, // boxes back into the frame of the unrotated page (pdf/frame.ts)
];

/** One page → its elements in reading order, and its figures for the crop writer. */
export function analyseRawPage(raw: RawPage, pageNum: number): { page: PageAnalysis; figures: { elem: FigureElem }[] } {
  const p: PageWork = {
    raw,
    pageNum,
    chars: 0,
    scanned: false,
    tables: [],
    figs: [],
    arts: [],
    blocks: raw.blocks,
    segs: [],
    items: [],
    elems: [],
    figures: [],
  };
  for (const step of PAGE_STEPS) step(p);
  const { pageWidth: width, pageHeight: height } = p.raw;
  return { page: { pageNum, width, height, scale: 2, scanned: p.scanned, elems: p.elems }, figures: p.figures };
}
