// `npm run bench:viewer [-- --pages 500 --blocks 50 --no-build --static-dir DIR --keep] [--compare]`
// Generates a large result (a real PDF drawn with mupdf, and the matching outputs.json and Markdown
// with `blocks` blocks per page), puts it into a fresh data folder in the results-cache layout
// (electron/services/context.ts) with a SUCCESS task in tasks.json, starts browser mode through
// `npm run web` (scripts/web.mjs → electron/web/server.ts), opens the review screen in Chromium and
// prints: time to the first page painted, scroll frame times end to end, renderer memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { chromium } from 'playwright-core';
import type { Block, JsonOutput, Page as JsonPage } from '../shared/somark.ts';
import type { Task } from '../shared/task.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const arg = (name: string, dflt: string | null = null): string | null => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (process.argv[i + 1] ?? dflt);
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const PAGES = Number(arg('pages', '500'));
const BLOCKS = Number(arg('blocks', '50'));
const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

// ---- the document -------------------------------------------------------------------------------
const WORDS = (
  'retrieval passage dense question answering model encoder training negative batch index vector ' +
  'score document corpus query latency accuracy baseline results table figure section method approach data ' +
  'evaluation benchmark system the of and to in for with on by from that this which are is be as an we'
).split(' ');
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const sentence = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

const PT = { w: 595, h: 842 };
const DPI_SCALE = 2; // page_size at 144 dpi, as the hosted service's docs example
const COL_W = 240;
const LINE = 8.5;

interface Drawn {
  block: Block;
  md: string | null;
  lines: string[];
  x: number;
  y: number;
  size: number;
}

/** One page: header, title, two columns of text/heading/equation blocks, footer. */
function layoutPage(p: number, count: number): Drawn[] {
  seed = 42 + p;
  const out: Drawn[] = [];
  const add = (
    type: string,
    x: number,
    y: number,
    w: number,
    lines: string[],
    size: number,
    md: string | null,
    extra: Partial<Block> = {},
  ) => {
    const h = lines.length * (size + 1.5);
    const bbox: Block['bbox'] = [x, y, x + w, y + h].map((v) => Math.round(v * DPI_SCALE)) as Block['bbox'];
    const content = extra.content ?? lines.join(' ');
    out.push({
      block: {
        idx: out.length,
        type,
        bbox,
        content,
        format: type === 'equation' ? 'latex' : 'text',
        captions: [],
        img_url: '',
        ...extra,
      },
      md,
      lines,
      x,
      y,
      size,
    });
  };
  add('header', 50, 24, 495, [`Bench document — running header — page ${p + 1}`], 7, null);
  const title = `${p + 1}. ${sentence(6)}`;
  add('title', 50, 48, 495, [title], 14, `# ${title}`, { title_level: 1 });
  const body = count - 3;
  const perCol = Math.ceil(body / 2);
  const slot = (842 - 90 - 50) / perCol;
  for (let k = 0; k < body; k++) {
    const col = k < perCol ? 0 : 1;
    const x = 50 + col * (COL_W + 15);
    const y = 90 + (k % perCol) * slot;
    if (k % 12 === 5) {
      const head = `${p + 1}.${k} ${sentence(3)}`;
      add('title', x, y, COL_W, [head], 9, `## ${head}`, { title_level: 2 });
    } else if (k % 23 === 11) {
      const tex = `E_{${k}} = \\sum_{i=1}^{${p + 2}} x_i^2 + \\frac{${k}}{${p + 3}}`;
      add('equation', x, y, COL_W, [`E${k} = sum x_i^2 + ${k}/${p + 3}`], 7, `$$\n${tex}\n$$`, { content: tex });
    } else {
      const lines = [sentence(12), sentence(12), sentence(9)];
      add('text', x, y, COL_W, lines, 6.5, lines.join(' '));
    }
  }
  add('footer', 50, 812, 495, [`— ${p + 1} —`], 7, null);
  return out;
}

export interface Fixture {
  taskId: string;
  fileName: string;
  pdfBytes: number;
  mdBytes: number;
  jsonBytes: number;
}

/**
 * Writes a finished result of `pages` × `blocks` into dataDir (results cache + tasks.json), as the
 * app would have after parsing it; the original file itself is gone (only the cached copy stays).
 * Also used by tests/e2e/review.spec.ts.
 */
export async function makeFixture(dataDir: string, pageCount: number, blocksPerPage: number): Promise<Fixture> {
  const taskId = `req_bench${randomBytes(6).toString('hex')}`;
  const dir = join(dataDir, 'results', taskId);
  await mkdir(join(dir, 'images'), { recursive: true });
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const resources = doc.addObject({ Font: { F1: font } });
  const pages: JsonPage[] = [];
  const md: string[] = [];
  for (let p = 0; p < pageCount; p++) {
    const drawn = layoutPage(p, blocksPerPage);
    let s = 'BT\n';
    for (const d of drawn) {
      d.lines.forEach((l, i) => {
        s += `/F1 ${d.size} Tf 1 0 0 1 ${d.x} ${(PT.h - d.y - d.size - i * (d.size + 1.5)).toFixed(2)} Tm (${pdfText(l)}) Tj\n`;
      });
    }
    s += 'ET\n';
    doc.insertPage(-1, doc.addPage([0, 0, PT.w, PT.h], 0, resources, s));
    pages.push({
      page_num: p,
      page_size: { w: PT.w * DPI_SCALE, h: PT.h * DPI_SCALE },
      merge_content_from_pre_page: false,
      blocks: drawn.map((d) => d.block),
    });
    for (const d of drawn) if (d.md) md.push(d.md);
  }
  const pdf = doc.saveToBuffer('compress').asUint8Array();
  const json: JsonOutput = { pages };
  const markdown = `${md.join('\n\n')}\n`;
  const jsonText = JSON.stringify(json);
  await writeFile(join(dir, 'original.pdf'), pdf);
  await writeFile(join(dir, 'main.json'), jsonText);
  await writeFile(join(dir, 'main.md'), markdown);
  const now = Date.now();
  await writeFile(
    join(dir, 'result.json'),
    JSON.stringify({
      taskId,
      remoteTaskId: null,
      fileName: `bench-${pageCount}p.pdf`,
      metadata: { page_num: pageCount, file_type: '.pdf' },
      imgs: [],
      catalog: [],
      images: {},
      hasJson: true,
      hasServiceZip: false,
      original: 'original.pdf',
      savedAt: now,
    }),
  );
  const task: Task = {
    id: taskId,
    remoteTaskId: null,
    fileName: `bench-${pageCount}p.pdf`,
    filePath: join(dataDir, 'gone', `bench-${pageCount}p.pdf`),
    size: pdf.length,
    pages: pageCount,
    fileType: '.pdf',
    backend: 'local',
    baseUrl: 'http://127.0.0.1:1/api/v1',
    requestedMode: 'async',
    mode: 'async',
    formats: ['markdown', 'json'],
    featureConfig: {},
    state: 'SUCCESS',
    uploadPercent: 100,
    progress: { pages_done: pageCount, pages_total: pageCount },
    attempts: 1,
    error: null,
    createdAt: now - 1000,
    startedAt: now - 900,
    finishedAt: now,
    resultBytes: pdf.length + markdown.length + jsonText.length,
    parentId: null,
  };
  await writeFile(join(dataDir, 'tasks.json'), JSON.stringify({ version: 1, tasks: [task] }));
  return {
    taskId,
    fileName: `bench-${pageCount}p.pdf`,
    pdfBytes: pdf.length,
    mdBytes: markdown.length,
    jsonBytes: jsonText.length,
  };
}

// ---- browser mode ---------------------------------------------------------------------------------
export async function startWeb(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const args = [join(ROOT, 'scripts', 'web.mjs'), '--port', '0', '--data-dir', dataDir];
  if (flag('no-build')) args.push('--no-build');
  const staticDir = arg('static-dir');
  if (staticDir) args.push('--static-dir', staticDir);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DOCPARSE_WEB_EXIT_ON_STDIN_END: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm run web did not start:\n${out}`)), 180_000);
    const on = (c: Buffer) => {
      out += c.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.once('exit', () => fail(new Error(`npm run web exited:\n${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}

/** Resident memory of a process (Linux /proc), in MB; 0 when it is gone or unreadable. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * In the page: scrolls the page pane from `from` to `to` (fractions of its scroll range) over
 * `frames` animation frames and records the time between frames. The pointerdown makes the page
 * pane the one that drives the synchronised scrolling, as a user's touch would.
 */
async function scrollRun({ from, to, frames }: { from: number; to: number; frames: number }) {
  const el = document.querySelector<HTMLElement>('[data-testid=page-pane]')!;
  el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  const max = el.scrollHeight - el.clientHeight;
  el.scrollTop = max * from;
  const start = el.scrollTop;
  const deltas: number[] = [];
  let maxPages = 0;
  let maxChunks = 0;
  await new Promise((r) => requestAnimationFrame(r));
  let last = performance.now();
  const t0 = last;
  for (let i = 1; i <= frames; i++) {
    el.scrollTop = max * (from + ((to - from) * i) / frames);
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    deltas.push(now - last);
    last = now;
    maxPages = Math.max(maxPages, el.querySelectorAll('[data-testid=page]').length);
    maxChunks = Math.max(maxChunks, document.querySelectorAll('[data-testid=md-chunk]').length);
  }
  const md = document.querySelector<HTMLElement>('[data-testid=md-pane]')!;
  return {
    deltas,
    seconds: (last - t0) / 1000,
    maxPages,
    maxChunks,
    scrolled: max,
    moved: el.scrollTop - start,
    mdAtEnd: md.scrollTop / Math.max(1, md.scrollHeight - md.clientHeight),
    drawn: el.querySelectorAll('[data-rendered="1"]').length,
    rendered: md.querySelectorAll('[data-testid=md-chunk] .markdown-body:not(.rv-placeholder)').length,
  };
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function measure(url: string, info: Fixture) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const bcdp = await browser.newBrowserCDPSession();
    await page.goto(url);
    const row = page.locator('[data-testid=queue-row]').first();
    await row.waitFor({ timeout: 30_000 });
    // Time from the click that opens the result to the first page painted (a rendered canvas).
    await page.evaluate(() => {
      const w = window as unknown as { __firstPaint?: number; __t0?: number };
      const poll = () => {
        if (document.querySelector('[data-testid=page-pane] [data-rendered="1"]')) w.__firstPaint = performance.now();
        else requestAnimationFrame(poll);
      };
      addEventListener(
        'pointerdown',
        () => {
          w.__t0 = performance.now();
          requestAnimationFrame(poll);
        },
        { once: true, capture: true },
      );
    });
    await row.click();
    await page.waitForFunction(
      () => (window as unknown as { __firstPaint?: number }).__firstPaint !== undefined,
      null,
      { timeout: 60_000 },
    );
    const firstPageMs = await page.evaluate(() => {
      const w = window as unknown as { __firstPaint: number; __t0: number };
      return w.__firstPaint - w.__t0;
    });
    await page.waitForTimeout(1500);
    // Variants for profiling: --no-sync, --no-boxes, --no-thumbs, --no-inspector switch those off first.
    if (flag('no-sync')) await page.locator('[data-testid=toggle-sync]').click();
    if (flag('no-boxes')) await page.locator('[data-testid=toggle-boxes]').click();
    if (flag('no-thumbs')) await page.getByRole('button', { name: 'Thumbnails', exact: true }).click();
    if (flag('no-inspector')) await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    const profile = arg('profile');
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // Scroll the page pane end to end programmatically (sync scroll on: the Markdown pane follows).
    const frames = Number(arg('frames', '900'));
    const scroll = await page.evaluate(scrollRun, { from: 0, to: 1, frames });
    // A reading-speed pass from the middle (~12 px per frame, under a viewport per second): pages
    // and Markdown render while it moves; the frame times say what that costs.
    await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid=page-pane]')!;
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
    });
    await page.waitForTimeout(1500);
    const reading = await page.evaluate(scrollRun, { from: 0.5, to: 0.5 + (12 * 300) / 255_000, frames: 300 });
    if (profile) await writeFile(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await page.waitForTimeout(1000);
    const metrics = Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
    const procs = (await bcdp.send('SystemInfo.getProcessInfo')).processInfo as { type: string; id: number }[];
    // Chromium keeps a spare renderer and a WebUI one besides the page's: the page's renderer is the
    // largest (it holds the app, the pdf.js workers and every canvas); all are listed.
    const renderers = procs
      .filter((p) => p.type === 'renderer')
      .map((p) => ({ pid: p.id, rssMB: +rssMb(p.id).toFixed(1) }));
    const pageRenderer = Math.max(0, ...renderers.map((r) => r.rssMB));
    const result = {
      document: {
        pages: PAGES,
        blocks: PAGES * BLOCKS,
        pdfMB: info.pdfBytes / 1e6,
        markdownMB: info.mdBytes / 1e6,
        jsonMB: info.jsonBytes / 1e6,
      },
      firstPageMs: Math.round(firstPageMs),
      scroll: {
        frames: scroll.deltas.length,
        seconds: +scroll.seconds.toFixed(2),
        fps: +(scroll.deltas.length / scroll.seconds).toFixed(1),
        p50: +pct(scroll.deltas, 50).toFixed(1),
        p95: +pct(scroll.deltas, 95).toFixed(1),
        max: +Math.max(...scroll.deltas).toFixed(1),
        scrolledPx: Math.round(scroll.scrolled),
        maxPageElements: scroll.maxPages,
        maxMarkdownChunks: scroll.maxChunks,
        markdownFollowedTo: +scroll.mdAtEnd.toFixed(3),
      },
      readingScroll: {
        frames: reading.deltas.length,
        fps: +(reading.deltas.length / reading.seconds).toFixed(1),
        p95: +pct(reading.deltas, 95).toFixed(1),
        pxPerFrame: +(reading.moved / reading.deltas.length).toFixed(1),
        pagesDrawnAtEnd: reading.drawn,
        markdownChunksRenderedAtEnd: reading.rendered,
      },
      memory: {
        jsHeapUsedMB: +(metrics.JSHeapUsedSize! / 1048576).toFixed(1),
        jsHeapTotalMB: +(metrics.JSHeapTotalSize! / 1048576).toFixed(1),
        domNodes: metrics.Nodes,
        rendererRssMB: pageRenderer,
        allRenderers: renderers,
      },
    };
    return result;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const dataDir = await mkdtemp(join(tmpdir(), 'docparse-bench-viewer-'));
  const t0 = Date.now();
  const info = await makeFixture(dataDir, PAGES, BLOCKS);
  console.error(`fixture: ${PAGES} pages × ${BLOCKS} blocks in ${Date.now() - t0} ms (${dataDir})`);
  const web = await startWeb(dataDir);
  try {
    const r = await measure(web.url, info);
    console.log(JSON.stringify(r, null, 2));
    console.log(`time to first page: ${r.firstPageMs} ms (bar < 1500)`);
    console.log(`scroll end to end: ${r.scroll.fps} fps, p95 frame ${r.scroll.p95} ms (bars ≥ 50 fps, p95 ≤ 20 ms)`);
    console.log(
      `reading-speed scroll: ${r.readingScroll.fps} fps, p95 frame ${r.readingScroll.p95} ms (pages and Markdown rendering meanwhile)`,
    );
    console.log(
      `renderer memory: ${r.memory.rendererRssMB} MB RSS, JS heap ${r.memory.jsHeapUsedMB} MB (bar < 600 MB)`,
    );
  } finally {
    await web.stop();
    if (!flag('keep')) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

if (isMain) {
  // --compare: the compare screen on two results of the same file (bench/viewer-compare.ts).
  (flag('compare') ? import('./viewer-compare.ts').then((m) => m.compareMain(PAGES, BLOCKS)) : main()).catch((e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
