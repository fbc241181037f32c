// Figures from a page's raster images: drop specks and full-page backgrounds, merge tiles of one
// picture (whether a page is a scan, an image and no text layer, is source/ocr-pages.ts's call).
import type { RawPage, Rect } from '../raw.ts';
import { clipRect as clip, rectArea, rectInter, rectUnion } from '../raw.ts';
import { FIGURES } from './thresholds.ts';

export interface Figure {
  bbox: Rect;
  /** Image ids (RawImage.id) that make up the figure. */
  images: number[];
}

const near = (a: Rect, b: Rect, d: number): boolean =>
  a[0] <= b[2] + d && b[0] <= a[2] + d && a[1] <= b[3] + d && b[1] <= a[3] + d;

/** Picture regions of a page, in no particular order. */
export function detectFigures(page: RawPage, chars: number): Figure[] {
  const W = page.width,
    H = page.height,
    pageArea = W * H;
  const cands: Figure[] = [];
  for (const im of page.images) {
    const b = clip(im.bbox, W, H);
    const w = b[2] - b[0],
      h = b[3] - b[1];
    if (w < FIGURES.minSide || h < FIGURES.minSide || rectArea(b) < FIGURES.minArea * pageArea) continue;
    if (im.width < FIGURES.minPixels || im.height < FIGURES.minPixels) continue;
    // A page-sized image under a real text layer is a background (or a scan with OCR text on top).
    if (rectArea(b) > FIGURES.background * pageArea && chars >= FIGURES.backgroundChars) continue;
    cands.push({ bbox: b, images: [im.id] });
  }
  return mergeTouching(cands);
}

/** Merges touching or overlapping pictures (tiles, image + mask pieces) until none touch: each round
 * unions the touching pairs (O(n²)); a merged box can reach new neighbours, hence the rounds. */
function mergeTouching(figs: Figure[]): Figure[] {
  let cur = figs;
  for (let round = 0; round < FIGURES.rounds; round++) {
    const par = cur.map((_, i) => i);
    const find = (i: number): number => {
      while (par[i] !== i) {
        par[i] = par[par[i]];
        i = par[i];
      }
      return i;
    };
    let joined = false;
    for (let i = 0; i < cur.length; i++)
      for (let j = i + 1; j < cur.length; j++) {
        if (find(i) !== find(j) && near(cur[i].bbox, cur[j].bbox, FIGURES.touch)) {
          par[find(j)] = find(i);
          joined = true;
        }
      }
    if (!joined) return cur;
    const groups = new Map<number, Figure>();
    cur.forEach((f, i) => {
      const r = find(i),
        g = groups.get(r);
      if (g) {
        g.bbox = rectUnion(g.bbox, f.bbox);
        g.images.push(...f.images);
      } else groups.set(r, { bbox: [...f.bbox], images: [...f.images] });
    });
    cur = [...groups.values()];
  }
  return cur;
}

/** An image under a real text layer (a banner behind a heading, a tinted box behind a paragraph) is a
 * background, not a figure: its text is read as text. Small labels on a picture do not count. */
export function isTextBackground(fig: Figure, page: RawPage): boolean {
  const area = rectArea(fig.bbox);
  let textArea = 0;
  for (const b of page.blocks)
    for (const l of b.lines) {
      if (l.size < FIGURES.labelSize || rectInter(l.bbox, fig.bbox) < FIGURES.lineInside * rectArea(l.bbox)) continue;
      textArea += rectArea(l.bbox);
    }
  return textArea >= FIGURES.textCover * area;
}
