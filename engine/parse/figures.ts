// Figures from a page's raster images: drop specks and full-page backgrounds, merge tiles of one
// picture, and tell scanned pages (an image and no text layer) apart.
import type { RawPage, Rect } from '../pdf/raw.ts';
import { rectArea, rectInter, rectUnion } from '../pdf/raw.ts';

export interface Figure {
  bbox: Rect;
  /** Image ids (RawImage.id) that make up the figure. */
  images: number[];
}

const clip = (r: Rect, w: number, h: number): Rect => [Math.max(0, r[0]), Math.max(0, r[1]), Math.min(w, r[2]), Math.min(h, r[3])];
const near = (a: Rect, b: Rect, d: number): boolean => a[0] <= b[2] + d && b[0] <= a[2] + d && a[1] <= b[3] + d && b[1] <= a[3] + d;

export function textCharCount(page: RawPage): number {
  let n = 0;
  for (const b of page.blocks) for (const l of b.lines) n += l.text.replace(/\s/g, '').length;
  return n;
}

/** True when the page is an image with (almost) no text layer. */
export function isScanned(page: RawPage, chars: number): boolean {
  if (chars >= 20) return false;
  const cover = page.images.reduce((a, i) => a + rectArea(clip(i.bbox, page.width, page.height)), 0);
  return cover > 0.3 * page.width * page.height;
}

/** Picture regions of a page, in no particular order. */
export function detectFigures(page: RawPage, chars: number): Figure[] {
  const W = page.width, H = page.height, pageArea = W * H;
  const cands: Figure[] = [];
  for (const im of page.images) {
    const b = clip(im.bbox, W, H);
    const w = b[2] - b[0], h = b[3] - b[1];
    if (w < 16 || h < 16 || rectArea(b) < 0.004 * pageArea) continue;
    if (im.width < 8 || im.height < 8) continue;
    // A page-sized image under a real text layer is a background (or a scan with OCR text on top).
    if (rectArea(b) > 0.8 * pageArea && chars >= 20) continue;
    cands.push({ bbox: b, images: [im.id] });
  }
  // Merge touching or overlapping images (tiled pictures, image + mask pieces).
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < cands.length && !merged; i++) {
      for (let j = i + 1; j < cands.length; j++) {
        const a = cands[i].bbox, b = cands[j].bbox;
        if (near(a, b, 2) || rectInter(a, b) > 0) {
          cands[i] = { bbox: rectUnion(a, b), images: [...cands[i].images, ...cands[j].images] };
          cands.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return cands;
}

/** An image under a real text layer (a banner behind a heading, a tinted box behind a paragraph) is a
 * background, not a figure: its text is read as text. Small labels on a picture do not count. */
export function isTextBackground(fig: Figure, page: RawPage): boolean {
  const area = rectArea(fig.bbox);
  let textArea = 0;
  for (const b of page.blocks) for (const l of b.lines) {
    if (l.size < 8 || rectInter(l.bbox, fig.bbox) < 0.7 * rectArea(l.bbox)) continue;
    textArea += rectArea(l.bbox);
  }
  return textArea >= 0.08 * area;
}
