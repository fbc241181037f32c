// Per-page analysis of a page range: what one worker thread runs. PDF pages go through the mupdf
// adapter (pages without a usable text layer through OCR); an image input is read by OCR, its
// picture being the figure when it holds no text.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PdfDocument } from '../pdf/mupdf.ts';
import { ocrReason, PDF_SCALE, recognisePdfPage } from '../source/ocr-pages.ts';
import { MAX_CROP_PIXELS, renderScale } from '../input/caps.ts';
import { analyseImagePages } from './image-pages.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { AnalyseOptions, PageAnalysis } from '../model.ts';
import { cropName, safeAnalyse } from '../kinds/safe-page.ts';
import { startPage } from './page-cache.ts';
import { claimPages } from './page-cursor.ts';

/** Opens a PDF, mapping mupdf failures and encryption to EngineError 1106. */
export function openPdf(data: Uint8Array, fileName: string): PdfDocument {
  let doc: PdfDocument;
  try {
    doc = new PdfDocument(data);
  } catch {
    throw new EngineError(ErrorCodes.INVALID_PDF, `${fileName} is damaged or not a valid PDF`);
  }
  if (doc.needsPassword) {
    doc.close();
    throw new EngineError(
      ErrorCodes.INVALID_PDF,
      `This PDF is password-protected (${fileName}): send its password in the password field, or remove the protection`,
    );
  }
  // A page needs at least a few dozen bytes; fuzzed files can claim millions of pages.
  if (doc.pageCount <= 0 || doc.pageCount > Math.max(16, data.length / 24)) {
    doc.close();
    throw new EngineError(ErrorCodes.INVALID_PDF, `${fileName} is damaged or not a valid PDF (no readable pages)`);
  }
  return doc;
}

async function analysePdf(data: Uint8Array, start: number, end: number, opts: AnalyseOptions): Promise<PageAnalysis[]> {
  const doc = openPdf(data, 'the PDF');
  const out: PageAnalysis[] = [];
  const writes = new Set<Promise<void>>();
  let dirReady = false;
  try {
    const last = Math.min(end, doc.pageCount);
    const cursor = opts.cursor;
    let stop = cursor ? start : last;
    for (let i = start; ; i++) {
      if (i >= stop) {
        const next = cursor && claimPages(cursor, opts.cursorParts ?? 0);
        if (!next || next[0] >= last) break;
        [i, stop] = [next[0], Math.min(last, next[1])];
      }
      if (startPage(opts, i, out)) continue;
      let pg: ReturnType<PdfDocument['loadPage']>;
      try {
        pg = doc.loadPage(i);
      } catch {
        // A damaged page: keep its place, with nothing on it.
        out.push({ pageNum: i, width: 612, height: 792, scale: 2, scanned: false, elems: [] });
        opts.onPage?.(i);
        continue;
      }
      try {
        const ocr = await recognisePdfPage(pg, opts.ocr);
        const { page, figures } = safeAnalyse(ocr ?? pg.raw, i);
        if (ocr) page.scanned = true;
        if (opts.imageDir && figures.length) {
          if (!dirReady) {
            await mkdir(opts.imageDir, { recursive: true });
            dirReady = true;
          }
          for (const [k, f] of figures.entries()) {
            const png = cropPng(pg, f.elem.bbox, f.elem.images);
            if (!png) continue;
            f.elem.crop = cropName(i, k + 1);
            // Writes overlap with the next pages' work; a few at most are in flight.
            const w: Promise<void> = writeFile(join(opts.imageDir, f.elem.crop), png).then(() => {
              writes.delete(w);
            });
            writes.add(w);
            if (writes.size >= 8) await Promise.race(writes);
          }
        }
        for (const f of figures) delete (f.elem as { images?: number[] }).images;
        // Rendered (read by OCR, or a figure cropped) at less than 144 dpi: the result says so.
        const scale = renderScale(pg.raw.pageWidth, pg.raw.pageHeight, PDF_SCALE);
        if (scale < PDF_SCALE && (ocr || figures.length)) page.reducedDpi = Math.round(72 * scale);
        out.push(page);
        // A page OCR read (text found or not: the reading is what costs) is kept for a resumed run, once its crops are written.
        if (opts.cache && opts.ocr?.enabled && ocrReason(pg.raw)) {
          await Promise.all(writes);
          await opts.cache.put(page);
        }
      } finally {
        pg.close();
      }
      opts.onPage?.(i);
    }
    await Promise.all(writes);
  } finally {
    doc.close();
    await Promise.allSettled(writes);
  }
  return out;
}

/** The embedded image itself when it is the whole figure and not much larger than shown (a 1-bit mask
 * alone on its area up to ~360 DPI, as a 1-bit PNG); else a render of the figure's area at 144 DPI (in
 * gray when every image in it is gray). */
function cropPng(
  pg: ReturnType<PdfDocument['loadPage']>,
  bbox: [number, number, number, number],
  ids: number[],
): Uint8Array | null {
  const ims = pg.raw.images.filter((x) => ids.includes(x.id));
  if (ims.length === 1) {
    const shownPx = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]) * 4;
    try {
      // Never decoded beyond the render cap, whatever the page's size (a huge page's embedded image is rendered smaller).
      const mask = pg.maskPng(ims[0].id, Math.min(6.25 * shownPx, MAX_CROP_PIXELS));
      if (mask) return mask;
      if (ims[0].width * ims[0].height <= Math.min(1.5 * shownPx, MAX_CROP_PIXELS)) return pg.imagePng(ims[0].id);
    } catch {
      // masks under other content and odd colour spaces: render instead
    }
  }
  try {
    return pg.renderPng(bbox, 2, ims.length > 0 && ims.every((i) => i.gray));
  } catch {
    return null;
  }
}

/** Analyses pages [startPage, endPage) of a file whose type was sniffed as `fileType` ('.pdf', '.png', …). */
export async function analysePages(
  filePath: string,
  fileType: string,
  startPage: number,
  endPage: number,
  opts: AnalyseOptions,
): Promise<PageAnalysis[]> {
  const data = new Uint8Array(await readFile(filePath));
  if (fileType === '.pdf') return analysePdf(data, startPage, endPage, opts);
  return analyseImagePages(data, fileType, startPage, endPage, opts);
}
