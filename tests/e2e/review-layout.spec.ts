// E2E (browser mode, real local engine): the review screen keeps the reader's place through zoom, fit,
// panel and window changes, and a selected block stays in view. (Wide tables: review-wide-table.spec.ts;
// small windows, settings rows and toasts: small-window*.spec.ts.)
import type { Page } from '@playwright/test';
import { corpus, dropFiles, expectRowState, openDoc } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'redp5110_sampled.pdf';

/** 0-based index of the page under the page pane's vertical centre. */
const centrePage = (page: Page): Promise<number> =>
  page.getByTestId('page-pane').evaluate((pane) => {
    const r = pane.getBoundingClientRect();
    const y = r.top + r.height / 2;
    for (const el of pane.querySelectorAll<HTMLElement>('[data-testid="page"]')) {
      const b = el.getBoundingClientRect();
      if (b.top <= y + 8 && b.bottom >= y - 8) return Number(el.dataset.page);
    }
    return -1;
  });

async function expectOnPage(page: Page, index: number): Promise<void> {
  await expect.poll(() => centrePage(page)).toBe(index);
  await expect(page.getByTestId('page-input')).toHaveValue(String(index + 1));
}

/** Parses the 18-page redp5110 at 1440×900, opens its review and goes to page 9. */
async function openOnPage9(page: Page, app: Parameters<typeof invokeFromTest>[0]): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await openDoc(page, DOC);
  await page.getByTestId('page-input').fill('9');
  await page.getByTestId('page-input').press('Enter');
  await expectOnPage(page, 8);
}

test('the current page stays in view through zoom, fit, panel toggles and window resizes', async ({ page, app }) => {
  test.setTimeout(180_000);
  await openOnPage9(page, app);

  await page.getByTestId('zoom-select').selectOption('p150');
  await expectOnPage(page, 8);
  await page.getByTestId('toggle-inspector').click();
  await expectOnPage(page, 8);
  await page.getByTestId('toggle-thumbs').click();
  await expectOnPage(page, 8);
  await page.getByTestId('zoom-select').selectOption('fit-width');
  await expectOnPage(page, 8);
  await page.getByTestId('toggle-inspector').click();
  await expectOnPage(page, 8);
  await page.setViewportSize({ width: 1100, height: 760 });
  await expectOnPage(page, 8);
  await page.getByTestId('zoom-select').selectOption('fit-page');
  await expectOnPage(page, 8);

  // The Markdown pane keeps its place when switching to Source and back.
  const md = page.getByTestId('md-pane');
  await md.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  const topChunk = () =>
    md.evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const chunks = [...el.querySelectorAll<HTMLElement>('[data-chunk]')].filter(
        (c) => c.getBoundingClientRect().bottom > top + 1,
      );
      return Math.min(...chunks.map((c) => Number(c.dataset.chunk)));
    });
  await page.waitForTimeout(300); // let the pane settle (the place is recorded on scroll)
  const before = await topChunk();
  expect(before).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Source', exact: true }).click();
  await expect.poll(async () => Math.abs((await topChunk()) - before)).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Rendered', exact: true }).click();
  await expect.poll(async () => Math.abs((await topChunk()) - before)).toBeLessThanOrEqual(1);
});

test('a selected block stays in view through zoom and panel toggles', async ({ page, app }) => {
  test.setTimeout(180_000);
  await openOnPage9(page, app);
  // The lowest box of page 9: far from the centre point that zoom keeps.
  const boxes = page.locator('[data-testid="page"][data-page="8"] .rv-box');
  await expect(boxes.first()).toBeVisible();
  const g = await boxes.evaluateAll((els) => {
    const low = els.reduce((a, b) => (b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a));
    return (low as HTMLElement).dataset.g!;
  });
  await page.locator(`.rv-box[data-g="${g}"]`).click({ force: true });
  await expect(page.locator(`.rv-box[data-g="${g}"]`)).toHaveClass(/is-selected/);
  const inView = () =>
    page.getByTestId('page-pane').evaluate((pane, id) => {
      const box = pane.querySelector<HTMLElement>(`.rv-box[data-g="${id}"]`);
      if (!box) return false;
      const p = pane.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return b.bottom > p.top && b.top < p.bottom && b.right > p.left && b.left < p.right;
    }, g);
  for (const step of ['p300', 'p200', 'fit-width']) {
    await page.getByTestId('zoom-select').selectOption(step);
    await expect.poll(inView).toBe(true);
  }
  await page.getByTestId('toggle-inspector').click();
  await expect.poll(inView).toBe(true);
  await page.setViewportSize({ width: 1100, height: 700 });
  await expect.poll(inView).toBe(true);
});
