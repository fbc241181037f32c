// Makes a long PDF for the memory bench by concatenating corpus PDFs (whole documents, in turn)
// until it has the asked number of pages; also counts pages of the bench's inputs.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';

export function pageCount(path: string): number {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    return doc.countPages();
  } finally {
    doc.destroy();
  }
}

export async function makeLongPdf(sources: string[], pages: number, out: string): Promise<void> {
  const dst = new mupdf.PDFDocument();
  const srcs = sources.map((s) => mupdf.Document.openDocument(readFileSync(s), 'application/pdf').asPDF()!);
  // One graft map per source: its fonts and images are copied once, not once per page (a real long
  // document shares its resources; without this the file grows to ~50 KB a page).
  const maps = srcs.map(() => dst.newGraftMap());
  try {
    for (let n = 0, k = 0; n < pages; k++) {
      const src = srcs[k % srcs.length],
        map = maps[k % srcs.length];
      for (let i = 0; i < src.countPages() && n < pages; i++, n++) map.graftPage(-1, src, i);
    }
    await writeFile(out, dst.saveToBuffer('compress').asUint8Array());
  } finally {
    for (const m of maps) m.destroy();
    for (const s of srcs) s.destroy();
    dst.destroy();
  }
}
