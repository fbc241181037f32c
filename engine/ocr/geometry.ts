// Plane geometry of the text detector: convex hull and minimum-area rectangle of a blob of pixels.

export type Pt = [number, number];

/** Convex hull (monotone chain), counter-clockwise; sorts `pts` in place. */
export function convexHull(pts: Pt[]): Pt[] {
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lo: Pt[] = [],
    up: Pt[] = [];
  for (const p of pts) {
    while (lo.length >= 2 && cross(lo[lo.length - 2], lo[lo.length - 1], p) <= 0) lo.pop();
    lo.push(p);
  }
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (up.length >= 2 && cross(up[up.length - 2], up[up.length - 1], p) <= 0) up.pop();
    up.push(p);
  }
  up.pop();
  lo.pop();
  return lo.concat(up);
}

export interface RotRect {
  cx: number;
  cy: number;
  w: number;
  h: number;
  ux: number;
  uy: number;
}

/** Minimum-area enclosing rectangle of a convex polygon (rotating calipers); `u` runs along the long
 * side, pointing right. */
export function minAreaRect(hull: Pt[]): RotRect | null {
  let best: { area: number; ux: number; uy: number; mnu: number; mxu: number; mnv: number; mxv: number } | null = null;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i],
      b = hull[(i + 1) % hull.length];
    let ux = b[0] - a[0],
      uy = b[1] - a[1];
    const l = Math.hypot(ux, uy);
    if (l < 1e-9) continue;
    ux /= l;
    uy /= l;
    let mnu = Infinity,
      mxu = -Infinity,
      mnv = Infinity,
      mxv = -Infinity;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy,
        v = -p[0] * uy + p[1] * ux;
      mnu = Math.min(mnu, u);
      mxu = Math.max(mxu, u);
      mnv = Math.min(mnv, v);
      mxv = Math.max(mxv, v);
    }
    const area = (mxu - mnu) * (mxv - mnv);
    if (!best || area < best.area) best = { area, ux, uy, mnu, mxu, mnv, mxv };
  }
  if (!best) return null;
  let { ux, uy } = best;
  const cu = (best.mnu + best.mxu) / 2,
    cv = (best.mnv + best.mxv) / 2;
  let w = best.mxu - best.mnu,
    h = best.mxv - best.mnv;
  const cx = cu * ux - cv * uy,
    cy = cu * uy + cv * ux;
  if (h > w) {
    [w, h] = [h, w];
    [ux, uy] = [-uy, ux];
  }
  if (ux < -1e-9 || (Math.abs(ux) <= 1e-9 && uy < 0)) {
    ux = -ux;
    uy = -uy;
  }
  return { cx, cy, w, h, ux, uy };
}
