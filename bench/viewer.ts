// `npm run bench:viewer [-- --pages 500 --blocks 50 --no-build --static-dir DIR --keep] [--compare]`
// Writes a large result (viewer-fixture.ts) into a fresh data folder, starts browser mode (viewer-web.ts),
// opens the review screen in Chromium and prints: time to the first page painted, scroll frame times end
// to end, renderer memory. `--compare`: the compare screen instead (viewer-compare.ts).
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { type Fixture, makeFixture } from './viewer-fixture.ts';
import { arg, CHROMIUM, CHROMIUM_ARGS, flag, pct, rssMb, startWeb } from './viewer-web.ts';

export { makeFixture } from './viewer-fixture.ts';

const PAGES = Number(arg('pages', '500'));
const BLOCKS = Number(arg('blocks', '50'));
const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

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
    return {
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
    const mem = r.memory;
    console.log(`renderer memory: ${mem.rendererRssMB} MB RSS, JS heap ${mem.jsHeapUsedMB} MB (bar < 600 MB)`);
  } finally {
    await web.stop();
    if (!flag('keep')) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

if (isMain) {
  (flag('compare') ? import('./viewer-compare.ts').then((m) => m.compareMain(PAGES, BLOCKS)) : main()).catch((e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
