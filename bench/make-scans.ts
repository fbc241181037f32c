// Makes scanned variants of corpus PDFs with known text, for the OCR bench and manual checks:
//   node bench/make-scans.ts [out-dir]   (default: <tmpdir>/docparse-scans)
// Each page is rendered grey at 150 dpi with mupdf, turned by a small skew, blurred and given noise,
// then written as PNG and into an image-only PDF; <set>.expected.md holds the born-digital parse of
// the same pages (the reference), <set>.titles.json its titles. The scan-photo-* sets take the same
// pages at 115 dpi as photo-like images (bench/photo-scans.ts): uneven light, perspective, JPEG.
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { parseDocument } from '../engine/core/parse.ts';
import { PHOTO_DPI, photograph } from './photo-scans.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG, type Block } from '../shared/somark.ts';

const corpus = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
const DPI = 150;

/** Scan sets: source pages (file, 0-based page) in order. */
export const SETS: Record<string, [string, number][]> = {
  'scan-en': [
    ...[0, 1, 2, 3, 4].map((p): [string, number] => ['pdf-digital/multi_page.pdf', p]),
    ['pdf-digital/multi-column-2p.pdf', 0],
    ['pdf-digital/multi-column-2p.pdf', 1],
    ['pdf-digital/2305.03393v1-pg9.pdf', 0],
    ['pdf-digital/redp5110_sampled.pdf', 1],
    ['pdf-digital/redp5110_sampled.pdf', 2],
  ],
  'scan-zh': Array.from({ length: 10 }, (): [string, number] => ['cjk/issue12823.pdf', 0]),
};
SETS['scan-photo-en'] = SETS['scan-en'];
SETS['scan-photo-zh'] = SETS['scan-zh'];

/** Small deterministic random numbers (the scans are the same on every run). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A scan-like copy of grey pixels: skew (degrees), a light blur, noise. */
export function degrade(
  src: Uint8ClampedArray,
  w: number,
  h: number,
  skew: number,
  rand: () => number,
): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h);
  const c = Math.cos((skew * Math.PI) / 180),
    s = Math.sin((skew * Math.PI) / 180),
    mx = w / 2,
    my = h / 2;
  const px = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 255 : src[y * w + x]);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const fx = mx + (x - mx) * c + (y - my) * s,
        fy = my - (x - mx) * s + (y - my) * c;
      const x0 = Math.floor(fx),
        y0 = Math.floor(fy),
        ax = fx - x0,
        ay = fy - y0;
      // Bilinear sample over a 2-px footprint: the resampling doubles as the blur.
      const v =
        ((px(x0, y0) * (1 - ax) + px(x0 + 1, y0) * ax) * (1 - ay) +
          (px(x0, y0 + 1) * (1 - ax) + px(x0 + 1, y0 + 1) * ax) * ay) *
          0.7 +
        (px(x0 - 1, y0) + px(x0 + 1, y0 + 1) + px(x0, y0 - 1)) * 0.1;
      out[y * w + x] = v + (rand() - 0.5) * 40 - 8;
    }
  return out;
}

async function reference(
  pages: [string, number][],
): Promise<{ md: string; titles: { text: string; level: number }[] }> {
  const md: string[] = [],
    titles: { text: string; level: number }[] = [];
  const docs = new Map<string, Block[][]>();
  for (const [file, p] of pages) {
    if (!docs.has(file)) {
      const doc = await parseDocument(join(corpus, file), file, {
        featureConfig: DEFAULT_FEATURE_CONFIG,
        elementFormats: { ...DEFAULT_ELEMENT_FORMATS, image: 'none' },
        imageDir: join(tmpdir(), 'docparse-scans-ref'),
        imageUrl: (n) => n,
        ocr: { enabled: false, lang: 'auto' },
      });
      docs.set(
        file,
        doc.json.pages.map((pg) => pg.blocks),
      );
    }
    for (const b of docs.get(file)![p]) {
      if (b.type === 'header' || b.type === 'footer' || b.type === 'figure') continue;
      const text = b.content.replace(/[\ufffd\ue000-\uf8ff]/g, '');
      md.push(b.type === 'title' ? `${'#'.repeat(b.title_level ?? 1)} ${text}` : text);
      if (b.type === 'title') titles.push({ text, level: b.title_level ?? 1 });
    }
  }
  return { md: `${md.join('\n\n')}\n`, titles };
}

export async function makeScans(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const made: string[] = [];
  for (const [name, pages] of Object.entries(SETS)) {
    const rand = rng(name.length * 7919),
      photo = name.startsWith('scan-photo'),
      dpi = photo ? PHOTO_DPI : DPI;
    const pdf = new mupdf.PDFDocument();
    for (const [k, [file, p]] of pages.entries()) {
      const doc = mupdf.Document.openDocument(readFileSync(join(corpus, file)), 'application/pdf');
      const pix = doc
        .loadPage(p)
        .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false, true);
      const w = pix.getWidth(),
        h = pix.getHeight();
      const scan = photo
        ? photograph(pix.getPixels(), w, h, rand)
        : degrade(pix.getPixels(), w, h, (rand() - 0.5) * 3, rand);
      const out = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
      out.getPixels().set(scan);
      await writeFile(join(outDir, `${name}-p${k + 1}.png`), out.asPNG());
      const img = pdf.addImage(new mupdf.Image(out));
      const pw = (w * 72) / dpi,
        ph = (h * 72) / dpi;
      const res = pdf.addObject({ XObject: { I0: img } });
      pdf.insertPage(-1, pdf.addPage([0, 0, pw, ph], 0, res, `q ${pw} 0 0 ${ph} 0 0 cm /I0 Do Q`));
    }
    const file = join(outDir, `${name}.pdf`);
    await writeFile(file, pdf.saveToBuffer('compress').asUint8Array());
    const ref = await reference(pages);
    await writeFile(join(outDir, `${name}.expected.md`), ref.md);
    await writeFile(join(outDir, `${name}.titles.json`), JSON.stringify(ref.titles, null, 1));
    made.push(file);
  }
  return made;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? join(tmpdir(), 'docparse-scans');
  for (const f of await makeScans(dir)) process.stdout.write(`${f}\n`);
}
