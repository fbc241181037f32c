// `npm run bench:engine [-- files...] [--workers N] [--formats markdown,json] [--no-ocr]`
// `npm run bench:engine -- --whole [files...] [--repeat N] [--long PAGES] [--liteparse DIR] [--ocr] [--floor]`:
// whole processes of the parse CLI (and LiteParse when installed; --floor: also the CLI without crops and
// mupdf alone), see engine-whole.ts; --long adds a PDF of PAGES pages made by concatenating the large
// corpus PDFs (memory must not grow with the page count);
// OCR is off in both tools unless --ocr (freeculture's cover page alone would load the OCR models).
// Parses the large PDFs of ../shared/corpus/large (or the files given) through the engine core —
// the same worker pool the server uses, no HTTP — and prints pages/s per file and overall, wall
// time and peak RSS (worker threads live in this process, so maxRSS covers them).
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG, type OutputFormat } from '../shared/somark.ts';
import { randomHex32 } from '../lib/atomic.ts';
import { createEngineCore, type EngineCore } from '../engine/core/engine.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CORPUS = resolve(REPO, '../shared/corpus');

const { values: v, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workers: { type: 'string' },
    formats: { type: 'string' },
    'no-warmup': { type: 'boolean' },
    whole: { type: 'boolean' },
    ocr: { type: 'boolean' },
    'no-ocr': { type: 'boolean' },
    repeat: { type: 'string' },
    floor: { type: 'boolean' },
    long: { type: 'string' },
    liteparse: { type: 'string' },
  },
});
const formats = (v.formats ?? 'markdown,json').split(',') as OutputFormat[];
const files = positionals.length
  ? positionals.map((f) => resolve(f))
  : (await readdir(join(CORPUS, 'large')))
      .filter((f) => f.endsWith('.pdf'))
      .sort()
      .map((f) => join(CORPUS, 'large', f));
if (!files.length) throw new Error(`no PDFs found in ${join(CORPUS, 'large')}`);

if (v.whole) {
  const { findLiteParse, wholeProcessBench } = await import('./engine-whole.ts');
  const { makeLongPdf, pageCount } = await import('./long-pdf.ts');
  const list = files.map((path) => ({ path, pages: pageCount(path) }));
  const tmp = await mkdtemp(join(tmpdir(), 'docparse-long-'));
  try {
    if (v.long) {
      const path = join(tmp, `concat-${Number(v.long)}p.pdf`);
      await makeLongPdf(files, Number(v.long), path);
      list.push({ path, pages: pageCount(path) });
    }
    await wholeProcessBench(list, {
      repeat: Number(v.repeat ?? 3),
      liteparse: findLiteParse(v.liteparse),
      workers: v.workers ? Number(v.workers) : undefined,
      ocr: v.ocr,
      floor: v.floor,
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  process.exit(0);
}

const workers = v.workers ? Number(v.workers) : availableParallelism();
const dataDir = await mkdtemp(join(tmpdir(), 'docparse-bench-'));
const core = await createEngineCore({
  dataDir,
  workers,
  maxPages: 100_000,
  queueLimit: 1000,
  ...(v['no-ocr'] ? { ocr: { enabled: false, lang: 'auto' as const } } : {}),
});

async function parseOne(c: EngineCore, file: string): Promise<{ pages: number; ms: number }> {
  const upload = join(c.store.uploadsDir, `${randomHex32()}.upload`);
  await copyFile(file, upload);
  const t0 = performance.now();
  const task = await c.submit({
    uploadPath: upload,
    fileName: basename(file),
    formats,
    elementFormats: DEFAULT_ELEMENT_FORMATS,
    featureConfig: DEFAULT_FEATURE_CONFIG,
  });
  const done = await c.wait(task.task_id);
  const ms = performance.now() - t0;
  if (done.status !== 'SUCCESS') throw new Error(`${basename(file)}: ${done.error}`);
  return { pages: done.page_num ?? 0, ms };
}

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const rate = (pages: number, ms: number) => (pages / (ms / 1000)).toFixed(1);
console.log(
  `engine bench: ${files.length} file(s), ${workers} worker(s), formats ${formats.join('+')}, node ${process.version}`,
);
try {
  if (!v['no-warmup']) {
    // Starts the workers and compiles the WASM once, as a running engine would have done already.
    const warm = join(CORPUS, 'pdf-digital/two_paragraphs.pdf');
    const t = performance.now();
    await Promise.all(Array.from({ length: workers }, () => parseOne(core, warm)));
    console.log(`warm-up (worker start + WASM init): ${Math.round(performance.now() - t)} ms`);
  }
  let pages = 0;
  let ms = 0;
  for (const file of files) {
    const r = await parseOne(core, file);
    pages += r.pages;
    ms += r.ms;
    console.log(
      `${basename(file).padEnd(28)} ${String(r.pages).padStart(4)} pages  ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${rate(r.pages, r.ms).padStart(7)} pages/s`,
    );
  }
  console.log(
    `${'overall (one after another)'.padEnd(28)} ${String(pages).padStart(4)} pages  ${(ms / 1000).toFixed(2).padStart(6)} s  ${rate(pages, ms).padStart(7)} pages/s`,
  );
  if (files.length > 1) {
    const t = performance.now();
    const rs = await Promise.all(files.map((f) => parseOne(core, f)));
    const wall = performance.now() - t;
    const p = rs.reduce((a, r) => a + r.pages, 0);
    console.log(
      `${'overall (all at once)'.padEnd(28)} ${String(p).padStart(4)} pages  ${(wall / 1000).toFixed(2).padStart(6)} s  ${rate(p, wall).padStart(7)} pages/s`,
    );
  }
  console.log(`peak RSS (main + worker threads): ${mb(process.resourceUsage().maxRSS)}`);
} finally {
  await core.close();
  await rm(dataDir, { recursive: true, force: true });
}
