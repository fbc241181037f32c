// E2E (browser mode, real local engine): the side-by-side review of a real two-column PDF parsed
// through the app — boxes where the JSON puts them (within 2 px of the bbox scaled to the drawn
// page), linking both ways, preview from the cache once the uploaded original is gone — and a
// 500-page result that keeps the DOM bounded.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { JsonOutput } from '../../shared/somark.ts';
import { makeFixture } from '../../bench/viewer.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, listTasks, row } from './app-ui.ts';

const DOC = 'multi-column-2p.pdf';

async function openReview(page: Page, fileName: string): Promise<void> {
  // Hiding the queue is remembered: open it again from its rail when a previous step hid it. After a
  // reload the app draws one or the other only once its state has loaded, so wait for either first.
  const rail = page.getByTestId('queue-rail');
  await expect(rail.or(row(page, fileName)).first()).toBeVisible({ timeout: 30_000 });
  if (await rail.isVisible()) await page.getByTestId('queue-expand').click();
  await row(page, fileName).click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Hide the queue' }).click();
  await expect(
    page.locator('[data-testid=page-pane] [data-testid=page-canvas][data-rendered="1"]').first(),
  ).toBeVisible({ timeout: 30_000 });
}

/** Is the element's box inside its scroll container's visible area? */
async function visibleIn(el: Locator, container: Locator): Promise<boolean> {
  const [a, b] = [await el.boundingBox(), await container.boundingBox()];
  return !!a && !!b && a.y >= b.y - 1 && a.y + Math.min(a.height, b.height) <= b.y + b.height + 1;
}

test('boxes sit on the JSON bbox scaled to the drawn page; linking works both ways; the cache previews a gone original', async ({
  page,
  app,
}) => {
  test.setTimeout(180_000);
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  const [task] = await listTasks(app);
  const view = await invokeFromTest(app, 'results:get', { id: task!.id });
  if (!view.ok) throw new Error(view.error.message);
  const json = view.value.json as JsonOutput;
  expect(json.pages.length).toBe(2);
  await openReview(page, DOC);

  // Every drawn box within 2 px of its bbox scaled from page_size to the page as drawn.
  const worst = await page.evaluate((json) => {
    let max = 0;
    let n = 0;
    for (const pageEl of document.querySelectorAll<HTMLElement>('[data-testid=page]')) {
      const p = Number(pageEl.dataset.page);
      const r = pageEl.getBoundingClientRect();
      const { w, h } = json.pages[p]!.page_size;
      for (const box of pageEl.querySelectorAll<HTMLElement>('.rv-box')) {
        const bb = json.pages[p]!.blocks.find((b) => b.idx === Number(box.dataset.idx))!.bbox;
        const x1 = Math.min(bb[0], bb[2]),
          y1 = Math.min(bb[1], bb[3]),
          x2 = Math.max(bb[0], bb[2]),
          y2 = Math.max(bb[1], bb[3]);
        const got = box.getBoundingClientRect();
        const want = {
          left: r.left + (x1 * r.width) / w,
          top: r.top + (y1 * r.height) / h,
          right: r.left + (x2 * r.width) / w,
          bottom: r.top + (y2 * r.height) / h,
        };
        max = Math.max(max, ...(['left', 'top', 'right', 'bottom'] as const).map((k) => Math.abs(got[k] - want[k])));
        n++;
      }
    }
    return { max, n };
  }, json);
  expect(worst.n).toBeGreaterThan(20);
  expect(worst.max).toBeLessThanOrEqual(2);

  // The canvas covers the page exactly (the boxes' reference frame is the drawn original).
  const pageBox = await page.locator('[data-testid=page][data-page="0"]').boundingBox();
  const canvasBox = await page.locator('[data-testid=page][data-page="0"] canvas').boundingBox();
  expect(Math.abs(pageBox!.width - canvasBox!.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(pageBox!.height - canvasBox!.height)).toBeLessThanOrEqual(1);

  // Box → Markdown: a block of the second page's right column; its chunk is highlighted and visible.
  const md = page.getByTestId('md-pane');
  // (Its text shows as written: no inline formula or note mark, which the pane typesets.)
  const p2 = json.pages[1]!.blocks.filter(
    (b) => b.type === 'text' && b.bbox[0] > json.pages[1]!.page_size.w / 2 && !/\$|\[\^/.test(b.content),
  );
  const target = p2[Math.floor(p2.length / 2)]!;
  await page.getByTestId('page-input').fill('2');
  await page.getByTestId('page-input').press('Enter');
  const box = page.locator(`[data-testid=page][data-page="1"] .rv-box[data-idx="${target.idx}"]`);
  await box.click();
  await expect(box).toHaveClass(/is-selected/);
  const g = await box.getAttribute('data-g');
  const chunk = md.locator(`[data-testid=md-chunk][data-g="${g}"]`);
  await expect(chunk).toHaveClass(/is-selected/);
  await expect.poll(() => visibleIn(chunk, md)).toBe(true);
  await expect(chunk).toContainText(target.content.slice(0, 20).trim());

  // Markdown → box: scroll the Markdown back to the top, click the first paragraph of page 1.
  await page.getByTestId('toggle-sync').click();
  await md.evaluate((el) => {
    el.scrollTop = 0;
  });
  const first = json.pages[0]!.blocks.find((b) => b.type === 'text' && b.content.length > 200)!;
  const firstChunk = md.locator(`[data-testid=md-chunk][data-page="0"][data-idx="${first.idx}"]`);
  await expect(firstChunk).toContainText(first.content.slice(0, 30));
  await firstChunk.click();
  const firstBox = page.locator(`[data-testid=page][data-page="0"] .rv-box[data-idx="${first.idx}"]`);
  await expect(firstBox).toHaveClass(/is-selected/);
  await expect.poll(() => visibleIn(firstBox, page.getByTestId('page-pane'))).toBe(true);
  // The inspector starts closed in a window this narrow; the toolbar toggle opens it on the selection.
  const inspectorToggle = page.getByRole('button', { name: 'Inspector', exact: true });
  if ((await inspectorToggle.getAttribute('aria-pressed')) !== 'true') await inspectorToggle.click();
  await expect(page.getByTestId('bbox-pt')).toContainText('dpi');

  // The uploaded original goes away: the review still draws the PDF from the results cache.
  await rm(task!.filePath, { force: true });
  await page.reload();
  await openReview(page, DOC);
});

test.describe('a 500-page result', () => {
  // A finished 500-page result (25,000 blocks) written into the data folder before the app starts,
  // as bench:viewer does; its original is only in the results cache.
  const bigDir = join(tmpdir(), `docparse-e2e-500p-${randomBytes(6).toString('hex')}`);
  test.use({ appOptions: { dataDir: bigDir } });
  test.beforeAll(async () => {
    await mkdir(bigDir, { recursive: true });
    await makeFixture(bigDir, 500, 50);
  });
  test.afterAll(async () => {
    await rm(bigDir, { recursive: true, force: true });
  });

  test('a 500-page result keeps the number of page elements in the DOM bounded', async ({ page }) => {
    test.setTimeout(120_000);
    await expect(page.getByTestId('queue-row')).toHaveCount(1, { timeout: 30_000 });
    await row(page, 'bench-500p.pdf').click();
    await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('page-total')).toHaveText('/ 500');
    await expect(page.locator('[data-testid=page-pane] [data-rendered="1"]').first()).toBeVisible({ timeout: 30_000 });
    const counts = await page.evaluate(async () => {
      const el = document.querySelector<HTMLElement>('[data-testid=page-pane]')!;
      el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      let pages = 0;
      let chunks = 0;
      let canvases = 0;
      for (let i = 1; i <= 120; i++) {
        el.scrollTop = ((el.scrollHeight - el.clientHeight) * i) / 120;
        await new Promise((r) => requestAnimationFrame(r));
        pages = Math.max(pages, el.querySelectorAll('[data-testid=page]').length);
        canvases = Math.max(canvases, el.querySelectorAll('canvas').length);
        chunks = Math.max(chunks, document.querySelectorAll('[data-testid=md-chunk]').length);
      }
      return { pages, chunks, canvases };
    });
    expect(counts.pages).toBeGreaterThan(0);
    expect(counts.pages).toBeLessThanOrEqual(8);
    expect(counts.canvases).toBeLessThanOrEqual(6);
    expect(counts.chunks).toBeLessThanOrEqual(60);
    await expect(page.getByTestId('page-input')).toHaveValue('500');
  });
});
