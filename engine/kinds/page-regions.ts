// The page stage's first steps (their order is PAGE_STEPS in page.ts): lines mended, then the regions that
// take lines from the running text — ruled tables, figures (raster and drawn), display formulas drawn
// without text, borderless tables — then the lines they took removed and drawn fractions rebuilt.
import type { Rect } from '../raw.ts';
import { pointIn, rectArea, rectCenter, rectInter, rectUnion } from '../raw.ts';
import { mendLines } from '../analysis/mend-lines.ts';
import { detectFigures, isTextBackground } from '../analysis/figures.ts';
import { detectVectorFigures } from '../analysis/vector-figures.ts';
import { PAGE_BANDS } from '../analysis/bands.ts';
import { isScanned, textCharCount } from '../source/ocr-pages.ts';
import { detectTables } from './tables/ruled.ts';
import { detectBorderless } from './tables/borderless.ts';
import { detectFormulaArt } from './formulas/formula-art.ts';
import { buildFractions } from './formulas/fractions.ts';
import type { PageStep, PageWork } from './page-work.ts';
import { REGIONS } from './thresholds.ts';

const tableBoxes = (p: PageWork): Rect[] => p.tables.map((t) => t.bbox);

export const mendPageLines: PageStep = (p) => {
  p.raw = { ...p.raw, blocks: mendLines(p.raw.blocks, p.raw.vectors) };
};

export const findScanned: PageStep = (p) => {
  p.chars = textCharCount(p.raw);
  p.scanned = isScanned(p.raw, p.chars);
};

export const findRuledTables: PageStep = (p) => {
  p.tables = p.scanned ? [] : detectTables(p.raw);
};

export const findFigures: PageStep = (p) => {
  const raw = p.raw;
  p.figs = p.scanned
    ? [{ bbox: [0, 0, raw.width, raw.height], images: raw.images.map((i) => i.id) }]
    : detectFigures(raw, p.chars).filter((f) => !isTextBackground(f, raw));
};

export const findVectorFigures: PageStep = (p) => {
  if (p.scanned) return;
  for (const v of detectVectorFigures(p.raw, tableBoxes(p))) {
    const hit = p.figs.find((f) => rectInter(f.bbox, v) > 0);
    if (hit) hit.bbox = rectUnion(hit.bbox, v);
    else p.figs.push({ bbox: v, images: [] });
  }
};

export const findFormulaArt: PageStep = (p) => {
  if (p.scanned) return;
  ({ formulas: p.arts, figures: p.figs } = detectFormulaArt(p.raw, p.figs, tableBoxes(p)));
};

/** Does a region take this line: mostly inside a figure or a drawn formula, or centred in a table? */
function taken(p: PageWork, b: Rect): boolean {
  const mostly = (r: Rect) => rectInter(b, r) > REGIONS.inside * Math.max(rectArea(b), 1e-3);
  return (
    p.figs.some((f) => mostly(f.bbox)) ||
    p.arts.some((a) => mostly(a.region)) ||
    p.tables.some((t) => mostly(t.bbox) || pointIn(rectCenter(b), t.bbox, REGIONS.tableSlack))
  );
}

export const findBorderlessTables: PageStep = (p) => {
  if (p.scanned) return;
  const H = p.raw.height;
  const free = p.raw.blocks
    .flatMap((b) => b.lines)
    .filter((l) => l.bbox[1] > PAGE_BANDS.margin * H && l.bbox[3] < (1 - PAGE_BANDS.margin) * H && !taken(p, l.bbox));
  p.tables.push(...detectBorderless(free));
};

export const takeRegionLines: PageStep = (p) => {
  const any = p.figs.length || p.tables.length || p.arts.length;
  p.blocks = p.raw.blocks.map((b) => ({
    ...b,
    lines: any ? b.lines.filter((l) => !taken(p, l.bbox)) : [...b.lines],
  }));
};

export const splitFractions: PageStep = (p) => {
  if (!p.scanned) buildFractions(p.blocks, p.raw.vectors, p.raw.width, tableBoxes(p));
};
