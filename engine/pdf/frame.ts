// Analysis frames: a page whose text runs sideways (a landscape table set on a portrait page) is
// analysed turned so that its text is horizontal; boxes go back to the page's own frame afterwards.
import type { Rect } from '../raw.ts';

export type Rotation = 0 | 90 | 180 | 270;

export interface Frame {
  rotation: Rotation;
  /** Size of the page in this frame. */
  w: number;
  h: number;
  /** Page point (origin top-left of the page) → frame point. */
  point(x: number, y: number): [number, number];
  /** Text direction in the page → direction in the frame. */
  dir(dx: number, dy: number): [number, number];
}

export const identityFrame = (W: number, H: number): Frame => ({
  rotation: 0,
  w: W,
  h: H,
  point: (x, y) => [x, y],
  dir: (dx, dy) => [dx, dy],
});

/** The frame in which text running in direction class `rot` reads left to right. */
export function frameFor(rot: Rotation, W: number, H: number): Frame {
  switch (rot) {
    case 90: // text reads bottom to top
      return { rotation: 90, w: H, h: W, point: (x, y) => [H - y, x], dir: (dx, dy) => [-dy, dx] };
    case 270: // text reads top to bottom
      return { rotation: 270, w: H, h: W, point: (x, y) => [y, W - x], dir: (dx, dy) => [dy, -dx] };
    case 180:
      return { rotation: 180, w: W, h: H, point: (x, y) => [W - x, H - y], dir: (dx, dy) => [-dx, -dy] };
    default:
      return identityFrame(W, H);
  }
}

/** A unit direction whose component along an axis is over this (within about 18° of it) runs along it;
 * others are slanted. */
export const ALONG_AXIS = 0.95;

/** Direction class of a text line: the rotation that makes it read left to right. */
export function rotationOf(dx: number, dy: number): Rotation | -1 {
  if (dx > ALONG_AXIS) return 0;
  if (dy < -ALONG_AXIS) return 90;
  if (dy > ALONG_AXIS) return 270;
  if (dx < -ALONG_AXIS) return 180;
  return -1;
}

/** A box of the frame back in the page's own frame (page size W × H). */
export function toPageFrame(r: Rect, rot: Rotation, W: number, H: number): Rect {
  switch (rot) {
    case 90:
      return [r[1], H - r[2], r[3], H - r[0]];
    case 270:
      return [W - r[3], r[0], W - r[1], r[2]];
    case 180:
      return [W - r[2], H - r[3], W - r[0], H - r[1]];
    default:
      return r;
  }
}

/** A page box in the frame (both corners mapped, normalised). */
export function rectToFrame(f: Frame, r: Rect): Rect {
  const [ax, ay] = f.point(r[0], r[1]),
    [bx, by] = f.point(r[2], r[3]);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/** When a page's text runs mostly sideways (a landscape table on a portrait page) it is analysed turned. */
const SIDEWAYS = {
  /** More than this share of the page's characters run in one turned direction… */
  share: 0.6,
  /** …of at least this many characters (a few turned labels do not turn a page). */
  minChars: 20,
} as const;

/** The turn a page's text asks for from its characters per direction (`dirChars`), 0 for none. */
export function pageTurn(dirChars: Map<number, number>): Rotation {
  let all = 0,
    best: Rotation = 0,
    bestN = 0;
  for (const [rot, n] of dirChars) {
    all += n;
    if (rot > 0 && n > bestN) {
      best = rot as Rotation;
      bestN = n;
    }
  }
  return bestN > SIDEWAYS.share * all && all >= SIDEWAYS.minChars ? best : 0;
}
