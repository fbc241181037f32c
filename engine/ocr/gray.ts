// Grey images for OCR: resampling (area when shrinking, bilinear when enlarging), quarter turns, and
// the crop of a rotated text box straightened to a given size.

export interface GrayImage {
  width: number;
  height: number;
  /** Row-major, one byte per pixel, 0 = black. */
  data: Uint8Array;
}

/** A text box: centre, size, unit vectors along (u) and across (v) the text, in image pixels. */
export interface Box {
  cx: number;
  cy: number;
  w: number;
  h: number;
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  score: number;
}

type Taps = [number, number][][];

function taps(sn: number, dn: number): Taps {
  const scale = sn / dn,
    out: Taps = [];
  for (let i = 0; i < dn; i++) {
    const t: [number, number][] = [];
    if (scale > 1) {
      const a = i * scale,
        b = a + scale;
      for (let s = Math.floor(a); s < Math.ceil(b); s++) {
        const w = Math.min(b, s + 1) - Math.max(a, s);
        if (w > 1e-6) t.push([Math.min(s, sn - 1), w / scale]);
      }
    } else {
      const x = Math.min(sn - 1, Math.max(0, (i + 0.5) * scale - 0.5));
      const x0 = Math.floor(x),
        f = x - x0;
      t.push([x0, 1 - f]);
      if (f > 0) t.push([Math.min(x0 + 1, sn - 1), f]);
    }
    out.push(t);
  }
  return out;
}

/** `src` (sw × sh) resampled to dw × dh, separably. */
export function resize(src: ArrayLike<number>, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const tx = taps(sw, dw),
    ty = taps(sh, dh);
  // The horizontal taps flattened (x's taps are at [at[x], at[x + 1])): the inner loop reads typed arrays.
  const at = new Int32Array(dw + 1),
    n = tx.reduce((k, t) => k + t.length, 0),
    ts = new Int32Array(n),
    tw = new Float64Array(n);
  for (let x = 0, k = 0; x < dw; x++) {
    for (const [s, w] of tx[x]) {
      ts[k] = s;
      tw[k++] = w;
    }
    at[x + 1] = k;
  }
  const tmp = new Float32Array(dw * sh);
  for (let y = 0; y < sh; y++) {
    const row = y * sw,
      orow = y * dw;
    for (let x = 0; x < dw; x++) {
      let v = 0;
      for (let k = at[x], e = at[x + 1]; k < e; k++) v += src[row + ts[k]] * tw[k];
      tmp[orow + x] = v;
    }
  }
  const out = new Float32Array(dw * dh);
  for (let y = 0; y < dh; y++) {
    const o = y * dw;
    for (const [s, w] of ty[y]) {
      const r = s * dw;
      for (let x = 0; x < dw; x++) out[o + x] += tmp[r + x] * w;
    }
  }
  return out;
}

/** The image turned clockwise by `rot` degrees. */
export function rotateImage(img: GrayImage, rot: 0 | 90 | 180 | 270): GrayImage {
  if (rot === 0) return img;
  const { width: W, height: H, data } = img;
  const w = rot === 180 ? W : H,
    h = rot === 180 ? H : W;
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [nx, ny] = rot === 90 ? [H - 1 - y, x] : rot === 270 ? [y, W - 1 - x] : [W - 1 - x, H - 1 - y];
      out[ny * w + nx] = data[y * W + x];
    }
  return { width: w, height: h, data: out };
}

/** The box straightened (bilinear, white outside the image) and scaled to height `outH`, as floats 0..255. */
export function cropBox(img: GrayImage, b: Box, outH: number, maxW = 4096): { data: Float32Array; width: number } {
  const { width: W, height: H, data } = img;
  const cw = Math.max(1, Math.round(b.w)),
    ch = Math.max(1, Math.round(b.h));
  const c = new Float32Array(cw * ch);
  const ox = b.cx - (b.w / 2) * b.ux - (b.h / 2) * b.vx,
    oy = b.cy - (b.w / 2) * b.uy - (b.h / 2) * b.vy;
  const px = (x: number, y: number) => (x < 0 || y < 0 || x >= W || y >= H ? 255 : data[y * W + x]);
  const su = b.w / cw,
    sv = b.h / ch;
  // The terms along and across the box, computed once (the same sums as per pixel, so the same values).
  const ax0 = new Float64Array(cw),
    ay0 = new Float64Array(cw);
  for (let i = 0; i < cw; i++) {
    ax0[i] = ox + (i + 0.5) * su * b.ux;
    ay0[i] = oy + (i + 0.5) * su * b.uy;
  }
  for (let j = 0; j < ch; j++) {
    const bx = (j + 0.5) * sv * b.vx,
      by = (j + 0.5) * sv * b.vy,
      row = j * cw;
    for (let i = 0; i < cw; i++) {
      const fx = ax0[i] + bx - 0.5,
        fy = ay0[i] + by - 0.5;
      const x0 = Math.floor(fx),
        y0 = Math.floor(fy),
        ax = fx - x0,
        ay = fy - y0;
      // Inside the image (nearly always): read the four pixels directly.
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < W && y0 + 1 < H) {
        const o = y0 * W + x0;
        c[row + i] =
          (data[o] * (1 - ax) + data[o + 1] * ax) * (1 - ay) + (data[o + W] * (1 - ax) + data[o + W + 1] * ax) * ay;
      } else
        c[row + i] =
          (px(x0, y0) * (1 - ax) + px(x0 + 1, y0) * ax) * (1 - ay) +
          (px(x0, y0 + 1) * (1 - ax) + px(x0 + 1, y0 + 1) * ax) * ay;
    }
  }
  const width = Math.min(maxW, Math.max(1, Math.ceil((outH * cw) / ch)));
  return { data: resize(c, cw, ch, width, outH), width };
}
