// What tests/e2e/compare.spec.ts checks with: the two results' JSON, a simpler count of identical blocks,
// the screen's counts and panes, screenshots and axe scans in both languages and themes, and the check
// that a merged version differs from A in the kept block alone.
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { JsonOutput } from '../../../shared/somark.ts';
import { forEachLook } from '../app-ui.ts';
import { expect, invokeFromTest, type WebApp } from '../fixtures.ts';
import { scan } from './axe.ts';
import { REPO_ROOT } from './web-app.ts';

export async function json(app: WebApp, id: string): Promise<JsonOutput> {
  const r = await invokeFromTest(app, 'results:get', { id });
  if (!r.ok || !r.value.json) throw new Error('no JSON');
  return r.value.json;
}

/** Blocks on the same page with the same type, level and text (whitespace collapsed), each used once. */
export function identicalBlocks(a: JsonOutput, b: JsonOutput): number {
  const key = (x: { type: string; title_level?: number; content: string }) =>
    `${x.type}|${x.title_level ?? ''}|${x.content.replace(/\s+/g, ' ').trim()}`;
  let n = 0;
  a.pages.forEach((p, i) => {
    const left = new Map<string, number>();
    for (const x of b.pages[i]?.blocks ?? []) left.set(key(x), (left.get(key(x)) ?? 0) + 1);
    for (const x of p.blocks) {
      const k = key(x);
      if ((left.get(k) ?? 0) > 0) {
        left.set(k, left.get(k)! - 1);
        n++;
      }
    }
  });
  return n;
}

export const count = async (page: Page, kind: string): Promise<number> =>
  Number(await page.getByTestId(`count-${kind}`).getAttribute('data-n'));
export const scrollTop = (page: Page, side: 'a' | 'b') =>
  page.getByTestId(`compare-pane-${side}`).evaluate((el) => el.scrollTop);

/** Whether the current row sits inside the visible part of its pane. */
export async function currentRowVisible(page: Page, side: 'a' | 'b'): Promise<boolean> {
  return page.getByTestId(`compare-pane-${side}`).evaluate((pane) => {
    const row = pane.querySelector('.cmp-row.on');
    if (!row) return false;
    const p = pane.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    return r.top >= p.top - 1 && r.top < p.bottom - 10;
  });
}

/** Screenshots of the compare screen at 1024×700 and 1440×900 and axe scans of it and its summary, in both
 * languages and themes (into docs/screenshots with DOCPARSE_SCREENSHOTS=1); the violations found. */
export async function shotsAndScans(page: Page, app: WebApp, testInfo: TestInfo): Promise<string[]> {
  const screen = page.getByTestId('compare');
  const found: string[] = [];
  const docsShots = process.env.DOCPARSE_SCREENSHOTS === '1';
  await forEachLook(page, app, async (tag, { w }) => {
    await expect(screen.getByTestId('compare-sheet')).toHaveAttribute('data-drawn', 'yes');
    const name = `compare-${tag}.png`;
    await page.screenshot({
      path: docsShots ? join(REPO_ROOT, 'docs', 'screenshots', name) : testInfo.outputPath(name),
    });
    if (w !== 1024) return;
    found.push(...(await scan(page, `${tag} compare`)));
    await screen.getByTestId('compare-summary').click();
    found.push(...(await scan(page, `${tag} summary`)));
    await page.keyboard.press('Escape');
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  return found;
}

/** The kept row's facts: its kind and the positions of its A and B blocks in their results. */
export interface Kept {
  kind: string;
  ai: number;
  bi: number;
}

/**
 * The version `merged` differs from A in the kept block alone (every other block, page and field
 * byte-identical), and A is unchanged; a picture kept from B is the version's own.
 */
export async function checkMerged(
  app: WebApp,
  ids: { a: string; merged: string },
  ja: JsonOutput,
  jb: JsonOutput,
  { kind, ai, bi }: Kept,
  testInfo: TestInfo,
): Promise<void> {
  const merged = ids.merged;
  const jv = await json(app, merged);
  expect(JSON.stringify(await json(app, ids.a))).toBe(JSON.stringify(ja));
  const flat = (j: JsonOutput) => j.pages.flatMap((p) => p.blocks.map((x) => JSON.stringify(x)));
  const [fa, fv] = [flat(ja), flat(jv)];
  let head = 0;
  while (head < fa.length && head < fv.length && fa[head] === fv[head]) head++;
  let tail = 0;
  while (tail < fa.length - head && tail < fv.length - head && fa[fa.length - 1 - tail] === fv[fv.length - 1 - tail])
    tail++;
  const gone = fa.slice(head, fa.length - tail);
  const came = fv
    .slice(head, fv.length - tail)
    .map((x) => JSON.parse(x) as JsonOutput['pages'][number]['blocks'][number]);
  expect(gone).toEqual(kind === 'onlyB' ? [] : [fa[ai]]);
  const fromB = jb.pages.flatMap((p) => p.blocks)[bi];
  expect(came.map((x) => [x.type, x.title_level, x.content])).toEqual(
    kind === 'onlyA' ? [] : [[fromB!.type, fromB!.title_level, fromB!.content]],
  );
  // A picture kept from B is copied into the version: its link is the version's own.
  const kept = came[0]?.img_url;
  if (kept) {
    const v = await invokeFromTest(app, 'results:get', { id: merged });
    expect(v.ok && v.value.images[kept]).toMatch(/^images\//);
  }
  testInfo.annotations.push({ type: 'kept B', description: `${kind}${kept ? ' (picture)' : ''}` });
  const shell = (j: JsonOutput) => JSON.stringify({ ...j, pages: j.pages.map((p) => ({ ...p, blocks: null })) });
  expect(shell(jv)).toBe(shell(ja));
}
