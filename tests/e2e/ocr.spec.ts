// E2E (browser mode, real local engine): a scanned PDF and a photo of text dropped into the app come
// back with their recognised text in the Markdown pane and boxes drawn on the page over those lines.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';

async function openReview(page: Page, fileName: string): Promise<void> {
  await row(page, fileName).click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('detail-heading')).toHaveText(fileName);
}

test('a scanned PDF and an image are read: text in the Markdown, boxes on the lines', async ({ page }) => {
  test.setTimeout(240_000);
  await dropFiles(page, corpus('pdf-scanned/ocr_test.pdf'), corpus('cjk/chi_sim_image.jpeg'));
  await expectRowState(page, 'ocr_test.pdf', 'SUCCESS');
  await expectRowState(page, 'chi_sim_image.jpeg', 'SUCCESS');

  await openReview(page, 'ocr_test.pdf');
  await expect(page.getByTestId('md-pane')).toContainText(
    /Docling bundles PDF document conversion to JSON and Markdown in an easy self contained package/i,
    { timeout: 30_000 },
  );
  // A text box (not one full-page figure) drawn over the page.
  const boxes = page.locator('[data-testid=page][data-page="0"] .rv-box');
  await expect(boxes.first()).toBeVisible();
  const pageBox = (await page.locator('[data-testid=page][data-page="0"]').boundingBox())!;
  const first = (await boxes.first().boundingBox())!;
  expect(first.height).toBeLessThan(pageBox.height / 3);

  await openReview(page, 'chi_sim_image.jpeg');
  await expect(page.getByTestId('md-pane')).toContainText('适用人群', { timeout: 30_000 });
  await expect(page.locator('[data-testid=page][data-page="0"] .rv-box').first()).toBeVisible();
});
