// The floor of the engine's own stack for `npm run bench:engine -- --whole --floor`: a whole process that
// loads mupdf's WASM as the engine does and reads every page's structured text with the engine's flags
// (engine/pdf/mupdf.ts), then stops. No walk of the chars, no layout analysis, no crops, no outputs:
// what any parse with this stack costs at least, on one thread. `node bench/stext-floor.ts FILE`.
import '../engine/pdf/wasm-handle.ts';
import * as mupdf from 'mupdf';
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/stext-floor.ts FILE.pdf');
const doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf');
const pages = doc.countPages();
for (let i = 0; i < pages; i++) {
  const page = doc.loadPage(i);
  page.toStructuredText('preserve-whitespace,preserve-images,vectors').destroy();
  page.destroy();
}
doc.destroy();
