// Whole PDF pages drawn with mupdf for the app's review screen, where the browser's PDF library cannot
// open the original: a damaged file mupdf repairs, or a protected one whose password only the app's main
// process holds (it is handed to mupdf here and kept nowhere).
import './wasm-handle.ts'; // first: mupdf must find the module handle when it loads
import * as mupdf from 'mupdf';
import { pagePixmap, pixmapPng } from './mupdf-files.ts';

export interface PageViewDoc {
  readonly pageCount: number;
  /** Page `index` drawn `widthPx` pixels wide on white, as PNG; throws when mupdf cannot load the page. */
  render(index: number, widthPx: number): Uint8Array;
  close(): void;
}

/** Opens a PDF for drawing; 'password' when it is protected and `password` is absent or wrong. Throws on a
 * file mupdf cannot open at all. */
export function openPageView(data: Uint8Array, password?: string): PageViewDoc | 'password' {
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  if (doc.needsPassword() && !(password && doc.authenticatePassword(password))) {
    doc.destroy();
    return 'password';
  }
  return {
    pageCount: doc.countPages(),
    render: (index, widthPx) => pixmapPng(pagePixmap(doc, index, widthPx, mupdf.ColorSpace.DeviceRGB)),
    close: () => doc.destroy(),
  };
}
