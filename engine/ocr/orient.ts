// Which way up a page image is: text running up or down the page (most wide boxes vertical) is read turned
// a quarter; the direction classifier, checked by the English recogniser, says when it is upside down.
import type { Box, GrayImage } from './gray.ts';
import { rotateImage } from './gray.ts';
import { timedSync } from './profile.ts';
import { detectLines, type DetBox } from './detect.ts';
import { recogniseBox, upsideDown } from './recognise.ts';
import type { OcrModels } from './runtime.ts';

/** Thresholds of the orientation. */
const ORIENT = {
  /** A box whose reading direction has a vertical component above this runs up or down the page. */
  vertical: 0.7,
  /** Boxes this many times wider than high are lines (enough to tell their direction). */
  line: 2.5,
  /** Vertical lines outnumbering the others this many times: the page is read turned a quarter. */
  turned: 2,
  /** The classifier is asked about at most this many of the widest lines (a majority settles it)… */
  probes: 7,
  /** …and calls a line upside down above this score. */
  flipped: 0.6,
  /** The English recogniser checks a flip on this many of the widest lines: they read upright when their
   * mean score reaches `readScore` and beats the turned reading by `readMargin` per line. */
  checks: 3,
  readScore: 0.6,
  readMargin: 0.05,
} as const;

export type Turn = 0 | 90 | 180 | 270;

export const isVertical = (b: Box): boolean => Math.abs(b.uy) > ORIENT.vertical;

/** Indices of the `n` boxes widest for their height. */
export const widest = (boxes: Box[], n: number): number[] =>
  [...boxes.keys()].sort((i, j) => boxes[j].w / boxes[j].h - boxes[i].w / boxes[i].h).slice(0, n);

/** Boxes of an image of size W × H seen in the image turned by 180°. */
function flipBoxes(boxes: DetBox[], W: number, H: number): DetBox[] {
  return boxes.map((b) => ({ ...b, cx: W - b.cx, cy: H - b.cy }));
}

/** Whether the English recogniser reads these lines clearly better as they stand than turned by 180°: a
 * check on the direction classifier, which calls small or blurred upright print (a photo, 9-pt type at
 * 115 dpi) upside down as often as not. Lines it cannot read either way (CJK) leave the verdict alone. */
async function readsUpright(m: OcrModels, img: GrayImage, lines: Box[]): Promise<boolean> {
  let up = 0,
    down = 0;
  for (const b of lines) {
    up += (await recogniseBox(m, m.en, img, b)).score;
    down += (await recogniseBox(m, m.en, img, { ...b, ux: -b.ux, uy: -b.uy, vx: -b.vx, vy: -b.vy })).score;
  }
  return up / lines.length >= ORIENT.readScore && up > down + ORIENT.readMargin * lines.length;
}

/** The page image upright, the turn applied to it and its detected line boxes. */
export async function orient(m: OcrModels, img: GrayImage): Promise<{ rot: Turn; img: GrayImage; boxes: DetBox[] }> {
  let rot: Turn = 0;
  let boxes = await detectLines(m, img);
  const lines = boxes.filter((b) => b.w > ORIENT.line * b.h);
  const vertical = lines.filter(isVertical).length;
  if (vertical >= 1 && vertical > ORIENT.turned * (lines.length - vertical)) {
    // Text runs up or down the page: read it turned a quarter (the classifier then settles 90 vs 270).
    img = timedSync('rotate', () => rotateImage(img, 90));
    boxes = await detectLines(m, img);
    rot = 90;
  }
  // The direction classifier on up to 7 of the widest lines, until a majority either way is reached.
  const probe = widest(boxes, ORIENT.probes);
  let flipped = 0,
    upright = 0;
  for (const i of probe) {
    if (2 * Math.max(flipped, upright) > probe.length) break;
    if ((await upsideDown(m, img, boxes[i])) > ORIENT.flipped) flipped++;
    else upright++;
  }
  if (
    probe.length &&
    2 * flipped > probe.length &&
    !(await readsUpright(
      m,
      img,
      probe.slice(0, ORIENT.checks).map((i) => boxes[i]),
    ))
  ) {
    boxes = flipBoxes(boxes, img.width, img.height);
    img = timedSync('rotate', () => rotateImage(img, 180));
    rot = rot === 90 ? 270 : 180;
  }
  return { rot, img, boxes };
}
