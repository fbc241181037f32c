// One page image → recognised text lines, upright: detection, orientation (quarter turns from the
// boxes' shape, upside down from the direction classifier), script choice, recognition.
import type { Box, GrayImage } from './gray.ts';
import { rotateImage } from './gray.ts';
import { timedSync } from './profile.ts';
import { detectLines, type DetBox } from './detect.ts';
import { growEnds } from './ends.ts';
import { recogniseBox, upsideDown, type Recognised } from './recognise.ts';
import { fullWidthMarks, isLatin, latinVerdict, type OcrLang } from './script.ts';
import { ocrModels, type OcrModels, type RecModel } from './runtime.ts';

export interface OcrLine extends Recognised {
  box: Box;
  innerH: number;
}

export interface OcrResult {
  /** Clockwise turn applied to the page image before reading (0 when it was upright). */
  rotation: 0 | 90 | 180 | 270;
  /** The upright image the boxes refer to. */
  image: GrayImage;
  lines: OcrLine[];
}

export interface OcrOptions {
  lang?: OcrLang;
  log?: (line: string) => void;
}

const DROP_SCORE = 0.5;
/** Mean score under which a suspect stack (see uprightOnly) is dropped. */
const SUSPECT_SCORE = 0.75;

/** Boxes of an image of size W × H seen in the image turned by 180°. */
function flipBoxes(boxes: DetBox[], W: number, H: number): DetBox[] {
  return boxes.map((b) => ({ ...b, cx: W - b.cx, cy: H - b.cy }));
}

const vertical = (b: Box): boolean => Math.abs(b.uy) > 0.7;

/** Columns of 4 or more short boxes end to end: pieces of text running up or down the page (a margin
 * stamp, a sideways label) — or a column of page numbers. */
function stacks(boxes: DetBox[]): DetBox[][] {
  const out: DetBox[][] = [];
  const short = boxes.filter((b) => vertical(b) || b.w < 1.8 * b.h).sort((a, b) => a.cy - b.cy);
  const used = new Set<DetBox>();
  for (const s of short) {
    if (used.has(s)) continue;
    const stack = [s];
    used.add(s);
    for (const t of short) {
      const last = stack[stack.length - 1];
      const ext = (b: DetBox) => (vertical(b) ? b.w : b.h) / 2;
      if (used.has(t) || Math.abs(t.cx - last.cx) > 0.6 * Math.max(last.h, t.h)) continue;
      if (t.cy - ext(t) - (last.cy + ext(last)) > Math.max(last.h, t.h)) continue;
      stack.push(t);
      used.add(t);
    }
    if (stack.length >= 4) out.push(stack);
  }
  return out;
}

/** Drops text running up or down an upright page: its vertical boxes, and the stacks holding one. Stacks
 * of blobs that stood upright are returned as suspects, kept only as a column of page numbers: they read
 * well across (pieces of a sideways stamp give junk) and end rows of text (a chart's axis labels do not). */
function uprightOnly(boxes: DetBox[]): { boxes: DetBox[]; suspects: DetBox[][] } {
  const drop = new Set<DetBox>(),
    suspects: DetBox[][] = [];
  for (const st of stacks(boxes)) {
    if (st.some(vertical)) for (const b of st) drop.add(b);
    else if (st.some((b) => b.upright)) suspects.push(st);
  }
  return { boxes: boxes.filter((b) => !vertical(b) && !drop.has(b)), suspects };
}

const widest = (boxes: Box[], n: number): number[] =>
  [...boxes.keys()].sort((i, j) => boxes[j].w / boxes[j].h - boxes[i].w / boxes[i].h).slice(0, n);

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
  return up / lines.length >= 0.6 && up > down + 0.05 * lines.length;
}

async function orient(
  m: OcrModels,
  img: GrayImage,
): Promise<{ rot: 0 | 90 | 180 | 270; img: GrayImage; boxes: DetBox[] }> {
  let rot: 0 | 90 | 180 | 270 = 0;
  let boxes = await detectLines(m, img);
  const lines = boxes.filter((b) => b.w > 2.5 * b.h);
  const vertical = lines.filter((b) => Math.abs(b.uy) > 0.7).length;
  if (vertical >= 1 && vertical > 2 * (lines.length - vertical)) {
    // Text runs up or down the page: read it turned a quarter (the classifier then settles 90 vs 270).
    img = timedSync('rotate', () => rotateImage(img, 90));
    boxes = await detectLines(m, img);
    rot = 90;
  }
  // The direction classifier on up to 7 of the widest lines, until a majority either way is reached.
  const probe = widest(boxes, 7);
  let flipped = 0,
    upright = 0;
  for (const i of probe) {
    if (2 * Math.max(flipped, upright) > probe.length) break;
    if ((await upsideDown(m, img, boxes[i])) > 0.6) flipped++;
    else upright++;
  }
  if (
    probe.length &&
    2 * flipped > probe.length &&
    !(await readsUpright(
      m,
      img,
      probe.slice(0, 3).map((i) => boxes[i]),
    ))
  ) {
    boxes = flipBoxes(boxes, img.width, img.height);
    img = timedSync('rotate', () => rotateImage(img, 180));
    rot = rot === 90 ? 270 : 180;
  }
  return { rot, img, boxes };
}

/** A line the English model read as Latin text, confidently (it reads CJK lines as nothing or as a few
 * low-scoring letters). */
const PROBE_SCORE = 0.75;
const latinRead = (r: Recognised): string => (r.score >= PROBE_SCORE ? r.text : '');

/** Whether the page is Latin text, from its widest lines read by the English model; stops once the
 * verdict is settled. The reads are kept for reuse (on a Latin page, and for Latin lines of a Chinese one). */
async function probeLatin(
  m: OcrModels,
  img: GrayImage,
  boxes: DetBox[],
  idx: number[],
  keep: Map<number, Recognised>,
): Promise<boolean> {
  const texts: string[] = [];
  for (const i of idx) {
    const verdict = latinVerdict(texts, idx.length);
    if (verdict !== null) return verdict;
    const r = await recogniseBox(m, m.en, img, boxes[i]);
    keep.set(i, r);
    texts.push(latinRead(r));
  }
  return latinVerdict(texts, idx.length) ?? false;
}

async function readAll(
  m: OcrModels,
  rec: RecModel,
  img: GrayImage,
  boxes: DetBox[],
  idx: number[],
): Promise<Map<number, Recognised>> {
  const out = new Map<number, Recognised>();
  for (const i of idx) out.set(i, await recogniseBox(m, rec, img, boxes[i]));
  return out;
}

/** Reads a page image. Lines scoring under 0.5 (noise, pictures) are dropped. */
export async function ocrImage(page: GrayImage, opts: OcrOptions = {}): Promise<OcrResult> {
  const m = await ocrModels(opts.log);
  const o = await orient(m, page);
  const { img } = o;
  const { boxes: found, suspects } = uprightOnly(o.boxes);
  const grown = new Map(found.map((b) => [b, { ...b, ...growEnds(img, b) }]));
  const boxes = found.map((b) => grown.get(b)!);
  for (const st of suspects) st.forEach((b, k) => (st[k] = grown.get(b) ?? b));
  const all = [...boxes.keys()];
  let read: Map<number, Recognised>;
  if (opts.lang === 'en') read = await readAll(m, m.en, img, boxes, all);
  else {
    const en = new Map<number, Recognised>();
    if (opts.lang !== 'zh' && (await probeLatin(m, img, boxes, widest(boxes, 6), en))) {
      read = new Map([
        ...en,
        ...(await readAll(
          m,
          m.en,
          img,
          boxes,
          all.filter((i) => !en.has(i)),
        )),
      ]);
    } else {
      read = await readAll(m, await m.zh(), img, boxes, all);
      for (const r of read.values()) r.text = fullWidthMarks(r.text);
      // Latin lines on a Chinese page: the English model keeps their word spaces.
      for (const [i, r] of read) {
        if (!isLatin(r.text)) continue;
        const e = en.get(i) ?? (await recogniseBox(m, m.en, img, boxes[i]));
        if (e.score >= Math.max(DROP_SCORE, r.score - 0.05)) read.set(i, e);
      }
    }
  }
  const index = new Map(boxes.map((b, i) => [b, i]));
  for (const st of suspects) {
    const rs = st.map((b) => read.get(index.get(b)!)?.score ?? 0);
    // Page numbers end rows of text: most of them have a line to their left on their row.
    const rowEnds = st.filter((b) =>
      boxes.some(
        (a) => !st.includes(a) && Math.abs(a.cy - b.cy) < 0.5 * Math.max(a.h, b.h) && a.cx + a.w / 2 <= b.cx - b.w / 2,
      ),
    ).length;
    if (rs.reduce((a, b) => a + b, 0) / rs.length < SUSPECT_SCORE || 2 * rowEnds < st.length)
      for (const b of st) read.delete(index.get(b)!);
  }
  const lines: OcrLine[] = [];
  for (const [i, r] of read)
    if (r.text && r.score >= DROP_SCORE) lines.push({ ...r, box: boxes[i], innerH: boxes[i].innerH });
  return { rotation: o.rot, image: img, lines };
}
