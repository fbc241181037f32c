// Ruling lines on a page image read by OCR (table grids, rules under headings): long thin runs of ink,
// found in the page turned straight, handed to the page analysis as the vector lines of a digital page.
import type { Rect } from '../raw.ts';
import type { GrayImage } from './gray.ts';

/** Darker than the paper by this much: ink (a 150-dpi scan's blurred hairlines are 60–200 grey on paper of
 * 230–255), and never lighter than INK_MAX. */
const INK_BELOW_PAPER = 40,
  INK_MAX = 210;

/** The paper's grey: the page's median pixel (most of a page is paper). */
function paperGrey(img: GrayImage): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < img.data.length; i += 7) hist[img.data[i]]++;
  const half = Math.ceil(img.data.length / 7) / 2;
  let acc = 0;
  for (let v = 0; v < 256; v++) if ((acc += hist[v]) >= half) return v;
  return 255;
}
/** Thicker than this (px, with the one-pixel tolerance on each side): a bar, a picture or a bold glyph, not a rule. */
const MAX_THICK = 8;

/** The image turned by `angle` radians about its centre (nearest pixel; white outside it): the frame in
 * which the OCR's line boxes are straightened. */
function turned(img: GrayImage, angle: number): Uint8Array {
  const { width: W, height: H, data } = img,
    out = new Uint8Array(W * H).fill(255);
  const c = Math.cos(angle),
    s = Math.sin(angle),
    mx = W / 2,
    my = H / 2;
  for (let y = 0; y < H; y++) {
    const dy = y - my;
    let fx = mx - mx * c + dy * s + 0.5,
      fy = my + mx * s + dy * c + 0.5;
    for (let x = 0; x < W; x++, fx += c, fy -= s) {
      const sx = Math.floor(fx),
        sy = Math.floor(fy);
      if (sx >= 0 && sy >= 0 && sx < W && sy < H) out[y * W + x] = data[sy * W + sx];
    }
  }
  return out;
}

/** Across a rule, this far (px) on either side, and diagonally that far along it: ... */
const SIDE = 6;
/** ...ink as dark as the pixel (or darker, within this much) there and halfway there: the pixel is inside or at
 * the edge of a shaded area or solid block, not part of a rule (a rule over a lighter fill stays, and so does
 * one crossing another rule or beside a parallel one: paper on the diagonals, or in between). */
const SAME_GREY = 40;

/** Pixels `half`, `side` and `side` ± `e` (along the rule) all darker than `top`: a solid side. */
function solid(grey: Uint8Array, half: number, side: number, e: number, top: number): boolean {
  const n = grey.length;
  return (
    side - e >= 0 &&
    side + e < n &&
    grey[half] < top &&
    grey[side] < top &&
    grey[side - e] < top &&
    grey[side + e] < top
  );
}

/** Ink mask (1 = ink) for rules running along rows (`vertical` false) or columns, in a `W` px wide image
 * (`grey`): ink less shaded areas and solid blocks, which are as dark as ink on light paper and would make
 * runs that swallow the grid lines drawn over them. */
function inkMask(grey: Uint8Array, W: number, INK: number, vertical: boolean): Uint8Array {
  const n = grey.length,
    out = new Uint8Array(n),
    d = vertical ? SIDE : SIDE * W,
    e = vertical ? SIDE * W : SIDE,
    h = d / 2;
  for (let p = 0; p < n; p++) {
    const g = grey[p];
    if (g >= INK) continue;
    const top = Math.min(INK, g + SAME_GREY);
    if (solid(grey, p - h, p - d, e, top) || solid(grey, p + h, p + d, e, top)) continue;
    out[p] = 1;
  }
  return out;
}

interface Run {
  at: number;
  a: number;
  b: number;
}

/**
 * Ink runs at least `min` long along every other row (or column, `vertical`), bridging gaps of 2 px; a
 * pixel counts as ink when it or a neighbour across the run is, so no hairline falls between the rows read.
 */
function runs(ink: Uint8Array, W: number, H: number, min: number, vertical: boolean): Run[] {
  const out: Run[] = [];
  const n = vertical ? W : H,
    across = vertical ? 1 : W;
  const start = new Int32Array(n).fill(-1),
    last = new Int32Array(n).fill(-9);
  const close = (i: number) => {
    if (start[i] >= 0 && last[i] - start[i] + 1 >= min) out.push({ at: i, a: start[i], b: last[i] + 1 });
    start[i] = -1;
  };
  // Row-major for both directions (cache-friendly): for vertical runs, each column keeps its own state.
  for (let y = vertical ? 0 : 1; y < H - 1 || (vertical && y < H); y += vertical ? 1 : 2) {
    for (let x = vertical ? 1 : 0; x < W - (vertical ? 1 : 0); x += vertical ? 2 : 1) {
      const p = y * W + x,
        i = vertical ? x : y,
        j = vertical ? y : x;
      if (ink[p] | ink[p - across] | ink[p + across]) {
        if (j - last[i] > 3) start[i] = j;
        last[i] = j;
      } else if (j - last[i] > 3) close(i);
    }
    if (!vertical) close(y);
  }
  if (vertical) for (let x = 1; x < W - 1; x += 2) close(x);
  return vertical ? out.sort((p, q) => p.at - q.at) : out;
}

/** Runs of neighbouring rows (columns) that overlap are one rule, kept when thin. */
function rulesOf(rs: Run[], vertical: boolean, gap: number): Rect[] {
  const open: { r: Rect; last: number; thick: number }[] = [];
  for (const run of rs) {
    const g = open.find(
      (o) => run.at - o.last <= 2 && run.a < (vertical ? o.r[3] : o.r[2]) && run.b > (vertical ? o.r[1] : o.r[0]),
    );
    if (g) {
      if (run.at !== g.last) g.thick++;
      g.last = run.at;
      g.r = vertical
        ? [g.r[0], Math.min(g.r[1], run.a), run.at + 1, Math.max(g.r[3], run.b)]
        : [Math.min(g.r[0], run.a), g.r[1], Math.max(g.r[2], run.b), run.at + 1];
    } else
      open.push({
        r: vertical ? [run.at, run.a, run.at + 1, run.b] : [run.a, run.at, run.b, run.at + 1],
        last: run.at,
        thick: 1,
      });
  }
  return joinSteps(
    open.filter((o) => o.thick <= MAX_THICK / 2).map((o) => o.r),
    vertical,
    gap,
  );
}

/** Pieces of one rule (steps of a rule left a little skewed, breaks where a faint hairline fades) within
 * 4 px across and `gap` along it, joined into one thin rule at their mean position. */
function joinSteps(rs: Rect[], vertical: boolean, gap: number): Rect[] {
  const [p0, p1, s0, s1] = vertical ? [0, 2, 1, 3] : [1, 3, 0, 2];
  const out: Rect[] = [];
  for (const r of [...rs].sort((a, b) => a[s0] - b[s0])) {
    const g = out.find(
      (o) => Math.abs((o[p0] + o[p1]) / 2 - (r[p0] + r[p1]) / 2) <= 4 && r[s0] <= o[s1] + gap && r[s1] >= o[s0] - gap,
    );
    if (!g) {
      out.push([...r] as Rect);
      continue;
    }
    const c = ((g[p0] + g[p1]) / 2 + (r[p0] + r[p1]) / 2) / 2,
      t = Math.max(g[p1] - g[p0], r[p1] - r[p0]) / 2;
    g[p0] = c - t;
    g[p1] = c + t;
    g[s0] = Math.min(g[s0], r[s0]);
    g[s1] = Math.max(g[s1], r[s1]);
  }
  return out;
}

/** Lengths of a rule: horizontal ones 40 px and 4 line heights at least, vertical ones 24 px and 1.6 line
 * heights (a table's rows are short); pieces of a skewed rule, stepped within 2 line heights, are one rule. */
const RULES = {
  horizontalPx: 40,
  horizontal: 4,
  verticalPx: 24,
  vertical: 1.6,
  bridge: 2,
} as const;

/**
 * Rules of a page image in its straightened frame (turned by `angle`, image pixels): horizontal ones at
 * least 4 line heights long, vertical ones at least 1.6 (longer than any glyph: `lineH` is the usual
 * height of a line box).
 */
export function findRules(img: GrayImage, angle: number, lineH: number): Rect[] {
  const grey = turned(img, angle),
    { width: W, height: H } = img;
  const INK = Math.min(INK_MAX, paperGrey(img) - INK_BELOW_PAPER);
  const R = RULES;
  const hLong = Math.max(R.horizontalPx, R.horizontal * lineH),
    vLong = Math.max(R.verticalPx, R.vertical * lineH);
  const h = rulesOf(runs(inkMask(grey, W, INK, false), W, H, hLong, false), false, R.bridge * lineH);
  const v = rulesOf(runs(inkMask(grey, W, INK, true), W, H, vLong, true), true, R.bridge * lineH);
  return [...h, ...v];
}
