// Box ends grown over marks the detector left out: at low resolution (a small photo, a 115-dpi page) the
// detector's box of a line can stop before a lone small mark at its end (a "。", a ",") or inside the
// stroke of its first character, which the recogniser then drops or misreads.
import type { Box, GrayImage } from './gray.ts';

/** Thresholds of the ends, in box heights unless said otherwise. */
const ENDS = {
  /** Span searched beyond each end, the widest mark taken, and the paper needed after it. */
  reach: 0.45,
  mark: 0.4,
  clear: 0.3,
  /** Ink and paper levels: the box's 3rd percentile and third quartile of grey, at least 40 levels apart. */
  ink: 0.03,
  paper: 0.75,
  contrast: 40,
  /** The line's band: this far above and below its middle. */
  band: 0.3,
  /** Ink also between these distances above or below the middle: a rule or a neighbour, not a mark. */
  ruleFrom: 0.6,
  ruleTo: 0.9,
  /** The box's own margin kept past a mark. */
  margin: 0.15,
} as const;
const { reach: REACH, mark: MARK, clear: CLEAR } = ENDS;

/** The box, its ends moved out over a small ink mark lying just beyond them and followed by paper (or
 * the image's edge); a box whose ends are already clear, or that a neighbour's text follows, is kept. */
export function growEnds(img: GrayImage, box: Box): Box {
  const { width: W, height: H, data } = img;
  // Ink and paper levels of the box: nearest pixels on a grid of 2 px along and 1/8 of the box across.
  const hist = new Uint32Array(256);
  let total = 0;
  for (let j = 0.5; j < 8; j++)
    for (let i = 1; i < box.w; i += 2) {
      const du = i - box.w / 2,
        dv = (j / 8 - 0.5) * box.h;
      const x = Math.round(box.cx + du * box.ux + dv * box.vx),
        y = Math.round(box.cy + du * box.uy + dv * box.vy);
      if (x >= 0 && y >= 0 && x < W && y < H) {
        hist[data[y * W + x]]++;
        total++;
      }
    }
  const level = (q: number): number => {
    let n = 0,
      v = 0;
    for (; v < 255; v++) if ((n += hist[v]) > q * total) break;
    return v;
  };
  const ink = level(ENDS.ink),
    paper = level(ENDS.paper);
  if (paper - ink < ENDS.contrast) return box;
  const thr = (ink + paper) / 2,
    band = ENDS.band * box.h;
  const inkAt = (ax: number, ay: number, v0: number, v1: number): boolean | null => {
    let inside = false;
    for (let v = v0; v <= v1; v += 1) {
      const x = Math.round(ax + v * box.vx),
        y = Math.round(ay + v * box.vy);
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      inside = true;
      if (data[y * W + x] < thr) return true;
    }
    return inside ? false : null;
  };
  /** Whether the column at distance t beyond the end in direction `dir` (±1) has ink within the line's
   * band, 'rule' when its ink also runs above and below the box (a table's rule, a neighbour), null off
   * the image. */
  const column = (t: number, dir: number): boolean | null | 'rule' => {
    const ax = box.cx + dir * (box.w / 2 + t) * box.ux,
      ay = box.cy + dir * (box.w / 2 + t) * box.uy;
    const c = inkAt(ax, ay, -band, band);
    if (
      c &&
      (inkAt(ax, ay, -ENDS.ruleTo * box.h, -ENDS.ruleFrom * box.h) ||
        inkAt(ax, ay, ENDS.ruleFrom * box.h, ENDS.ruleTo * box.h))
    )
      return 'rule';
    return c;
  };
  const grow = (dir: number): number => {
    let first = -1,
      last = -1;
    for (let t = 0; t <= (REACH + MARK + CLEAR) * box.h; t += 1) {
      const c = column(t, dir);
      if (c === null) break;
      if (c === 'rule') return 0;
      if (c) {
        if (first < 0) {
          if (t > REACH * box.h) return 0;
          first = t;
        }
        last = t;
        if (last - first > MARK * box.h) return 0;
      } else if (first >= 0 && t - last > CLEAR * box.h) break;
    }
    if (first < 0) return 0;
    // A mark cut by the image's edge counts as followed by paper; keep the box's own margin past it.
    return last + 1 + ENDS.margin * box.h;
  };
  const a = grow(-1),
    b = grow(1);
  if (!a && !b) return box;
  return { ...box, w: box.w + a + b, cx: box.cx + ((b - a) / 2) * box.ux, cy: box.cy + ((b - a) / 2) * box.uy };
}
