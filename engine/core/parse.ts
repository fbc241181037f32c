// The engine's parsers: what the server, CLI and workers call (contract in engine/types.ts).
//   inspectDocument  fast upload-time check: type by content and extension, page count, clear errors.
//   parseDocument    whole document in-process: analysePages over all pages, then assembleDocument.
//   analysePages / assembleDocument  the two halves, so a worker pool can split a large PDF by page range.
import { readFile } from 'node:fs/promises';
import { WARNINGS, type DocumentInfo, type ParsedDocument, type ParseOptions } from '../types.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import { sniffFile } from '../input/sniff.ts';
import { openPdf, analysePages } from './analyse.ts';
import { assembleDocument, type DocumentMeta } from '../document/assemble.ts';
import { imageSize } from '../input/image-size.ts';
import { checkImageFile } from '../input/caps.ts';
import { DEFAULT_OCR } from '../source/ocr-pages.ts';
import { imagePageCount } from './image-pages.ts';
import { checkPageLimit } from './plan.ts';

export { analysePages, assembleDocument };
export type { DocumentMeta };
export type { AnalyseOptions, Elem, PageAnalysis } from '../model.ts';

export async function inspectDocument(filePath: string, fileName: string): Promise<DocumentInfo> {
  const s = await sniffFile(filePath, fileName);
  const data = new Uint8Array(await readFile(filePath));
  if (s.kind === 'pdf') {
    const doc = openPdf(data, fileName);
    const pageCount = doc.pageCount;
    const repaired = doc.repaired;
    doc.close();
    return { fileType: s.fileType, kind: 'pdf', pageCount, ...(repaired ? { warnings: [WARNINGS.damaged] } : {}) };
  }
  if (!imageSize(data))
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${fileName} is a damaged or truncated ${s.fileType} image`);
  checkImageFile(data, fileName); // before mupdf opens it: a header can declare gigapixels in a few bytes
  // A multi-page TIFF is a document of images, one page each.
  const pageCount =
    s.type === 'tiff'
      ? Math.max(
          1,
          (() => {
            try {
              return imagePageCount(data, s.fileType);
            } catch {
              return 1;
            }
          })(),
        )
      : 1;
  return { fileType: s.fileType, kind: 'image', pageCount };
}

/** `known`: the caller's inspectDocument of this file, so it is not read and opened once more. */
export async function parseDocument(
  filePath: string,
  fileName: string,
  options: ParseOptions,
  known?: DocumentInfo,
): Promise<ParsedDocument> {
  const info = known ?? (await inspectDocument(filePath, fileName));
  checkPageLimit(info.pageCount, options.maxPages);
  options.signal?.throwIfAborted();
  let done = 0;
  const total = info.pageCount;
  const analyses = await analysePages(filePath, info.fileType, 0, total, {
    imageDir: options.elementFormats.image === 'none' ? null : options.imageDir,
    signal: options.signal,
    ocr: options.ocr ?? DEFAULT_OCR,
    onPageStart: options.onPageStart,
    cache: options.pageCache,
    onPage: () => options.onProgress?.({ pages_done: ++done, pages_total: total }),
  });
  return assembleDocument(analyses, { fileType: info.fileType, pageCount: total }, options);
}
