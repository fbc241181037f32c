// Pictures on a page image read by OCR: dense regions of ink or tone that no text line covers (photos,
// charts, drawings) become figure candidates, so that the page analysis keeps them as figures.
import type { Rect } from '../raw.ts';
import type { GrayImage } from './gray.ts';

/** Thresholds of a picture (sizes in cells of the ink grid unless said otherwise). */
const PICTURES = {
  /** The ink grid's cell, in px; pixels sampled every 2 px in it. */
  cell: 12,
  /** Darker than this grey: ink; a cell over a quarter ink is inked. */
  dark: 200,
  inked: 0.25,
  /** A region of 4 inked cells or more; regions within 8 cells merge. */
  minCells: 4,
  merge: 8,
  /** A picture: 5 cells each way at least, a hundredth of the page, a third inked (rules and grids are not). */
  minSide: 5,
  area: 0.01,
  solid: 0.35,
} as const;
const CELL = PICTURES.cell;

/** Picture regions in image pixels. `text` are the text line boxes (image pixels, axis-aligned). */
export function findPictures(img: GrayImage, text: Rect[]): Rect[] {
  const gw = Math.ceil(img.width / CELL),
    gh = Math.ceil(img.height / CELL);
  const ink = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      let dark = 0,
        n = 0;
      for (let y = gy * CELL; y < Math.min(img.height, (gy + 1) * CELL); y += 2) {
        for (let x = gx * CELL; x < Math.min(img.width, (gx + 1) * CELL); x += 2) {
          if (img.data[y * img.width + x] < PICTURES.dark) dark++;
          n++;
        }
      }
      ink[gy * gw + gx] = dark > PICTURES.inked * n ? 1 : 0;
    }
  // Cells under a text line (with a margin) are text, not picture.
  for (const r of text) {
    const h = r[3] - r[1];
    for (
      let gy = Math.max(0, Math.floor((r[1] - h / 2) / CELL));
      gy <= Math.min(gh - 1, Math.floor((r[3] + h / 2) / CELL));
      gy++
    ) {
      for (
        let gx = Math.max(0, Math.floor((r[0] - h / 2) / CELL));
        gx <= Math.min(gw - 1, Math.floor((r[2] + h / 2) / CELL));
        gx++
      )
        ink[gy * gw + gx] = 0;
    }
  }
  const out: Blob[] = [];
  const seen = new Uint8Array(gw * gh),
    stack: number[] = [];
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i] || seen[i]) continue;
    let x0 = gw,
      y0 = gh,
      x1 = 0,
      y1 = 0,
      n = 0;
    stack.push(i);
    seen[i] = 1;
    while (stack.length) {
      const p = stack.pop()!,
        py = Math.floor(p / gw),
        px = p - py * gw;
      n++;
      x0 = Math.min(x0, px);
      x1 = Math.max(x1, px);
      y0 = Math.min(y0, py);
      y1 = Math.max(y1, py);
      // 8-neighbours and one cell further: a picture's light patches do not split it.
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const qx = px + dx,
            qy = py + dy,
            q = qy * gw + qx;
          if (qx >= 0 && qy >= 0 && qx < gw && qy < gh && ink[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    if (n >= PICTURES.minCells) out.push({ r: [x0, y0, x1 + 1, y1 + 1], n });
  }
  // Large enough, and solid: rules, table grids and stray marks are thin or sparse.
  return mergeNear(out, PICTURES.merge)
    .filter(({ r, n }) => {
      const cw = r[2] - r[0],
        ch = r[3] - r[1];
      return (
        cw >= PICTURES.minSide &&
        ch >= PICTURES.minSide &&
        cw * ch * CELL * CELL >= PICTURES.area * img.width * img.height &&
        n >= PICTURES.solid * cw * ch
      );
    })
    .map(({ r }) => [r[0] * CELL, r[1] * CELL, Math.min(img.width, r[2] * CELL), Math.min(img.height, r[3] * CELL)]);
}

interface Blob {
  r: Rect;
  n: number;
}

/** Blobs closer than `gap` cells are one picture (the bars of a chart, the panels of a figure). */
function mergeNear(bs: Blob[], gap: number): Blob[] {
  const out = [...bs];
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i].r,
          b = out[j].r;
        if (a[0] - gap <= b[2] && b[0] - gap <= a[2] && a[1] - gap <= b[3] && b[1] - gap <= a[3]) {
          out[i] = {
            r: [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])],
            n: out[i].n + out[j].n,
          };
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
  }
  return out;
}
