// Image inputs (PNG, JPEG, GIF, BMP, WebP, TIFF with all its pages) read by OCR: each page's recognised lines
// go through the usual page analysis; a page without text (or with OCR off) is one figure, its picture.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeImage, decodeImagePages, type GrayPixels } from '../pdf/mupdf-files.ts';
import { encodePng } from '../pdf/png.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { AnalyseOptions, PageAnalysis } from '../model.ts';
import { cropName, safeAnalyse } from '../kinds/safe-page.ts';
import { checkImageFile } from '../input/caps.ts';
import { recogniseImage } from '../source/ocr-pages.ts';
import { startPage } from './page-cache.ts';
import { decodeWebp, grayOfRgba } from '../ocr/webp.ts';

const MAGIC: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

/** Image pixels per analysis unit: boxes come out in image pixels at scale 2. */
const UNIT = 2;

/** The area `r` (pixels) of a grey page as PNG. */
function cropGray(img: GrayPixels, r: [number, number, number, number]): Uint8Array {
  const x0 = Math.max(0, Math.floor(r[0])),
    y0 = Math.max(0, Math.floor(r[1]));
  const w = Math.max(1, Math.min(img.width, Math.ceil(r[2])) - x0),
    h = Math.max(1, Math.min(img.height, Math.ceil(r[3])) - y0);
  return encodePng(img.data.subarray(y0 * img.width + x0), w, h, 1, img.width);
}

/** Number of pages of an image file (several for a multi-page TIFF). */
export function imagePageCount(data: Uint8Array, ext: string): number {
  const doc = decodeImagePages(data, MAGIC[ext] ?? 'image/png');
  try {
    return doc.count;
  } finally {
    doc.close();
  }
}

export async function analyseImagePages(
  data: Uint8Array,
  ext: string,
  start: number,
  end: number,
  opts: AnalyseOptions,
): Promise<PageAnalysis[]> {
  checkImageFile(data, `The ${ext.slice(1).toUpperCase()} image`); // again here: the CLI and resumed tasks come this way too
  let doc: ReturnType<typeof decodeImagePages>;
  try {
    // WebP: not mupdf's; its decoder is loaded on the first WebP only.
    if (ext === '.webp') {
      const gray = grayOfRgba(await decodeWebp(data));
      doc = { count: 1, page: () => gray, close: () => {} };
    } else doc = decodeImagePages(data, MAGIC[ext] ?? 'image/png');
  } catch {
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `the ${ext} image is damaged or cannot be decoded`);
  }
  const out: PageAnalysis[] = [];
  try {
    for (let i = start; i < Math.min(end, doc.count); i++) {
      if (startPage(opts, i, out)) continue;
      const img = doc.page(i);
      const raw = opts.ocr?.enabled ? await recogniseImage(img, UNIT, i, opts.ocr) : null;
      if (raw) {
        const { page, figures } = safeAnalyse(raw, i);
        if (opts.imageDir && figures.length) await mkdir(opts.imageDir, { recursive: true });
        for (const [k, f] of figures.entries()) {
          delete (f.elem as { images?: number[] }).images;
          if (!opts.imageDir) continue;
          f.elem.crop = cropName(i, k + 1);
          await writeFile(
            join(opts.imageDir, f.elem.crop),
            cropGray(img, f.elem.bbox.map((v) => v * UNIT) as [number, number, number, number]),
          );
        }
        out.push({ ...page, scanned: true });
      } else {
        const page: PageAnalysis = {
          pageNum: i,
          width: img.width / UNIT,
          height: img.height / UNIT,
          scale: UNIT,
          scanned: true,
          elems: [
            {
              kind: 'figure',
              bbox: [0, 0, img.width / UNIT, img.height / UNIT],
              text: '',
              nLines: 0,
              size: 0,
              bold: 0,
              italic: 0,
              mono: 0,
              indent: false,
              shortLast: true,
              zone: 'body',
            },
          ],
        };
        if (opts.imageDir) {
          await mkdir(opts.imageDir, { recursive: true });
          // A single picture is its own crop (in colour; a PNG or WebP as it is); the pages of a TIFF are written as grey PNG.
          const single = doc.count === 1,
            asIs = single && (ext === '.png' || ext === '.webp');
          const name = cropName(i, 1, asIs ? ext : '.png');
          const png = asIs
            ? data
            : single
              ? decodeImage(data, true).png!
              : encodePng(img.data, img.width, img.height, 1, img.width);
          await writeFile(join(opts.imageDir, name), png);
          page.elems[0].crop = name;
        }
        out.push(page);
      }
      // A page OCR read (text found or not: the reading is what costs) is kept for a resumed run; its crops are written above.
      if (opts.ocr?.enabled && opts.cache) await opts.cache.put(out[out.length - 1]!);
      opts.onPage?.(i);
    }
  } finally {
    doc.close();
  }
  return out;
}
