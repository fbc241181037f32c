// Text line detection with the PP-OCR DB model: resize and normalise the page, threshold the
// probability map, and turn each connected blob into a scored, expanded, rotated box.
import type { Box, GrayImage } from './gray.ts';
import { resize } from './gray.ts';
import { convexHull, minAreaRect, type Pt } from './geometry.ts';
import { infer, type OcrModels } from './runtime.ts';
import { timed, timedSync } from './profile.ts';

export interface DetectOptions {
  /** Long side of the detector's input (px). */
  limitSide?: number;
}

const THRESH = 0.3,
  BOX_THRESH = 0.6,
  UNCLIP = 1.6;
const MEAN = [0.485, 0.456, 0.406],
  STD = [0.229, 0.224, 0.225];

/** A detected box; `upright`: a short blob standing upright, turned to be read across (see boxesOf). */
export type DetBox = Box & { innerH: number; upright?: boolean };

/** Line boxes in image pixels, unordered. `inner` is the box before the unclip expansion. */
export async function detectLines(m: OcrModels, img: GrayImage, opts: DetectOptions = {}): Promise<DetBox[]> {
  const { width: W, height: H } = img;
  // Large pages go to the detector at a long side of 960 px (time and memory grow with the area);
  // small images are enlarged to 1280 px, where their small print is found more reliably.
  const long = Math.max(W, H);
  const s = opts.limitSide ? opts.limitSide / long : long > 1280 ? 960 / long : 1280 / long;
  const dw = Math.max(32, Math.round((W * s) / 32) * 32),
    dh = Math.max(32, Math.round((H * s) / 32) * 32);
  const x = timedSync('det pre', () => {
    const g = resize(img.data, W, H, dw, dh);
    const N = dw * dh,
      x = new Float32Array(3 * N);
    for (let c = 0; c < 3; c++) {
      const mean = MEAN[c],
        sd = STD[c],
        o = c * N;
      for (let i = 0; i < N; i++) x[o + i] = (g[i] / 255 - mean) / sd;
    }
    return x;
  });
  const prob = (await timed('det infer', () => infer(m, m.det, x, [1, 3, dh, dw]))).data;
  return timedSync('det post', () => boxesOf(prob, dw, dh, W / dw, H / dh));
}

function boxesOf(prob: Float32Array, dw: number, dh: number, sx: number, sy: number): DetBox[] {
  const N = dw * dh,
    seen = new Uint8Array(N),
    stack = new Int32Array(N);
  // Each blob's leftmost and rightmost pixel per row (rows between its top and bottom; lo = dw: none).
  const lo = new Int32Array(dh).fill(dw),
    hi = new Int32Array(dh).fill(-1);
  const boxes: DetBox[] = [];
  for (let i = 0; i < N; i++) {
    if (seen[i] || prob[i] <= THRESH) continue;
    let sp = 0,
      cnt = 0,
      top = dh,
      bottom = -1;
    stack[sp++] = i;
    seen[i] = 1;
    while (sp) {
      const p = stack[--sp],
        py = (p / dw) | 0,
        px = p - py * dw;
      cnt++;
      if (px < lo[py]) lo[py] = px;
      if (px > hi[py]) hi[py] = px;
      if (py < top) top = py;
      if (py > bottom) bottom = py;
      const y0 = py > 0 ? py - 1 : 0,
        y1 = py < dh - 1 ? py + 1 : dh - 1,
        x0 = px > 0 ? px - 1 : 0,
        x1 = px < dw - 1 ? px + 1 : dw - 1;
      for (let yy = y0; yy <= y1; yy++) {
        for (let q = yy * dw + x0, e = yy * dw + x1; q <= e; q++) {
          if (!seen[q] && prob[q] > THRESH) {
            seen[q] = 1;
            stack[sp++] = q;
          }
        }
      }
    }
    const pts: Pt[] = [];
    for (let yy = top; yy <= bottom; yy++) {
      // A blob is 8-connected, so every row between its top and bottom holds some of it.
      if (cnt >= 4) pts.push([lo[yy], yy], [hi[yy] + 1, yy], [lo[yy], yy + 1], [hi[yy] + 1, yy + 1]);
      lo[yy] = dw;
      hi[yy] = -1;
    }
    if (cnt < 4) continue;
    const r = minAreaRect(convexHull(pts));
    if (!r || r.h < 3) continue;
    const upright = Math.abs(r.uy) > Math.abs(r.ux) && r.w < 2 * r.h;
    if (upright) {
      // A short blob standing upright (a "1", an "ix" of a column of page numbers) is a short word of a
      // horizontal line, not vertical text: read it across.
      const nx = Math.abs(r.uy),
        ny = -Math.sign(r.uy) * r.ux;
      Object.assign(r, { w: r.h, h: r.w, ux: nx, uy: ny });
    }
    // Box score: mean probability inside the rectangle (scanned over its axis-aligned bounds).
    let sum = 0,
      n = 0;
    const hw = r.w / 2,
      hh = r.h / 2;
    const ex = hw * Math.abs(r.ux) + hh * Math.abs(r.uy),
      ey = hw * Math.abs(r.uy) + hh * Math.abs(r.ux);
    const x0 = Math.max(0, Math.floor(r.cx - ex)),
      x1 = Math.min(dw - 1, Math.ceil(r.cx + ex));
    const y0 = Math.max(0, Math.floor(r.cy - ey)),
      y1 = Math.min(dh - 1, Math.ceil(r.cy + ey));
    for (let yy = y0; yy <= y1; yy++)
      for (let xx = x0; xx <= x1; xx++) {
        const ddx = xx + 0.5 - r.cx,
          ddy = yy + 0.5 - r.cy;
        if (Math.abs(ddx * r.ux + ddy * r.uy) <= hw && Math.abs(-ddx * r.uy + ddy * r.ux) <= hh) {
          sum += prob[yy * dw + xx];
          n++;
        }
      }
    const score = n ? sum / n : 0;
    if (score < BOX_THRESH) continue;
    // Unclip: grow by the offset distance area × ratio / perimeter (PaddleOCR's expansion).
    const d = (r.w * r.h * UNCLIP) / (2 * (r.w + r.h));
    const ew = r.w + 2 * d,
      eh = r.h + 2 * d;
    if (eh < 5) continue;
    let ux = r.ux * sx,
      uy = r.uy * sy;
    const ul = Math.hypot(ux, uy);
    ux /= ul;
    uy /= ul;
    let vx = -r.uy * sx,
      vy = r.ux * sy;
    const vl = Math.hypot(vx, vy);
    vx /= vl;
    vy /= vl;
    boxes.push({
      cx: r.cx * sx,
      cy: r.cy * sy,
      w: ew * ul,
      h: eh * vl,
      ux,
      uy,
      vx,
      vy,
      score,
      innerH: r.h * vl,
      ...(upright ? { upright } : {}),
    });
  }
  return boxes;
}
