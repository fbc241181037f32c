// Quality and speed of the local engine's parser on the corpus beside the repo:
//   node bench/quality.ts [--no-large] [--cross-page] [name-filter]  (--cross-page: paragraphs and tables joined across pages)
// For every ../shared/corpus/pdf-digital/*.pdf with an .expected.md: text similarity of the Markdown
// (score.mjs plain() + similarity()), title F1 on text and on text+level (truth: the reference JSON's
// title/section_header items), then pages/s on ../shared/corpus/large/*.pdf: single thread, and split
// over two worker threads (analysePages per half) plus the assembly, as the server's pool runs it.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { assembleDocument, parseDocument, type PageAnalysis } from '../engine/core/parse.ts';
import type { ParseOptions } from '../engine/types.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG, type Block } from '../shared/somark.ts';

interface Score {
  plain(md: string): string;
  similarity(a: string, b: string): number;
  titleScores(truth: { text: string; level: number }[], blocks: Block[]): { text: number; level: number };
}
const corpus = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
const score = (await import(new URL('../../shared/tools/score.mjs', import.meta.url).href)) as Score;

/** Truth titles from a docling JSON (texts labelled title/section_header); null for other formats. */
function truthTitles(json: unknown): { text: string; level: number }[] | null {
  const texts = (json as { texts?: { label: string; text: string; level?: number }[] }).texts;
  if (!Array.isArray(texts)) return null;
  return texts
    .filter((t) => t.label === 'title' || t.label === 'section_header')
    .map((t) => ({ text: t.text, level: t.level ?? 1 }));
}

const CROSS_PAGE = process.argv.includes('--cross-page');

async function parse(file: string, dir: string) {
  const opts: ParseOptions = {
    featureConfig: CROSS_PAGE
      ? { ...DEFAULT_FEATURE_CONFIG, enable_text_cross_page: true, enable_table_cross_page: true }
      : DEFAULT_FEATURE_CONFIG,
    elementFormats: DEFAULT_ELEMENT_FORMATS,
    imageDir: join(dir, 'images'),
    imageUrl: (n) => `images/${n}`,
  };
  const t0 = performance.now();
  const doc = await parseDocument(file, file.split('/').pop()!, opts);
  return { doc, ms: performance.now() - t0 };
}

/** What the server's pool does for a large PDF: two worker threads analyse one half each, the main
 * thread assembles (Markdown + JSON). Returns the wall time in ms. */
async function splitParse(file: string, pages: number, out: string): Promise<number> {
  const index = new URL('../engine/core/parse.ts', import.meta.url).href;
  const code = `const { parentPort, workerData: w } = require('node:worker_threads');
    import(${JSON.stringify(index)}).then((m) => m.analysePages(w.file, '.pdf', w.start, w.end, { imageDir: w.out }))
      .then((a) => parentPort.postMessage(a), (e) => parentPort.postMessage({ error: String(e) }));`;
  const t0 = performance.now();
  const half = Math.ceil(pages / 2);
  const parts = await Promise.all(
    [
      [0, half],
      [half, pages],
    ].map(
      ([start, end]) =>
        new Promise<PageAnalysis[]>((resolve, reject) => {
          const w = new Worker(code, { eval: true, workerData: { file, start, end, out: join(out, 'images') } });
          w.once('message', (m: PageAnalysis[] | { error: string }) => {
            void w.terminate();
            if ('error' in m) reject(new Error(m.error));
            else resolve(m);
          });
          w.once('error', reject);
        }),
    ),
  );
  await assembleDocument(
    parts.flat(),
    { fileType: '.pdf', pageCount: pages },
    {
      featureConfig: DEFAULT_FEATURE_CONFIG,
      elementFormats: DEFAULT_ELEMENT_FORMATS,
      imageDir: join(out, 'images'),
      imageUrl: (n) => `images/${n}`,
    },
  );
  return performance.now() - t0;
}

const args = process.argv.slice(2);
const filter = args.find((a) => !a.startsWith('--'));
const dir = await mkdtemp(join(tmpdir(), 'docparse-quality-'));
const rows: { name: string; sim: number; tText: number | null; tLevel: number | null }[] = [];
try {
  const digital = join(corpus, 'pdf-digital');
  for (const f of (await readdir(digital)).filter((n) => n.endsWith('.pdf')).sort()) {
    const stem = f.slice(0, -4);
    if (filter && !f.includes(filter)) continue;
    const refMd = join(digital, `${stem}.expected.md`);
    if (!existsSync(refMd)) continue;
    const { doc, ms } = await parse(join(digital, f), dir);
    const sim = score.similarity(score.plain(doc.markdown), score.plain(await readFile(refMd, 'utf8')));
    const refJson = join(digital, `${stem}.expected.json`);
    const truth = existsSync(refJson) ? truthTitles(JSON.parse(await readFile(refJson, 'utf8'))) : null;
    // score.mjs gives F1 0 when the truth has no titles even if we find none: such docs are left out.
    const t = truth?.length
      ? score.titleScores(
          truth,
          doc.json.pages.flatMap((p) => p.blocks),
        )
      : null;
    rows.push({ name: stem, sim, tText: t?.text ?? null, tLevel: t?.level ?? null });
    const fmt = (v: number | null) => (v === null ? '  n/a' : v.toFixed(3));
    console.log(
      `${stem.padEnd(36)} text ${sim.toFixed(3)}  title F1 ${fmt(t?.text ?? null)} (level ${fmt(t?.level ?? null)})  ${doc.pageCount} p ${ms.toFixed(0)} ms`,
    );
  }
  const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
  const titled = rows.filter((r) => r.tText !== null);
  console.log(
    `${'MEAN'.padEnd(36)} text ${mean(rows.map((r) => r.sim)).toFixed(3)}  title F1 ${mean(titled.map((r) => r.tText!)).toFixed(3)} (level ${mean(titled.map((r) => r.tLevel!)).toFixed(3)})  over ${rows.length} docs (${titled.length} with titles)`,
  );
  if (!args.includes('--no-large') && !filter) {
    for (const f of (await readdir(join(corpus, 'large'))).filter((n) => n.endsWith('.pdf')).sort()) {
      const c0 = process.cpuUsage();
      const { doc, ms } = await parse(join(corpus, 'large', f), dir);
      const cu = process.cpuUsage(c0),
        cpu = (cu.user + cu.system) / 1000;
      const rss = process.memoryUsage().rss / 2 ** 20;
      console.log(
        `${f.padEnd(36)} ${doc.pageCount} p: single thread ${ms.toFixed(0)} ms = ${((doc.pageCount / ms) * 1000).toFixed(1)} pages/s (cpu ${((doc.pageCount / cpu) * 1000).toFixed(1)} p/s), ${doc.images.length} images, rss ${rss.toFixed(0)} MB`,
      );
      const two = await splitParse(join(corpus, 'large', f), doc.pageCount, join(dir, 'split'));
      console.log(
        `${''.padEnd(36)} 2 worker threads + assembly ${two.toFixed(0)} ms = ${((doc.pageCount / two) * 1000).toFixed(1)} pages/s`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
