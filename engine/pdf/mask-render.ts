// Renders a page area through mupdf's draw device, except the 1-bit image masks that are far larger than
// they are drawn (page-sized fax scans): those are decoded by fax.ts and box-scaled by mask-scale.ts
// instead of mupdf decoding every bit and subsampling (a third of a second for two such pages of a
// book). Everything else is handed to the draw device in the page's own order, so what is drawn over or
// under the mask stays so. A mask is only taken over when nothing can change how it lands: drawn upright
// at full opacity in grey or RGB, outside any group, soft mask or tile, inside rectangular clips only.
import * as mupdf from 'mupdf';
import { maskRows } from './mask-rows.ts';
import { MaskScaler } from './mask-scale.ts';

type Rect4 = [number, number, number, number];

/** Device methods handed to the draw device as they are. */
const FORWARDED = [
  'fillPath',
  'strokePath',
  'clipStrokePath',
  'fillText',
  'strokeText',
  'clipText',
  'clipStrokeText',
  'ignoreText',
  'fillShade',
  'fillImage',
  'clipImageMask',
  'popClip',
  'beginMask',
  'endMask',
  'beginGroup',
  'endGroup',
  'beginTile',
  'endTile',
  'beginLayer',
  'endLayer',
] as const;
/** Of those, the ones that open a clip (closed by popClip; a soft mask becomes one at its end) and the
 * ones that open or close a group, soft mask or tile. */
const CLIPS = new Set(['clipStrokePath', 'clipText', 'clipStrokeText', 'clipImageMask', 'endMask']);
const OPENS = new Set(['beginMask', 'beginGroup', 'beginTile']),
  CLOSES = new Set(['endMask', 'endGroup', 'endTile']);

/** The rectangle a path is, in page space (after `ctm`), or null when it is anything else. */
function rectOf(path: mupdf.Path, ctm: mupdf.Matrix): Rect4 | null {
  const pts: number[] = [];
  let curves = false;
  path.walk({
    moveTo: (x, y) => pts.push(x, y),
    lineTo: (x, y) => pts.push(x, y),
    curveTo: () => {
      curves = true;
    },
    closePath: () => {},
  });
  if (curves || pts.length < 8 || pts.length > 10) return null;
  const xs: number[] = [],
    ys: number[] = [];
  for (let i = 0; i < pts.length; i += 2) {
    xs.push(ctm[0] * pts[i] + ctm[2] * pts[i + 1] + ctm[4]);
    ys.push(ctm[1] * pts[i] + ctm[3] * pts[i + 1] + ctm[5]);
  }
  const r: Rect4 = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const onEdge = xs.every(
    (x, i) =>
      (Math.abs(x - r[0]) < 1e-3 || Math.abs(x - r[2]) < 1e-3) &&
      (Math.abs(ys[i] - r[1]) < 1e-3 || Math.abs(ys[i] - r[3]) < 1e-3),
  );
  return onEdge ? r : null;
}

/**
 * Runs `page` into `pix` through a draw device with `ctm`, masks larger than `minScale`× their drawn
 * pixels painted from their own rows (maskRows); any mask that cannot be read so is drawn by mupdf.
 * False when any drawing call failed: no error is let through mupdf's interpreter from here, and the
 * caller renders the area the usual way instead.
 */
export function renderWithMasks(page: mupdf.Page, pix: mupdf.Pixmap, ctm: mupdf.Matrix, minScale: number): boolean {
  const draw = new mupdf.DrawDevice(ctm, pix);
  const clips: (Rect4 | null)[] = [];
  let nested = 0,
    failed = false;
  /** Runs one call for mupdf, then drops this side's references to the objects it was given. */
  const guard = (args: unknown[], call: () => unknown): unknown => {
    try {
      return failed ? undefined : call();
    } catch {
      failed = true;
      return undefined;
    } finally {
      for (const a of args)
        if (a && typeof a === 'object' && !Array.isArray(a) && 'destroy' in a) (a as { destroy(): void }).destroy();
    }
  };
  const calls: Record<string, (...args: never[]) => unknown> = {};
  for (const name of FORWARDED) {
    calls[name] = (...args: unknown[]) => {
      if (OPENS.has(name)) nested++;
      if (CLOSES.has(name)) nested--;
      if (CLIPS.has(name)) clips.push(null);
      if (name === 'popClip') clips.pop();
      return guard(args, () => (draw[name] as (...a: unknown[]) => unknown).apply(draw, args));
    };
  }
  calls.clipPath = (path: mupdf.Path, evenOdd: boolean, m: mupdf.Matrix) => {
    clips.push(rectOf(path, m));
    guard([path], () => draw.clipPath(path, evenOdd, m));
  };
  calls.fillImageMask = (image: mupdf.Image, m: mupdf.Matrix, cs: mupdf.ColorSpace, color: number[], alpha: number) =>
    guard(
      [image, cs],
      () =>
        paintMask(page, pix, ctm, image, m, cs, color, alpha, nested === 0 ? clips : null, minScale) ||
        draw.fillImageMask(image, m, cs, color as mupdf.Color, alpha),
    );
  const dev = new mupdf.Device(calls as never); // mupdf does not export its callbacks' type
  try {
    page.run(dev, mupdf.Matrix.identity);
    dev.close();
    draw.close();
  } finally {
    dev.destroy();
    draw.destroy();
  }
  return !failed;
}

/** Paints the mask from its own rows when it may be (see the file's first lines); false if not painted. */
function paintMask(
  page: mupdf.Page,
  pix: mupdf.Pixmap,
  ctm: mupdf.Matrix,
  image: mupdf.Image,
  m: mupdf.Matrix,
  cs: mupdf.ColorSpace,
  color: number[],
  alpha: number,
  clips: (Rect4 | null)[] | null,
  minScale: number,
): boolean {
  if (!clips || alpha !== 1 || Math.abs(m[1]) > 1e-6 || Math.abs(m[2]) > 1e-6 || !(m[0] > 0 && m[3] > 0)) return false;
  const d = mupdf.Matrix.concat(m, ctm);
  if (Math.abs(d[1]) > 1e-6 || Math.abs(d[2]) > 1e-6 || !(d[0] > 0 && d[3] > 0)) return false;
  const w = image.getWidth(),
    h = image.getHeight();
  if (w * h < minScale * d[0] * d[3]) return false;
  const at: Rect4 = [m[4], m[5], m[4] + m[0], m[5] + m[3]];
  if (
    !clips.every(
      (c) => c && c[0] <= at[0] + 1e-3 && c[1] <= at[1] + 1e-3 && c[2] >= at[2] - 1e-3 && c[3] >= at[3] - 1e-3,
    )
  )
    return false;
  const n = pix.getNumberOfComponents();
  if (pix.getAlpha() || (n !== 1 && n !== 3) || !(cs.isGray() || (cs.isRGB() && n === 3))) return false;
  const ink = cs.isGray() ? Array<number>(n).fill(Math.round(color[0] * 255)) : color.map((c) => Math.round(c * 255));
  const x = pix.getX(),
    y = pix.getY();
  const scaler = new MaskScaler(
    w,
    h,
    d[4] - x,
    d[5] - y,
    d[4] + d[0] - x,
    d[5] + d[3] - y,
    pix.getWidth(),
    pix.getHeight(),
  );
  const row = new Uint8Array((w + 7) >> 3);
  let rows: Uint8Array | null = null;
  try {
    rows = maskRows(page, w, h, {
      out: row,
      offset: 0,
      stride: 0,
      onRow: (r, changes, k, inkFirst) => {
        if (changes) scaler.addRuns(r, changes, k, inkFirst);
        else scaler.addRow(r, row, 0);
      },
    });
  } catch {
    // a stream mupdf cannot read as such: mupdf draws the image
  }
  if (!rows) return false;
  scaler.paint(pix.getPixels(), pix.getStride(), n, ink);
  return true;
}
