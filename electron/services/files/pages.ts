// Cheap page counts before upload, without a PDF library: a PDF's (small files are scanned whole, including
// compressed object streams; big ones only at the head and tail, never loaded into memory) and a .pptx's slides.
// A heuristic for the sync/async choice and the queue view; the service's metadata replaces it later.
import { open, readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { readCentralDirectory } from '../fs-safe/zip-entries.ts';

/** Files up to this size are read whole (object streams inflated); bigger ones are sampled. */
const FULL_SCAN_MAX = 16 * 1024 * 1024;
const SAMPLE_BYTES = 4 * 1024 * 1024;
const MAX_INFLATED = 64 * 1024 * 1024;

const PAGE_OBJ = /\/Type\s*\/Page(?![A-Za-z])/g;
const PAGES_NODE = /\/Type\s*\/Pages(?![A-Za-z])/g;

interface Tally {
  leaves: number;
  rootCount: number;
}

function scan(text: string, t: Tally): void {
  t.leaves += text.match(PAGE_OBJ)?.length ?? 0;
  for (const m of text.matchAll(PAGES_NODE)) {
    // The /Count of a page-tree node sits in the same dictionary: look around, stop at object borders.
    const at = m.index ?? 0;
    let before = text.slice(Math.max(0, at - 512), at);
    let after = text.slice(at, at + 512);
    const cutB = Math.max(before.lastIndexOf('endobj'), before.lastIndexOf(' obj'));
    if (cutB >= 0) before = before.slice(cutB + 4);
    const cutA = after.indexOf('endobj');
    if (cutA >= 0) after = after.slice(0, cutA);
    for (const c of (before + after).matchAll(/\/Count\s+(\d+)/g)) t.rootCount = Math.max(t.rootCount, Number(c[1]));
  }
}

/** Inflates /Type /ObjStm streams (PDF 1.5+ hides page objects inside them). */
function scanObjectStreams(buf: Buffer, text: string, t: Tally): void {
  let budget = MAX_INFLATED;
  for (const m of text.matchAll(/\/Type\s*\/ObjStm/g)) {
    const start = text.indexOf('stream', m.index);
    if (start < 0) continue;
    let dataAt = start + 'stream'.length;
    if (text[dataAt] === '\r') dataAt++;
    if (text[dataAt] === '\n') dataAt++;
    const end = text.indexOf('endstream', dataAt);
    if (end < 0) continue;
    try {
      const out = inflateSync(buf.subarray(dataAt, end), { maxOutputLength: budget });
      budget -= out.length;
      scan(out.toString('latin1'), t);
    } catch {
      // Not Flate, damaged, or over budget: skip this stream.
    }
    if (budget <= 0) break;
  }
}

/** A page object takes dozens of bytes at least: a larger /Count is damage, not pages. */
const plausible = (n: number, size: number): boolean => n > 0 && n <= size / 32;
const result = (t: Tally, size: number): number | null =>
  plausible(t.rootCount, size) ? t.rootCount : plausible(t.leaves, size) ? t.leaves : null;

export async function countPdfPages(path: string, size: number): Promise<number | null> {
  try {
    const fh = await open(path, 'r');
    try {
      const t: Tally = { leaves: 0, rootCount: 0 };
      if (size <= FULL_SCAN_MAX) {
        const buf = await fh.readFile();
        const text = buf.toString('latin1');
        scan(text, t);
        scanObjectStreams(buf, text, t);
        return result(t, size);
      }
      for (const pos of [0, Math.max(SAMPLE_BYTES, size - SAMPLE_BYTES)]) {
        const buf = Buffer.alloc(Math.min(SAMPLE_BYTES, size - pos));
        const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
        const text = buf.subarray(0, bytesRead).toString('latin1');
        t.leaves = 0; // leaves in a sample are meaningless for the total
        scan(text, t);
      }
      return plausible(t.rootCount, size) ? t.rootCount : null;
    } finally {
      await fh.close();
    }
  } catch {
    return null;
  }
}

/** Presentations up to this size have their slides counted at intake (the zip is read whole). */
const SLIDES_READ_MAX = 64 * 1024 * 1024;

/** Slides of a .pptx, from the zip's directory alone (LibreOffice makes one page of each); null when not
 *  known. Hidden slides count too, though a conversion may leave them out. */
export async function countPptxSlides(path: string, size: number): Promise<number | null> {
  if (size > SLIDES_READ_MAX) return null;
  try {
    const entries = readCentralDirectory(new Uint8Array(await readFile(path)));
    const n = entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)).length;
    return n > 0 ? n : null;
  } catch {
    return null;
  }
}
