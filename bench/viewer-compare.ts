// `npm run bench:viewer -- --compare [--pages 500 --blocks 50 --no-build --keep]`: the compare screen on
// two results of the same large file. Result A is viewer.ts's fixture; B is A's folder copied (same
// original, so 'results:sameFile' pairs them) with its JSON changed the way a second parse differs: some
// words changed, some blocks dropped, some headings at another level. Opens History → "Compare with…" →
// the other result in Chromium and prints: time from that click to the page drawn, scroll frame times of
// pane A end to end (pane B follows), renderer memory; next to the bars (first page < 2 s, ≥ 50 fps, < 900 MB).
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { JsonOutput } from '../shared/somark.ts';
import type { Task } from '../shared/task.ts';
import { makeFixture } from './viewer-fixture.ts';
import { CHROMIUM, CHROMIUM_ARGS, pct, rssMb, startWeb } from './viewer-web.ts';

/** B: every 20th block's last word changed, every 50th dropped, every titled block one level deeper. */
export async function makeSecond(dataDir: string, a: string): Promise<string> {
  const b = a.replace(/^req_bench/, 'req_benchb');
  await cp(join(dataDir, 'results', a), join(dataDir, 'results', b), { recursive: true });
  const json = JSON.parse(await readFile(join(dataDir, 'results', b, 'main.json'), 'utf8')) as JsonOutput;
  let n = 0;
  for (const p of json.pages) {
    p.blocks = p.blocks
      .filter(() => ++n % 50 !== 0)
      .map((blk, i) => {
        if (i % 20 === 3) return { ...blk, content: blk.content.replace(/\S+$/, 'changed') };
        if (blk.type === 'title') return { ...blk, title_level: (blk.title_level ?? 1) + 1 };
        return blk;
      });
  }
  await writeFile(join(dataDir, 'results', b, 'main.json'), JSON.stringify(json));
  const meta = JSON.parse(await readFile(join(dataDir, 'results', b, 'result.json'), 'utf8'));
  await writeFile(
    join(dataDir, 'results', b, 'result.json'),
    JSON.stringify({ ...meta, taskId: b, savedAt: meta.savedAt + 1000 }),
  );
  const file = JSON.parse(await readFile(join(dataDir, 'tasks.json'), 'utf8')) as { version: number; tasks: Task[] };
  const ta = file.tasks[0]!;
  file.tasks.push({
    ...ta,
    id: b,
    backend: 'cloud',
    featureConfig: { keep_header_footer: true },
    parentId: a,
    finishedAt: ta.finishedAt! + 1000,
  });
  await writeFile(join(dataDir, 'tasks.json'), JSON.stringify(file));
  return b;
}

/** In the page: scrolls pane A end to end over `frames` frames; frame times and how far B followed. */
async function scrollPane(frames: number) {
  const el = document.querySelector<HTMLElement>('[data-testid=compare-pane-a]')!;
  const other = document.querySelector<HTMLElement>('[data-testid=compare-pane-b]')!;
  const deltas: number[] = [];
  await new Promise((r) => requestAnimationFrame(r));
  let last = performance.now();
  const t0 = last;
  for (let i = 1; i <= frames; i++) {
    el.scrollTop = ((el.scrollHeight - el.clientHeight) * i) / frames;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    deltas.push(now - last);
    last = now;
  }
  return {
    deltas,
    seconds: (last - t0) / 1000,
    bAtEnd: other.scrollTop / Math.max(1, other.scrollHeight - other.clientHeight),
  };
}

export async function compareMain(pages: number, blocks: number): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docparse-bench-compare-'));
  const keep = process.argv.includes('--keep');
  const info = await makeFixture(dataDir, pages, blocks);
  const b = await makeSecond(dataDir, info.taskId);
  const web = await startWeb(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const bcdp = await browser.newBrowserCDPSession();
    await page.goto(web.url);
    await page.getByTestId('nav-history').click();
    await page.locator(`[data-testid=history-row][data-id="${info.taskId}"] [data-testid=compare-with]`).click();
    const open = page.locator(`[data-testid=compare-candidate][data-id="${b}"] button`);
    await open.waitFor({ timeout: 60_000 });
    const t0 = Date.now();
    await open.click();
    await page.locator('[data-testid=compare-sheet][data-drawn=yes]').waitFor({ timeout: 120_000 });
    const firstPageMs = Date.now() - t0;
    await page.locator('[data-testid=compare][data-state=ready]').waitFor({ timeout: 120_000 });
    const comparedMs = Date.now() - t0;
    const counts = await page
      .locator('[data-testid^=count-]')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')}=${e.getAttribute('data-n')}`));
    await page.waitForTimeout(1000);
    const profile = process.argv.indexOf('--profile');
    const cdp = profile > 0 ? await page.context().newCDPSession(page) : null;
    if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    const s = await page.evaluate(scrollPane, 600);
    if (cdp) await writeFile(process.argv[profile + 1]!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const procs = (await bcdp.send('SystemInfo.getProcessInfo')).processInfo as { type: string; id: number }[];
    const rss = Math.max(0, ...procs.filter((p) => p.type === 'renderer').map((p) => rssMb(p.id)));
    const fps = +(s.deltas.length / s.seconds).toFixed(1);
    console.log(
      JSON.stringify(
        {
          pages,
          blocksPerSide: pages * blocks,
          counts,
          firstPageMs,
          comparedMs,
          scroll: { fps, p95: +pct(s.deltas, 95).toFixed(1), bFollowedTo: +s.bAtEnd.toFixed(3) },
          rendererRssMB: +rss.toFixed(1),
        },
        null,
        2,
      ),
    );
    console.log(
      `compare: first page ${firstPageMs} ms (bar < 2000), all blocks matched at ${comparedMs} ms, scroll ${fps} fps (bar ≥ 50), renderer ${rss.toFixed(0)} MB (bar < 900)`,
    );
  } finally {
    await browser.close();
    await web.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}
