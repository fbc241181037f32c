// One page image → recognised text lines, upright: detection and orientation (orient.ts), text running
// up or down the page set aside (stacks.ts), line ends grown (ends.ts), script choice, recognition.
import type { Box, GrayImage } from './gray.ts';
import type { DetBox } from './detect.ts';
import { growEnds } from './ends.ts';
import { recogniseBox, type Recognised } from './recognise.ts';
import { fullWidthMarks, isLatin, latinVerdict, type OcrLang } from './script.ts';
import { ocrModels, type OcrModels, type RecModel } from './runtime.ts';
import { orient, type Turn, widest } from './orient.ts';
import { dropSuspects, uprightOnly } from './stacks.ts';

export interface OcrLine extends Recognised {
  box: Box;
  innerH: number;
}

export interface OcrResult {
  /** Clockwise turn applied to the page image before reading (0 when it was upright). */
  rotation: Turn;
  /** The upright image the boxes refer to. */
  image: GrayImage;
  lines: OcrLine[];
}

export interface OcrOptions {
  lang?: OcrLang;
  log?: (line: string) => void;
}

/** Thresholds of the readings. */
export const READING = {
  /** Lines scoring under this are dropped (noise, pictures). */
  drop: 0.5,
  /** A line the English model read as Latin text, confidently (it reads CJK lines as nothing or as a few
   * low-scoring letters). */
  latin: 0.75,
  /** The widest lines that decide whether a page is Latin text. */
  latinProbes: 6,
  /** On a Chinese page a Latin line takes the English reading when it scores at most this much less. */
  latinMargin: 0.05,
} as const;

const latinRead = (r: Recognised): string => (r.score >= READING.latin ? r.text : '');

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

/** Reads a page image. Lines scoring under READING.drop (noise, pictures) are dropped. */
export async function ocrImage(page: GrayImage, opts: OcrOptions = {}): Promise<OcrResult> {
  const m = await ocrModels(opts.log);
  const o = await orient(m, page);
  const { img } = o;
  const { boxes: found, suspects } = uprightOnly(o.boxes);
  const grown = new Map(found.map((b) => [b, { ...b, ...growEnds(img, b) }]));
  const boxes = found.map((b) => grown.get(b)!);
  for (const st of suspects) for (const [k, b] of st.entries()) st[k] = grown.get(b) ?? b;
  const all = [...boxes.keys()];
  let read: Map<number, Recognised>;
  if (opts.lang === 'en') read = await readAll(m, m.en, img, boxes, all);
  else {
    const en = new Map<number, Recognised>();
    if (opts.lang !== 'zh' && (await probeLatin(m, img, boxes, widest(boxes, READING.latinProbes), en))) {
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
        if (e.score >= Math.max(READING.drop, r.score - READING.latinMargin)) read.set(i, e);
      }
    }
  }
  dropSuspects(suspects, boxes, read);
  const lines: OcrLine[] = [];
  for (const [i, r] of read)
    if (r.text && r.score >= READING.drop) lines.push({ ...r, box: boxes[i], innerH: boxes[i].innerH });
  return { rotation: o.rot, image: img, lines };
}
