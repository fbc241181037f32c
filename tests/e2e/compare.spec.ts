// E2E (browser mode, real engines): a scanned PDF parsed by the local engine with OCR, then "Parse again
// with…" on a second engine this test starts with OCR off (standing in for the cloud backend). The
// compare screen opens when the re-run is done; its counts agree with the two JSONs compared here by a
// simpler rule (identical blocks per page, and every block of each side counted once); n / p and the
// buttons move the page and both panes; the filter, the summary, the report export, the history row's
// "Compare with…"; keeping B for one difference and saving the merge as an edited version of A (which
// differs from A in that block alone); zero axe violations and screenshots in both languages and themes.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngineServer, type EngineServer } from '../../engine/server/index.ts';
import { listTasks, openInReview } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { scan } from './support/axe.ts';
import {
  checkMerged,
  count,
  currentRowVisible,
  identicalBlocks,
  json,
  scrollTop,
  shotsAndScans,
} from './support/compare.ts';

const KEY = 'sk-e2e-compare-key-42ab';
const DOC = 'pdf-scanned/nemotron_multipage.pdf';
let engine: EngineServer | null = null;
let engineDir = '';

test.beforeEach(async () => {
  engineDir = await mkdtemp(join(tmpdir(), 'dp-e2e-compare-'));
  engine = await startEngineServer({
    apiKeys: [KEY],
    dataDir: engineDir,
    workers: 1,
    ocr: { enabled: false, lang: 'auto' },
  });
});

test.afterEach(async () => {
  await engine?.close();
  engine = null;
  await rm(engineDir, { recursive: true, force: true });
});

test('compare: OCR on (local) vs OCR off (second engine): counts, n/p, filter, report, a11y', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(480_000);
  await invokeFromTest(app, 'settings:set', { cloudBaseUrl: engine!.url });
  await invokeFromTest(app, 'key:set', { apiKey: KEY, sessionOnly: true });
  await openInReview(page, app, DOC, 300_000);

  // Review toolbar → "Compare with…": nothing else yet; parse again on the other backend.
  await page.getByTestId('detail-heading').locator('xpath=ancestor::header').getByTestId('compare-with').click();
  const picker = page.getByTestId('compare-picker');
  await expect(picker.getByTestId('compare-none')).toBeVisible();
  await picker.getByRole('radio', { name: 'SoMark cloud' }).check();
  await picker.getByTestId('compare-again').click();
  const screen = page.getByTestId('compare');
  await expect(screen).toHaveAttribute('data-state', 'ready', { timeout: 180_000 });

  const tasks = await listTasks(app);
  const a = tasks.find((t) => t.backend === 'local')!;
  const b = tasks.find((t) => t.backend === 'cloud')!;
  expect(b.parentId).toBe(a.id);
  const [ja, jb] = [await json(app, a.id), await json(app, b.id)];
  const blocksA = ja.pages.reduce((s, p) => s + p.blocks.length, 0);
  const blocksB = jb.pages.reduce((s, p) => s + p.blocks.length, 0);
  const c = {
    same: await count(page, 'same'),
    text: await count(page, 'text'),
    kind: await count(page, 'kind'),
    onlyA: await count(page, 'onlyA'),
    onlyB: await count(page, 'onlyB'),
  };
  expect(c.same).toBe(identicalBlocks(ja, jb));
  expect(c.same + c.text + c.kind + c.onlyA).toBe(blocksA);
  expect(c.same + c.text + c.kind + c.onlyB).toBe(blocksB);
  expect(blocksA).toBeGreaterThan(0);
  const diffs = c.text + c.kind + c.onlyA + c.onlyB;
  expect(diffs).toBeGreaterThan(2);

  // n / p and the buttons move the current difference, the page and both panes.
  await expect(screen.getByTestId('compare-page')).toHaveText(`Page 1 of ${ja.pages.length}`);
  await page.keyboard.press('n');
  await expect(screen.getByTestId('compare-pos')).toHaveText(`Difference 1 of ${diffs}`);
  let pageText = await screen.getByTestId('compare-page').textContent();
  const before = { a: await scrollTop(page, 'a'), b: await scrollTop(page, 'b') };
  // Step until the page changes (a scanned page differs on both sides).
  for (let i = 0; i < diffs && (await screen.getByTestId('compare-page').textContent()) === pageText; i++)
    await page.keyboard.press('n');
  await expect(screen.getByTestId('compare-page')).toHaveText(`Page 2 of ${ja.pages.length}`);
  await expect(screen.getByTestId('compare-sheet')).toHaveAttribute('data-page', '1');
  await expect.poll(() => scrollTop(page, 'a')).toBeGreaterThan(before.a);
  await expect.poll(() => scrollTop(page, 'b')).toBeGreaterThan(before.b);
  expect(await currentRowVisible(page, 'a')).toBe(true);
  expect(await currentRowVisible(page, 'b')).toBe(true);
  const onPage2 = { a: await scrollTop(page, 'a'), b: await scrollTop(page, 'b') };
  pageText = await screen.getByTestId('compare-page').textContent();
  await screen.getByTestId('compare-prev').click();
  await expect(screen.getByTestId('compare-page')).toHaveText(`Page 1 of ${ja.pages.length}`);
  await expect.poll(() => scrollTop(page, 'a')).toBeLessThan(onPage2.a);
  await expect.poll(() => scrollTop(page, 'b')).toBeLessThan(onPage2.b);
  await screen.getByTestId('compare-next').click();
  await expect(screen.getByTestId('compare-page')).toHaveText(pageText!);
  await page.keyboard.press('p');
  await expect(screen.getByTestId('compare-page')).toHaveText(`Page 1 of ${ja.pages.length}`);

  // The filter: without "Only in B" the steps go through the other kinds only.
  await screen.getByTestId('count-onlyB').click();
  await expect(screen.getByTestId('count-onlyB')).toHaveAttribute('aria-pressed', 'false');
  await expect(screen.getByTestId('compare-pos')).toContainText(`of ${diffs - c.onlyB}`);
  await screen.getByTestId('count-onlyB').click();

  // The summary and the report agree with the screen.
  await screen.getByTestId('compare-summary').click();
  const total = page.getByTestId('compare-summary-dialog').getByTestId('summary-total');
  await expect(total).toContainText(String(c.onlyA));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('compare-summary-dialog')).toBeHidden();
  await expect(screen).toBeVisible();
  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: /^Report \(\.json\)/ }).click();
  const report = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as { total: typeof c };
  expect(report.total).toEqual(c);

  // Zero axe violations and screenshots: both languages and themes, 1024×700 and 1440×900.
  await page.keyboard.press('n');
  const found = await shotsAndScans(page, app, testInfo);
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });

  // Close (Esc); the history row's "Compare with…" lists the other result and opens the same comparison.
  await page.keyboard.press('Escape');
  await expect(screen).toBeHidden();
  await page.getByTestId('nav-history').click();
  await page.locator(`[data-testid="history-row"][data-id="${a.id}"]`).getByTestId('compare-with').click();
  await expect(picker.getByTestId('compare-candidate')).toHaveCount(1);
  await expect(picker.getByTestId('compare-candidate')).toHaveAttribute('data-id', b.id);
  found.push(...(await scan(page, 'picker')));
  await picker.getByRole('button', { name: /^Compare with the result of/ }).click();
  await expect(screen).toHaveAttribute('data-state', 'ready');
  await expect(screen.getByTestId('count-onlyA')).toHaveAttribute('data-n', String(c.onlyA));

  // Keep B for one difference B's block can go into A (not a picture of B's own): b toggles, a keeps A.
  const current = screen.getByTestId('compare-pane-b').locator('.cmp-row.on');
  for (let i = 0; i < diffs; i++) {
    await page.keyboard.press('n');
    if ((await current.getByTestId('keep-b').count()) > 0) break;
  }
  const keepB = current.getByTestId('keep-b');
  await expect(keepB).toHaveAttribute('aria-pressed', 'false');
  const save = screen.getByTestId('compare-save-merged');
  await expect(save).toBeDisabled();
  await page.keyboard.press('b');
  await expect(keepB).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('b');
  await expect(keepB).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toBeDisabled();
  await keepB.click();
  await expect(current).toHaveAttribute('data-keep', 'b');
  await page.keyboard.press('a');
  await expect(current).toHaveAttribute('data-keep', 'a');
  await page.keyboard.press('b');
  await expect(save).toHaveText('Save merged version (1 from B)');
  const kind = (await current.getAttribute('data-kind'))!;
  const ai = Number(await current.getAttribute('data-a'));
  const bi = Number(await current.getAttribute('data-b'));
  for (const [language, theme] of [
    ['en', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    await invokeFromTest(app, 'settings:set', { language, theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    found.push(...(await scan(page, `${language}/${theme} keep B`)));
  }
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });
  await save.click();
  await expect(screen.getByTestId('compare-merged-saved')).toBeVisible();
  const merged = (await screen.getByTestId('compare-open-merged').getAttribute('data-id'))!;
  expect([a.id, b.id]).not.toContain(merged);

  await checkMerged(app, { a: a.id, merged }, ja, jb, { kind, ai, bi }, testInfo);
  // It opens in review.
  await screen.getByTestId('compare-open-merged').click();
  await expect(screen).toBeHidden();
  await expect(page.getByTestId('review')).toBeVisible();
  expect(found).toEqual([]);
});
