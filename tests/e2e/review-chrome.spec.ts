// E2E (browser mode, real local engine): the review's chrome (toolbar, notice, legend + find) stays
// compact so the document keeps the height: at 1024×700 with the queue open and at 1440×900, on a PDF
// with many block types, the legend is one row (the chips that do not fit behind a "+N" button, still
// reachable from the keyboard and still toggling their type) and the notice is one line.
import type { Page } from '@playwright/test';
import { openInReview } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'redp5110_sampled.pdf';

/** Top of the page pane, and the spread of the vertical centres of the legend row's visible controls. */
async function chrome(page: Page): Promise<{ top: number; spread: number; visible: string[]; all: string[] }> {
  const top = (await page.getByTestId('page-pane').boundingBox())!.y;
  const m = await page.getByTestId('legend').evaluate((legend) => {
    const shown = [...legend.querySelectorAll<HTMLElement>('button')].filter((b) =>
      b.checkVisibility({ visibilityProperty: true }),
    );
    const mids = shown.map((b) => {
      const r = b.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    return {
      spread: Math.max(...mids) - Math.min(...mids),
      visible: shown.map((b) => b.dataset.type ?? '').filter(Boolean),
      all: [...legend.querySelectorAll<HTMLElement>(':scope > [data-type]')].map((b) => b.dataset.type!),
    };
  });
  return { top, ...m };
}

/** Every type's chip can be seen: in the row, or in the "+N" panel (opened here when there is one). */
async function expectEveryChipReachable(page: Page): Promise<void> {
  const { visible, all } = await chrome(page);
  expect(all.length).toBeGreaterThanOrEqual(10);
  const more = page.getByTestId('legend-more');
  if (visible.length === all.length) return expect(more).toHaveCount(0);
  await expect(more).toHaveText(`+${all.length - visible.length}`);
  await more.click();
  const panel = page.getByTestId('legend-overflow');
  for (const type of all.filter((t) => !visible.includes(t)))
    await expect(panel.locator(`[data-type="${type}"]`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(more).toBeFocused();
}

test('the review chrome stays compact: legend one row with "+N", one-line notice, page pane high up', async ({
  page,
  app,
}) => {
  test.setTimeout(150_000);
  await openInReview(page, app, `pdf-digital/${DOC}`);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('queue-expand').click();
  await expect(page.getByTestId('queue-list')).toBeVisible();

  for (const language of ['en', 'zh-CN'] as const) {
    await invokeFromTest(app, 'settings:set', { language });
    await expect(page.getByTestId('legend')).toHaveAccessibleName(language === 'en' ? 'Block types' : '块类型');
    const c = await chrome(page);
    expect(c.top, `page pane top (${language})`).toBeLessThanOrEqual(300);
    expect(c.spread, `legend on one row (${language})`).toBeLessThan(4);
    await expectEveryChipReachable(page);
  }
  await invokeFromTest(app, 'settings:set', { language: 'en' });

  // The notice is one line; its whole text is there for screen readers and on demand; it can be dismissed.
  const notice = page.getByTestId('review-notice');
  await expect(notice).toContainText('No text was found on 1 of 18 pages');
  expect((await notice.boundingBox())!.height).toBeLessThanOrEqual(36);
  const details = notice.getByRole('button', { name: 'Details' });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  expect((await notice.boundingBox())!.height).toBeGreaterThan(36);
  await details.click();

  // From the keyboard: "+N" opens the rest, Tab reaches a chip there, Enter toggles its type's boxes.
  const more = page.getByTestId('legend-more');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  // A type of the panel with boxes on the pages in view, reached with Tab.
  const panel = page.getByTestId('legend-overflow');
  const drawn = new Set(
    await page.locator('.rv-box').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.type)),
  );
  const type = (
    await panel.locator('[data-type]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.type!))
  ).find((t) => drawn.has(t))!;
  expect(type).toBeTruthy();
  const chip = panel.locator(`[data-type="${type}"]`);
  for (let i = 0; i < 12 && !(await chip.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(chip).toBeFocused();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(chip).toHaveAccessibleName(/blocks, shown$/);
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator(`.rv-box[data-type="${type}"]`)).toHaveCount(0);
  await expect(chip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // A wide window with many types: the legend stays one row there too, the pages start high.
  await page.setViewportSize({ width: 1440, height: 900 });
  const wide = await chrome(page);
  expect(wide.spread).toBeLessThan(4);
  expect(wide.top).toBeLessThanOrEqual(300);
  await expectEveryChipReachable(page);
});

/** Where the legend row's controls are: the left edge of each visible chip (by type), "+N"'s text,
 * and the left edge of "All types". */
async function legendPlaces(page: Page): Promise<{ chips: Record<string, number>; more: string; reset: number }> {
  return page.getByTestId('legend').evaluate((legend) => {
    const chips: Record<string, number> = {};
    for (const b of legend.querySelectorAll<HTMLElement>(':scope > [data-type]')) {
      if (b.checkVisibility({ visibilityProperty: true }))
        chips[b.dataset.type!] = Math.round(b.getBoundingClientRect().left);
    }
    const more = legend.querySelector<HTMLElement>('[data-testid=legend-more]')?.textContent ?? '';
    const reset = legend.querySelector<HTMLElement>('[data-testid=legend-all]');
    return { chips, more, reset: reset ? Math.round(reset.getBoundingClientRect().left) : -1 };
  });
}

test('hiding a type and "All types" leave the legend row in place (en and zh)', async ({ page, app }, info) => {
  test.setTimeout(150_000);
  await openInReview(page, app, `pdf-digital/${DOC}`);
  await page.setViewportSize({ width: 1024, height: 700 }); // a row with "+N": the queue folded, then open
  for (const [queue, language] of [
    ['folded', 'en'],
    ['folded', 'zh-CN'],
    ['open', 'zh-CN'],
    ['open', 'en'],
  ] as const) {
    if (queue === 'open' && language === 'zh-CN') await page.getByTestId('queue-expand').click();
    await invokeFromTest(app, 'settings:set', { language });
    await expect(page.getByTestId('legend')).toHaveAccessibleName(language === 'en' ? 'Block types' : '块类型');
    const all = page.getByTestId('legend-all');
    const before = await legendPlaces(page);
    await page.screenshot({ path: info.outputPath(`legend-${queue}-${language}-all-shown.png`) });
    const first = page.getByTestId('legend').locator('[data-type]').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await expect(all).toHaveText(language === 'en' ? 'All types' : '全部类型');
    await page.screenshot({ path: info.outputPath(`legend-${queue}-${language}-one-hidden.png`) });
    expect(await legendPlaces(page), `a type hidden (${queue}, ${language})`).toEqual(before);
    await all.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(await legendPlaces(page), `all shown again (${queue}, ${language})`).toEqual(before);
  }
});
