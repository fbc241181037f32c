// The hard caps on hostile input that hold before any decoding or rendering starts: the pixels of an image
// file (read from its header, every page of a TIFF) and the pixels of a page render (page area × resolution).
// An image over its cap is refused with an error that names the limit; a page too large to render at the
// usual resolution is rendered at a lower one, and the result says so (WARNINGS.reduced).
import { EngineError, ErrorCodes } from '../errors.ts';
import { WARNINGS } from '../types.ts';
import { imageSize, tiffPageSizes, type Size } from './image-size.ts';

/** Largest image file the engine decodes: 100 megapixels (an A3 scan at 600 dpi is 70 MP). */
const MAX_IMAGE_PIXELS = 100_000_000;
/** Largest render of a page for OCR: 40 megapixels of grey (an A0 poster at 144 dpi is 32 MP). */
export const MAX_RENDER_PIXELS = 40_000_000;
/** Largest figure crop (rendered, or an embedded image decoded): 16 megapixels (RGB: three bytes a pixel). */
export const MAX_CROP_PIXELS = 16_000_000;

const mp = (px: number): string => `${Math.round(px / 1e5) / 10} MP`;

/** Throws EngineError 1118 when an image (or the page `page` of a TIFF, 0-based) has more pixels than the cap. */
function checkImagePixels(size: Size, fileName: string, page?: number): void {
  const px = size.width * size.height;
  if (px <= MAX_IMAGE_PIXELS) return;
  const where = page === undefined ? '' : ` (page ${page + 1})`;
  throw new EngineError(
    ErrorCodes.TOO_LARGE,
    `${fileName}${where} is ${size.width} × ${size.height} pixels (${mp(px)}); the engine decodes images of at most ${mp(MAX_IMAGE_PIXELS)}. Reduce its resolution and submit it again`,
  );
}

/** Checks an image file's header (each page of a TIFF) against MAX_IMAGE_PIXELS, before anything decodes it. */
export function checkImageFile(data: Uint8Array, fileName: string): void {
  const pages = tiffPageSizes(data);
  for (const [i, s] of pages.entries()) checkImagePixels(s, fileName, pages.length > 1 ? i : undefined);
  const size = pages.length ? null : imageSize(data);
  if (size) checkImagePixels(size, fileName);
}

/** `scale` (pixels per point) for a render of w × h points, lowered so the render stays within `cap` pixels. */
export function renderScale(w: number, h: number, scale: number, cap = MAX_RENDER_PIXELS): number {
  const area = Math.max(1, w) * Math.max(1, h);
  return area * scale * scale <= cap ? scale : Math.sqrt(cap / area);
}

/** One warning for the pages read at a lower resolution ([0-based page, dpi]), or null when there are none. */
export function reducedWarning(pages: [number, number][]): string | null {
  if (!pages.length) return null;
  const sorted = [...pages].sort((a, b) => a[0] - b[0]);
  const list =
    sorted
      .slice(0, 10)
      .map(([p]) => p + 1)
      .join(', ') + (sorted.length > 10 ? ', …' : '');
  return WARNINGS.reduced(
    sorted.length === 1 ? `Page ${list} is` : `${sorted.length} pages (${list}) are`,
    Math.min(...sorted.map(([, d]) => d)),
    mp(MAX_RENDER_PIXELS),
  );
}
