// Tells the text nobody can see on the page, which is no content: chars filled white or near-white with
// nothing darker painted under them (a white title left on the white page, as on redp5110's page 3).
// White text on a dark table header, banner or photo is seen and stays. Colours are mupdf's sRGB (gray
// and CMYK white come out as 0xFFFFFF, colour management being off); text of render mode 3 (the OCR
// layer of a searchable scan) is reported black by mupdf, so it is never white here.
import type * as mupdf from 'mupdf';

/** Every channel of 0xRRGGBB at 0.95 or more (243 of 255). */
const isWhite = (rgb: number): boolean => (rgb & 0xff) >= 243 && ((rgb >> 8) & 0xff) >= 243 && rgb >> 16 >= 243;

/** A char that may be dropped when white: not a blank (a white space between seen words keeps them apart). */
const inked = (c: string): boolean => {
  const u = c.charCodeAt(0);
  return u > 32 && u !== 0xa0;
};

/**
 * The areas of a page painted so far with something other than white, as the structured text's blocks
 * come (mupdf keeps them in paint order: a text block begins after every image or vector painted since
 * the last one, so what comes before a char lies under it): images, whatever their pixels (photos,
 * scans), and filled vector paths of a non-white colour, as their boxes in page space. Stroked paths are
 * left out: a stroked box frames its inside without painting it.
 */
export class PaintedAreas {
  /** x0, y0, x1, y1 per area. */
  private box: number[] = [];
  /** The area the last char was found on (the next one is most likely on it too). */
  private last = 0;

  /** An image, or a vector filled (not `stroked`) with colour `rgb` (0xRRGGBB), painted over `r`. */
  add(r: mupdf.Rect, stroked = false, rgb = 0): void {
    if (!stroked && !isWhite(rgb)) this.box.push(r[0], r[1], r[2], r[3]);
  }

  /** True when the centre of quad `q` (page space, corners ul, ur, ll, lr) lies on an area painted so far. */
  under(q: ArrayLike<number>): boolean {
    const box = this.box,
      n = box.length;
    // The centre of a quad of any turn: the middle of its diagonal.
    const x = (q[0] + q[6]) / 2,
      y = (q[1] + q[7]) / 2;
    let k = this.last;
    if (k < n && x >= box[k] && x <= box[k + 2] && y >= box[k + 1] && y <= box[k + 3]) return true;
    for (k = 0; k < n; k += 4) {
      if (x >= box[k] && x <= box[k + 2] && y >= box[k + 1] && y <= box[k + 3]) {
        this.last = k;
        return true;
      }
    }
    return false;
  }
}

/** True when char `c` of fill colour `rgb` at quad `q` cannot be seen: white, inked, on nothing painted. */
export function unseen(c: string, rgb: number, q: ArrayLike<number>, painted: PaintedAreas): boolean {
  return (rgb & 0xf0f0f0) === 0xf0f0f0 && isWhite(rgb) && inked(c) && !painted.under(q);
}
