// OCR for the page analysis: decides which PDF pages need it (no text layer, or a garbage one) and
// turns a page image into a RawPage of recognised lines, which the usual page analysis then reads.
import type { PdfPage } from '../pdf/mupdf.ts';
import type { RawPage } from '../raw.ts';
import type { OcrSettings } from '../model.ts';
import { clipRect, rectArea } from '../raw.ts';
import type { GrayImage } from '../ocr/gray.ts';
import type { OcrLang } from '../ocr/script.ts';
import { timedSync } from '../ocr/profile.ts';
import { renderScale } from '../input/caps.ts';

export type { OcrLang };

export const DEFAULT_OCR: OcrSettings = { enabled: true, lang: 'auto' };
export const OCR_LANGS: readonly OcrLang[] = ['auto', 'en', 'zh'];

/** Render resolution of PDF pages for OCR: 144 dpi, the unit of the output boxes. */
export const PDF_SCALE = 2;
/** Thresholds of the choice of pages to read by OCR. */
const OCR_PAGES = {
  /** Fewer recognised characters than this: the page is a picture, not text. */
  minRecognised: 4,
  /** A text layer of fewer characters is no text layer (a page number, a stamp over a scan). */
  textLayer: 20,
  /** Unmapped glyphs (U+FFFD, private use) on more than this share of the characters: a garbage layer. */
  garbage: 0.3,
  /** Images covering more than this share of a page without a text layer: a scan. */
  imageCover: 0.3,
} as const;

/** Why a PDF page must be recognised: 'scan' (an image, no text layer), 'garbage' (a text layer of
 * mostly unmapped glyphs), or null (its text layer is good, visible or not). */
export function ocrReason(raw: RawPage): 'scan' | 'garbage' | null {
  const chars = textCharCount(raw);
  if (isScanned(raw, chars)) return 'scan';
  if (chars < OCR_PAGES.textLayer) return null;
  let bad = 0;
  for (const b of raw.blocks)
    for (const l of b.lines) for (const c of l.text) if (c === '\ufffd' || (c >= '\ue000' && c <= '\uf8ff')) bad++;
  return bad > OCR_PAGES.garbage * chars ? 'garbage' : null;
}

/** Starts loading the OCR pipeline and models in the background (a worker as it starts, a PDF page about
 * to be rendered for OCR). Resolves false on a failure, which is left to the first page that needs them
 * (it loads them again). */
export function warmOcr(): Promise<boolean> {
  return Promise.all([
    import('../ocr/pipeline.ts'),
    import('../ocr/to-raw.ts'),
    import('../ocr/runtime.ts').then((r) => r.ocrModels()),
  ]).then(
    () => true,
    () => false,
  );
}

/** Recognised lines of a page image as a RawPage (units of `unit` pixels), or null when it holds no text. */
export async function recogniseImage(
  img: GrayImage,
  unit: number,
  index: number,
  s: OcrSettings,
): Promise<RawPage | null> {
  // Loaded on the first page to read: a run of text-layer pages never loads the OCR pipeline.
  const [{ ocrImage }, { toRawPage }] = await Promise.all([import('../ocr/pipeline.ts'), import('../ocr/to-raw.ts')]);
  const res = await ocrImage(img, { lang: s.lang });
  const chars = res.lines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);
  if (chars < OCR_PAGES.minRecognised) return null;
  return timedSync('to raw', () => toRawPage(res, unit, img.width / unit, img.height / unit, index));
}

/** The OCR reading of a PDF page that needs one (see ocrReason), else null. */
export async function recognisePdfPage(pg: PdfPage, s: OcrSettings | undefined): Promise<RawPage | null> {
  if (!s?.enabled || !ocrReason(pg.raw)) return null;
  // A page too large for the render cap is read at a lower resolution (analysePdf warns of it).
  const scale = renderScale(pg.raw.pageWidth, pg.raw.pageHeight, PDF_SCALE);
  void warmOcr(); // the models load while the page renders
  const res = await recogniseImage(
    timedSync('render', () => pg.renderGray(scale)),
    scale,
    pg.raw.index,
    s,
  );
  // Points of the page itself: the render may be a pixel larger than the page at 144 dpi.
  if (res) {
    res.pageWidth = pg.raw.pageWidth;
    res.pageHeight = pg.raw.pageHeight;
  }
  if (res && (res.rotation === 90 || res.rotation === 270)) {
    res.width = pg.raw.pageHeight;
    res.height = pg.raw.pageWidth;
  } else if (res) {
    res.width = pg.raw.pageWidth;
    res.height = pg.raw.pageHeight;
  }
  return res;
}

/** Characters of the page's text layer, white space aside. */
export function textCharCount(page: RawPage): number {
  let n = 0;
  for (const b of page.blocks) for (const l of b.lines) n += l.text.replace(/\s/g, '').length;
  return n;
}

/** True when the page is an image with (almost) no text layer. */
export function isScanned(page: RawPage, chars: number): boolean {
  if (chars >= OCR_PAGES.textLayer) return false;
  const cover = page.images.reduce((a, i) => a + rectArea(clipRect(i.bbox, page.width, page.height)), 0);
  return cover > OCR_PAGES.imageCover * page.width * page.height;
}
