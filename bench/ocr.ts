// OCR speed, memory and accuracy: `npm run bench:ocr [-- --scans DIR] [--sets scan-en,scan-photo-zh]`; `--profile FILE.pdf --page N`
// prints the CPU and wall time of each OCR stage on one page of FILE instead.
// Makes the scan sets (bench/make-scans.ts) when missing, then for the 10-page English and Chinese
// scans prints s/page (wall and CPU) and peak RSS of a fresh process parsing it on one worker, pages/s
// and wall s/page with two workers (one copy each, as the server's pool runs them), text similarity and
// title F1 against the born-digital reference, and Tesseract's CPU-s/page on the same pages in the same
// run (bench/tesseract.ts) with the ratios against the bars; for the photo-like sets, the
// similarity and title F1 alone; then the similarity on the corpus scans and images with a reference
// (only when all sets run).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { parseDocument } from '../engine/core/parse.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG, type Block } from '../shared/somark.ts';
import { makeScans } from './make-scans.ts';
import * as mupdf from 'mupdf';
import { ocrModels } from '../engine/ocr/runtime.ts';
import { ocrStageTimes, resetOcrStageTimes } from '../engine/ocr/profile.ts';
import { tesseractCpuPerPage, tesseractLangs } from './tesseract.ts';

interface Score {
  plain(md: string): string;
  similarity(a: string, b: string): number;
  titleScores(truth: { text: string; level: number }[], blocks: Block[]): { text: number; level: number };
}
const score = (await import(new URL('../../shared/tools/score.mjs', import.meta.url).href)) as Score;
const corpus = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
const self = fileURLToPath(import.meta.url);

async function parseOnce(file: string) {
  const t0 = performance.now(),
    c0 = process.cpuUsage();
  const doc = await parseDocument(file, file.split('/').pop()!, {
    featureConfig: DEFAULT_FEATURE_CONFIG,
    elementFormats: { ...DEFAULT_ELEMENT_FORMATS, image: 'none' },
    imageDir: join(tmpdir(), 'docparse-bench-ocr'),
    imageUrl: (n) => n,
  });
  const cpu = process.cpuUsage(c0);
  return { doc, wall: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

const { values: v } = parseArgs({
  options: {
    scans: { type: 'string' },
    one: { type: 'string' },
    worker: { type: 'string' },
    profile: { type: 'string' },
    page: { type: 'string' },
    sets: { type: 'string' },
  },
});

/** Stage times of one page (1-based `page`) of a PDF, models loaded beforehand. */
async function profile(file: string, page: number): Promise<void> {
  const src = mupdf.PDFDocument.openDocument(readFileSync(file), 'application/pdf') as mupdf.PDFDocument;
  const one = new mupdf.PDFDocument();
  one.graftPage(-1, src, page - 1);
  const tmp = join(tmpdir(), `docparse-ocr-profile-${process.pid}.pdf`);
  writeFileSync(tmp, one.saveToBuffer('').asUint8Array());
  await ocrModels();
  resetOcrStageTimes();
  const r = await parseOnce(tmp);
  let cpu = 0,
    wall = 0;
  console.log(`${file.split('/').pop()} page ${page}: ${r.cpu.toFixed(2)} CPU-s, ${r.wall.toFixed(2)} s wall`);
  for (const [name, t] of ocrStageTimes()) {
    cpu += t.cpu;
    wall += t.wall;
    console.log(
      `  ${name.padEnd(12)} ${String(t.calls).padStart(4)} calls  ${t.cpu.toFixed(2).padStart(6)} CPU-s  ${t.wall.toFixed(2).padStart(6)} s`,
    );
  }
  console.log(
    `  ${'layout, rest'.padEnd(12)}             ${(r.cpu - cpu).toFixed(2).padStart(6)} CPU-s  ${(r.wall - wall).toFixed(2).padStart(6)} s`,
  );
}

if (v.profile) {
  await profile(v.profile, Number(v.page ?? 1));
} else if (v.worker) {
  // A worker thread of the two-core run: parse and report.
  const { parentPort } = await import('node:worker_threads');
  const r = await parseOnce(v.worker);
  parentPort!.postMessage(r.doc.pageCount);
} else if (v.one) {
  // A fresh process per measurement, so that peak RSS is this document's alone.
  const r = await parseOnce(v.one);
  process.stdout.write(
    JSON.stringify({
      pages: r.doc.pageCount,
      wall: r.wall,
      cpu: r.cpu,
      rss: process.resourceUsage().maxRSS / 1024,
      md: r.doc.markdown,
      blocks: r.doc.json.pages.flatMap((p) => p.blocks),
    }),
  );
} else {
  const dir = v.scans ?? join(tmpdir(), 'docparse-scans');
  if (!existsSync(join(dir, 'scan-photo-zh.pdf'))) await makeScans(dir);
  const node = [process.execPath, '--disable-warning=ExperimentalWarning', self];
  const fmt = (x: number, d = 2) => x.toFixed(d);
  const sets = v.sets?.split(',') ?? ['scan-en', 'scan-zh', 'scan-photo-en', 'scan-photo-zh'];
  const tessLangs = tesseractLangs();
  if (!tessLangs) console.log('tesseract is not installed: no comparison with it');
  for (const set of sets) {
    const file = join(dir, `${set}.pdf`),
      photo = set.startsWith('scan-photo');
    const r = JSON.parse(
      execFileSync(node[0], [...node.slice(1), '--one', file], { maxBuffer: 1 << 28 }).toString(),
    ) as { pages: number; wall: number; cpu: number; rss: number; md: string; blocks: Block[] };
    const t0 = performance.now();
    const runs = (photo ? [] : [0, 1]).map(
      () =>
        new Promise<number>((res, rej) => {
          const w = new Worker(self, { argv: ['--worker', file] });
          w.once('message', res);
          w.once('error', rej);
        }),
    );
    const pages = (await Promise.all(runs)).reduce((a, b) => a + b, 0);
    const pps = pages / ((performance.now() - t0) / 1000);
    const ref = readFileSync(join(dir, `${set}.expected.md`), 'utf8');
    const sim = score.similarity(score.plain(r.md), score.plain(ref));
    const titles = JSON.parse(readFileSync(join(dir, `${set}.titles.json`), 'utf8')) as {
      text: string;
      level: number;
    }[];
    const tf = score.titleScores(titles, r.blocks);
    if (photo) {
      // Photo-like sets (accuracy only; their speed is the scans' at a lower resolution).
      console.log(
        `${set.padEnd(13)} ${r.pages} p  ${fmt(r.wall / r.pages)} s/page wall  text ${fmt(sim, 3)}  title F1 ${fmt(tf.text)} (level ${fmt(tf.level)})`,
      );
      continue;
    }
    const cpu = r.cpu / r.pages,
      wall2 = 1 / pps;
    console.log(
      `${set.padEnd(8)} ${r.pages} p  ${fmt(r.wall / r.pages)} s/page wall  ${fmt(cpu)} CPU-s/page  ${fmt(wall2)} s/page wall on 2 workers (${fmt(pps)} pages/s)  peak RSS ${Math.round(r.rss)} MB  text ${fmt(sim, 3)}  title F1 ${fmt(tf.text)} (level ${fmt(tf.level)})`,
    );
    // Tesseract on the same pages, in the same run (its Chinese data is often not installed).
    const lang = set.endsWith('-zh') ? 'chi_sim' : 'eng';
    if (tessLangs && !tessLangs.includes(lang))
      console.log(`${''.padEnd(8)} tesseract has no ${lang} data: no comparison`);
    else if (tessLangs) {
      const t = tesseractCpuPerPage(file, lang);
      console.log(
        `${''.padEnd(8)} tesseract (${lang}, 1 thread) ${fmt(t.cpu)} CPU-s/page: our CPU ${fmt(cpu / t.cpu)}× (bar ≤ 0.40×), our wall on 2 workers ${fmt(wall2 / t.cpu)}× (bar ≤ 0.25×)`,
      );
    }
  }
  const refs = v.sets
    ? []
    : [
        'pdf-scanned/ocr_test.pdf',
        'pdf-scanned/ocr_test_rotated_90.pdf',
        'pdf-scanned/ocr_test_rotated_180.pdf',
        'pdf-scanned/nemotron_multipage.pdf',
        'images/layout-parser-paper-with-table.jpg',
        'images/webp-test.webp',
      ];
  for (const f of refs) {
    const exp = join(corpus, f.replace(/\.[a-z]+$/, '.expected.md'));
    const r = await parseOnce(join(corpus, f));
    console.log(
      `${f.padEnd(44)} text ${fmt(score.similarity(score.plain(r.doc.markdown), score.plain(readFileSync(exp, 'utf8'))), 3)}  ${fmt(r.wall / r.doc.pageCount)} s/page`,
    );
  }
}
