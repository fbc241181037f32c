// E2E, issue 28's queue half with the real local engine: the per-file options in the submit bar, the row
// and Settings defaults, in both languages and themes with 0 axe violations; and one order, oldest first,
// top to bottom as processed, the running row kept in view without scrolling the page.
import { join } from 'node:path';
import { corpus, dropFiles, expectRowState, forEachLook, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { scan } from './support/axe.ts';

test('the per-file options: submit bar, row and Settings defaults in both languages and themes, 0 axe violations', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', {
    language: 'en',
    fileOptions: { ocr: true, ocrLang: 'en', pageRange: '1' },
  });
  // The Settings defaults are what the submit bar starts from.
  await expect(page.getByTestId('file-options-summary')).toHaveText('OCR: English · pages 1');
  await page.getByTestId('file-options-bar').locator('summary').click();
  await page.getByTestId('submit-options-pages').fill('9-2');
  await page.getByTestId('submit-options-pages').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'counting from page 1' })).toBeVisible(); // refused, said in words
  await page.getByTestId('submit-options-pages').fill('1-2');
  await page.getByTestId('submit-options-pages').press('Enter');
  await dropFiles(page, corpus('pdf-digital/multi_page.pdf'));
  await expectRowState(page, 'multi_page.pdf', 'SUCCESS');
  await expect(row(page, 'multi_page.pdf').getByTestId('row-meta')).toContainText(
    '2 p. · Local engine · OCR: English · pages 1-2',
  );
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });

  const dir = process.env.DOCPARSE_SCREENSHOTS_DIR ?? testInfo.outputPath();
  const found: string[] = [];
  await forEachLook(page, app, async (tag) => {
    await page.getByTestId('nav-queue').click();
    if (await page.getByTestId('queue-expand').isVisible()) await page.getByTestId('queue-expand').click();
    const bar = page.getByTestId('file-options-bar'); // a disclosure: closed again after leaving the queue
    if ((await bar.getAttribute('open')) === null) await bar.locator('summary').click();
    await expect(page.getByTestId('submit-options-fields')).toBeVisible();
    await page.screenshot({ path: join(dir, `options28-queue-${tag}.png`) });
    found.push(...(await scan(page, `queue options ${tag}`)));
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-file-options-fields').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, `options28-settings-${tag}.png`) });
    found.push(...(await scan(page, `settings ${tag}`)));
  });
  expect(found).toEqual([]);
});

test('one order: oldest first, top to bottom, as processed; the running row stays in view and nothing scrolls the page', async ({
  page,
  app,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 }); // the queue stays open beside a result
  await invokeFromTest(app, 'settings:set', { language: 'en', concurrency: 1 });
  const names = [
    'two_paragraphs.pdf',
    'header-test-doc.pdf',
    'table_mislabeled_as_picture.pdf',
    'list-item-example.pdf',
    'scotus-transcript-p1.pdf',
    'code_and_formula.pdf',
    'right_to_left_01.pdf',
    'multi_page.pdf',
    '2305.03393v1-pg9.pdf',
    'multi-column-2p.pdf',
    'pdfjs_wikipedia.pdf',
    'picture_classification.pdf',
    'normal_4pages.pdf',
    'amt_handbook_sample.pdf',
  ];
  await dropFiles(page, ...names.map((n) => corpus(`pdf-digital/${n}`)));
  await expect(page.getByTestId('queue-row')).toHaveCount(names.length);
  const shown = await page.getByTestId('queue-row').locator('.row-name').allTextContents();
  expect(shown).toEqual(names); // as added: the first added on top
  // While the queue works down the list, the row being parsed is inside the list's view (read in one go).
  const inView: boolean[] = [];
  for (let i = 0; i < 600 && inView.length < 6; i++) {
    const r = await page.evaluate(() => {
      const row = document.querySelector(
        '[data-testid="queue-row"][data-state="PROCESSING"], [data-testid="queue-row"][data-state="QUEUING"]',
      );
      const list = document.querySelector('[data-testid="queue-list"]');
      if (!row || !list) return null;
      const a = row.getBoundingClientRect(),
        b = list.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    });
    if (r !== null) inView.push(r);
    await page.waitForTimeout(150);
  }
  expect(inView.length).toBeGreaterThan(0);
  expect(inView.every(Boolean), JSON.stringify(inView)).toBe(true);
  for (const n of names) await expectRowState(page, n, 'SUCCESS', 180_000);
  // The auto-opened result moved no pane: the page and the app's frame are not scrolled, the toolbar is whole.
  expect(
    await page.evaluate(() =>
      Math.max(
        document.scrollingElement?.scrollTop ?? 0,
        ...[...document.querySelectorAll('.queue-pane, .drop-target')].map((e) => e.scrollTop),
      ),
    ),
  ).toBe(0);
});
