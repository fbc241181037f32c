// Display formulas with no text layer: glyph outlines drawn as vector paths, or a small picture of the
// formula. A region is one when it stands alone on its rows between paragraphs (nothing beside it but an
// equation number "(n)"), is short (a few lines high) and holds no text; without a number it must also
// be centred on the text column and look like set glyphs (several dark outline pieces, or a gray picture).
// Pictures with a caption, charts and photos (too tall, in colour) stay figures.
import type { RawLine, RawPage, RawVector, Rect } from '../../raw.ts';
import { rectArea, rectInter, rectUnion } from '../../raw.ts';
import type { Figure } from '../../analysis/figures.ts';
import { CAPTION_START, median } from '../../analysis/text.ts';
import { PAGE_BANDS } from '../../analysis/bands.ts';
import { EQUATION_TAG } from './formulas.ts';
import { FORMULA_ART } from './thresholds.ts';

export interface FormulaArt {
  /** The drawn formula (what is cropped). */
  bbox: Rect;
  /** With its equation number: the lines inside belong to the formula. */
  region: Rect;
  images: number[];
  /** The equation number, without its brackets. */
  tag?: string;
}

interface Candidate {
  bbox: Rect;
  images: number[];
  pieces: number;
  glyphy: boolean;
}

const dark = (v: RawVector) =>
  ((v.color >> 16) & 255) * 0.3 + ((v.color >> 8) & 255) * 0.59 + (v.color & 255) * 0.11 < FORMULA_ART.darkLuma;

/** Small vector paths grouped into rows of glyphs (neighbours closer than about an em). */
function glyphGroups(vs: RawVector[], size: number): Candidate[] {
  const items = [...vs].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const par = items.map((_, i) => i);
  const find = (i: number): number => {
    while (par[i] !== i) {
      par[i] = par[par[i]];
      i = par[i];
    }
    return i;
  };
  const gapX = FORMULA_ART.glyphGapX * size,
    gapY = FORMULA_ART.glyphGapY * size;
  let reach = -Infinity;
  for (let i = 0; i < items.length; i++) {
    const a = items[i].bbox;
    reach = Math.max(reach, a[2]);
    for (let j = i + 1; j < items.length && items[j].bbox[0] <= a[2] + gapX; j++) {
      const b = items[j].bbox;
      if (b[1] <= a[3] + gapY && a[1] <= b[3] + gapY) par[find(j)] = find(i);
    }
  }
  const groups = new Map<number, { bbox: Rect; vs: RawVector[] }>();
  items.forEach((v, i) => {
    const r = find(i),
      g = groups.get(r);
    if (g) {
      g.bbox = rectUnion(g.bbox, v.bbox);
      g.vs.push(v);
    } else groups.set(r, { bbox: [...v.bbox], vs: [v] });
  });
  return [...groups.values()].map((g) => ({
    bbox: g.bbox,
    images: [],
    pieces: g.vs.length,
    glyphy:
      g.vs.length >= FORMULA_ART.glyphPieces &&
      g.vs.every(dark) &&
      g.vs.filter((v) => !v.rect).length >= FORMULA_ART.glyphCurves * g.vs.length,
  }));
}

/** Formula regions of a page; returns them and the figures that are not formulas. */
export function detectFormulaArt(
  raw: RawPage,
  figs: Figure[],
  tables: Rect[],
): { formulas: FormulaArt[]; figures: Figure[] } {
  const W = raw.width,
    H = raw.height;
  if (!raw.vectors.length && !raw.images.length) return { formulas: [], figures: figs };
  const lines = raw.blocks.flatMap((b) => b.lines).filter((l) => !l.rotated && l.text.trim());
  if (!lines.length) return { formulas: [], figures: figs };
  const size = median(lines.map((l) => l.size));
  const inside = (r: Rect, outer: Rect) => rectInter(r, outer) > FORMULA_ART.inside * Math.max(rectArea(r), 1e-3);
  const claimed = [...tables, ...figs.map((f) => f.bbox)];
  const vs = raw.vectors.filter(
    (v) =>
      v.color !== 0xffffff &&
      v.bbox[3] - v.bbox[1] <= FORMULA_ART.pathHeight * size &&
      v.bbox[2] - v.bbox[0] <= FORMULA_ART.width * W &&
      !claimed.some((c) => inside(v.bbox, c)),
  );
  const cands: (Candidate & { fig?: Figure })[] = [
    ...(vs.length && vs.length <= FORMULA_ART.maxPaths ? glyphGroups(vs, size) : []),
    ...raw.images
      .filter(
        (im) =>
          im.width >= FORMULA_ART.minPixels &&
          im.height >= FORMULA_ART.minPixels &&
          !claimed.some((c) => inside(im.bbox, c)),
      )
      .map((im) => ({
        bbox: im.bbox,
        images: [im.id],
        pieces: 1,
        glyphy: im.gray && im.bbox[2] - im.bbox[0] >= FORMULA_ART.pictureRatio * (im.bbox[3] - im.bbox[1]),
      })),
    ...figs.map((f) => ({
      bbox: f.bbox,
      images: f.images,
      pieces: 1,
      glyphy: f.images.length > 0 && f.images.every((id) => raw.images.find((im) => im.id === id)?.gray),
      fig: f,
    })),
  ];
  const formulas: FormulaArt[] = [];
  const gone = new Set<Figure>();
  for (const c of cands) {
    const art = formulaOf(c, lines, size, W, H);
    if (!art) continue;
    formulas.push({ ...art, images: c.images });
    if (c.fig) gone.add(c.fig);
  }
  return { formulas, figures: gone.size ? figs.filter((f) => !gone.has(f)) : figs };
}

function formulaOf(
  c: Candidate,
  lines: RawLine[],
  size: number,
  W: number,
  H: number,
): Omit<FormulaArt, 'images'> | null {
  const [x0, y0, x1, y1] = c.bbox,
    w = x1 - x0,
    h = y1 - y0;
  if (
    h < FORMULA_ART.minHeight * size ||
    h > FORMULA_ART.maxHeight * size ||
    w < FORMULA_ART.minWidth * size ||
    w > FORMULA_ART.width * W ||
    y1 < PAGE_BANDS.margin * H ||
    y0 > (1 - PAGE_BANDS.margin) * H
  )
    return null;
  if (lines.some((l) => rectInter(l.bbox, c.bbox) > FORMULA_ART.textInside * rectArea(l.bbox))) return null; // text inside: not drawn
  // Alone on its rows, but for an equation number.
  const row = lines.filter((l) => {
    const cy = (l.bbox[1] + l.bbox[3]) / 2;
    return cy > y0 - FORMULA_ART.row * size && cy < y1 + FORMULA_ART.row * size;
  });
  if (row.length > 1 || row.some((l) => !EQUATION_TAG.test(l.text.trim()))) return null;
  const tag = row[0];
  // A caption right under or over it makes it a figure.
  const near = (l: RawLine) =>
    Math.min(l.bbox[2], x1) - Math.max(l.bbox[0], x0) > 0 &&
    Math.min(Math.abs(l.bbox[1] - y1), Math.abs(y0 - l.bbox[3])) < FORMULA_ART.caption * size;
  if (lines.some((l) => near(l) && CAPTION_START.test(l.text))) return null;
  // Between paragraphs: prose lines above or below, whose column it sits in.
  const prose = lines.filter(
    (l) =>
      l.text.trim().length >= FORMULA_ART.proseChars &&
      Math.min(Math.abs(l.bbox[1] - y1), Math.abs(y0 - l.bbox[3])) < FORMULA_ART.prose * size &&
      l.bbox[0] < x1 &&
      l.bbox[2] > x0,
  );
  if (!prose.length) return null;
  const cx0 = Math.min(...prose.map((l) => l.bbox[0])),
    cx1 = Math.max(...prose.map((l) => l.bbox[2]));
  const centred =
    Math.abs((x0 + x1) / 2 - (cx0 + cx1) / 2) < FORMULA_ART.centred * (cx1 - cx0) + FORMULA_ART.centredPoints;
  if (!tag && !(centred && c.glyphy)) return null;
  if (tag && !c.glyphy && c.pieces < 2 && !centred) return null;
  return {
    bbox: c.bbox,
    region: tag ? rectUnion(c.bbox, tag.bbox) : c.bbox,
    tag: tag ? EQUATION_TAG.exec(tag.text.trim())![1] : undefined,
  };
}
