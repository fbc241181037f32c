// A request's page range (local extension `page_range`): the PDF to parse is cut to those pages before the
// parse, and the cut PDF is kept as the task's preview (`result.pdf_url`), so the result's pages and boxes
// match what a viewer shows. Images are one page each (a multi-page TIFF is read whole).
import { readFile, writeFile } from 'node:fs/promises';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { DocumentInfo } from '../types.ts';

/** Checks `pages` (1-based) against the document and cuts the PDF at `pdfPath` in place: the info of the cut
 *  file, and whether it was cut (a range of every page, or an image, leaves the file as it is). */
export async function applyPageRange(
  pdfPath: string,
  info: DocumentInfo,
  pages: readonly number[],
  fileName: string,
): Promise<{ info: DocumentInfo; cut: boolean }> {
  const last = pages[pages.length - 1]!;
  if (last > info.pageCount) {
    throw new EngineError(
      ErrorCodes.PARAM_ERROR,
      `Parameter error: page_range asks for page ${last}, but ${fileName} has ${info.pageCount} page${info.pageCount === 1 ? '' : 's'}`,
    );
  }
  if (info.kind !== 'pdf' || pages.length === info.pageCount) return { info, cut: false };
  const { subsetPdf } = await import('../pdf/mupdf-files.ts'); // WASM loaded on first use
  await writeFile(
    pdfPath,
    subsetPdf(
      new Uint8Array(await readFile(pdfPath)),
      pages.map((p) => p - 1),
    ),
  );
  return { info: { ...info, pageCount: pages.length }, cut: true };
}
