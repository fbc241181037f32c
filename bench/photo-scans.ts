// Photo-like page images for the OCR bench: what a phone photo or a lossy screenshot of a page looks
// like, made deterministically from a clean grey render (see make-scans.ts, which writes the sets).
// Lower resolution (the caller renders at ~115 dpi), grey paper under a smooth uneven light (a gradient
// and a vignette), a mild perspective with a larger skew (up to ±3°), a slight blur, noise, and a JPEG
// round trip through mupdf for the compression's blockiness.
import * as mupdf from 'mupdf';

/** Resolution of the photo-like sets. */
export const PHOTO_DPI = 115;

/** A photo-like copy of grey pixels `src` (w × h); `rand` is the set's seeded generator. */
export function photograph(src: Uint8ClampedArray, w: number, h: number, rand: () => number): Uint8ClampedArray {
  const skew = (rand() - 0.5) * 6,
    keyst = (rand() - 0.5) * 0.06; // degrees; relative width change top→bottom
  const gx = rand() - 0.5,
    gy = rand() - 0.5,
    lo = 0.62 + rand() * 0.1; // light gradient direction, darkest corner
  const c = Math.cos((skew * Math.PI) / 180),
    s = Math.sin((skew * Math.PI) / 180),
    mx = w / 2,
    my = h / 2;
  const px = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 255 : src[y * w + x]);
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // Perspective: rows nearer one edge are seen wider (a keystone), then the skew.
      const k = 1 + keyst * ((y - my) / h);
      const rx = (x - mx) / k,
        ry = y - my;
      const fx = mx + rx * c + ry * s,
        fy = my - rx * s + ry * c;
      const x0 = Math.floor(fx),
        y0 = Math.floor(fy),
        ax = fx - x0,
        ay = fy - y0;
      const v =
        ((px(x0, y0) * (1 - ax) + px(x0 + 1, y0) * ax) * (1 - ay) +
          (px(x0, y0 + 1) * (1 - ax) + px(x0 + 1, y0 + 1) * ax) * ay) *
          0.6 +
        (px(x0 - 1, y0) + px(x0 + 1, y0) + px(x0, y0 - 1) + px(x0, y0 + 1)) * 0.1;
      // Light: a linear gradient across the page times a vignette; the paper is grey, ink stays dark.
      const nx = x / w - 0.5,
        ny = y / h - 0.5;
      const light = (0.9 + (gx * nx + gy * ny) * 2 * (0.9 - lo)) * (1 - 0.35 * (nx * nx + ny * ny));
      const paper = 215 * light,
        ink = 35 + 25 * (1 - light);
      out[y * w + x] = ink + ((paper - ink) * v) / 255 + (rand() - 0.5) * 24;
    }
  // JPEG round trip at a phone-like quality: 8 × 8 blocks and ringing around the strokes.
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
  pix.getPixels().set(out);
  const jpg = new mupdf.Image(pix.asJPEG(55, false)).toPixmap();
  const back = jpg.getPixels();
  const n = jpg.getNumberOfComponents();
  for (let i = 0; i < w * h; i++) out[i] = back[i * n];
  return out;
}
