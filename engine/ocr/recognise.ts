// Text recognition with a PP-OCR CTC model, one line per call (cheaper than batches on CPU), and the
// direction classifier (is a line upside down?). Characters keep their position along the line.
import type { Box, GrayImage } from './gray.ts';
import { cropBox } from './gray.ts';
import { infer, type OcrModels, type RecModel } from './runtime.ts';
import { timed, timedSync } from './profile.ts';

export interface Recognised {
  text: string;
  /** Mean probability of the emitted characters. */
  score: number;
  /** Per char of `text`: its left and right edge as a fraction of the box's length (0..1). */
  x0: number[];
  x1: number[];
}

const REC_H = 48,
  MIN_W = 320,
  MAX_W = 3200;

/** Normalised 3-channel tensor data of a grey crop, right-padded to `bw` with mid grey (0). */
function tensorOf(g: Float32Array, w: number, h: number, bw: number): Float32Array {
  const plane = h * bw,
    x = new Float32Array(3 * plane);
  for (let y = 0; y < h; y++)
    for (let i = 0; i < w; i++) {
      const v = g[y * w + i] / 127.5 - 1;
      x[y * bw + i] = v;
      x[plane + y * bw + i] = v;
      x[2 * plane + y * bw + i] = v;
    }
  return x;
}

export async function recogniseBox(m: OcrModels, rec: RecModel, img: GrayImage, box: Box): Promise<Recognised> {
  const crop = timedSync('rec crop', () => cropBox(img, box, REC_H, MAX_W));
  // Widths in steps of 160 px: few distinct tensor shapes keep the runtime's native memory from fragmenting.
  const bw = Math.max(MIN_W, Math.ceil(crop.width / 160) * 160);
  const y = await timed(`rec ${rec.name}`, () =>
    infer(m, rec.session, tensorOf(crop.data, crop.width, REC_H, bw), [1, 3, REC_H, bw]),
  );
  const [, T, C] = y.dims;
  if (rec.classes.length + 1 === C) rec.classes.push(' ');
  if (rec.classes.length !== C) throw new Error(`OCR dictionary has ${rec.classes.length} classes, the model ${C}`);
  const step = bw / T / crop.width;
  let text = '',
    prev = 0,
    sum = 0;
  const x0: number[] = [],
    x1: number[] = [];
  for (let t = 0; t < T; t++) {
    let best = 0,
      bv = -1;
    const base = t * C;
    for (let c = 0; c < C; c++)
      if (y.data[base + c] > bv) {
        bv = y.data[base + c];
        best = c;
      }
    if (best !== 0 && best === prev && x1.length) x1[x1.length - 1] = Math.min(1, (t + 1) * step);
    else if (best !== 0) {
      text += rec.classes[best];
      x0.push(Math.min(1, t * step));
      x1.push(Math.min(1, (t + 1) * step));
      sum += bv;
    }
    prev = best;
  }
  const lead = text.length - text.trimStart().length,
    end = text.trimEnd().length;
  return {
    text: text.slice(lead, end),
    score: text.length ? sum / text.length : 0,
    x0: x0.slice(lead, end),
    x1: x1.slice(lead, end),
  };
}

const CLS_H = 48,
  CLS_W = 192;

/** Probability that the line in `box` is upside down (direction classifier). The classifier sees the
 * middle of the line, as long as its input's shape (4 box heights): a whole line squeezed into that shape
 * gave upside-down scores up to 0.96 on upright English lines; the middle part scores them under 0.2. */
export async function upsideDown(m: OcrModels, img: GrayImage, box: Box): Promise<number> {
  const y = await timed('cls', () => {
    const crop = cropBox(img, { ...box, w: Math.min(box.w, (CLS_W / CLS_H) * box.h) }, CLS_H, CLS_W);
    return infer(m, m.cls, tensorOf(crop.data, crop.width, CLS_H, CLS_W), [1, 3, CLS_H, CLS_W]);
  });
  return y.data[1];
}
