// E2E (browser mode, real local engine): how the app's form dialogs and lists are laid out, measured
// in Chromium: a dialog's title stands apart from its first field; the history's number columns line
// their headers up with their figures.
import type { Locator } from '@playwright/test';
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'multi_page.pdf';
const OTHER = 'list-item-example.pdf';

/** Space between a dialog's title and the first thing under it, in CSS pixels. */
async function titleGap(dialog: Locator): Promise<number> {
  return dialog.evaluate((box) => {
    const title = box.querySelector('h2')!;
    const next = title.nextElementSibling!;
    const first = (next.tagName === 'FORM' ? next.firstElementChild : next) as HTMLElement;
    return first.getBoundingClientRect().top - title.getBoundingClientRect().bottom;
  });
}

test('form dialogs keep their title apart from the first field', async ({ page, app }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`), corpus(`pdf-digital/${OTHER}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await expectRowState(page, OTHER, 'SUCCESS');
  await row(page, DOC).click();

  await page.getByRole('button', { name: `Export ${DOC}` }).click();
  await page.getByTestId('export-path').click();
  const pathDialog = page.getByTestId('export-path-dialog');
  await expect(pathDialog).toBeVisible();
  expect(await titleGap(pathDialog), 'save-to-a-path dialog').toBeGreaterThanOrEqual(10);
  await page.keyboard.press('Escape');

  await page.getByRole('checkbox', { name: 'Select all documents' }).check();
  await page.locator('.queue-toolbar').getByRole('button', { name: 'Export 2 selected documents' }).click();
  const batch = page.getByRole('dialog');
  await expect(batch).toBeVisible();
  expect(await titleGap(batch), 'batch export dialog').toBeGreaterThanOrEqual(10);
  await page.keyboard.press('Escape');

  await page.getByTestId('nav-history').click();
  await page.getByTestId('history-panel').getByRole('button', { name: `Re-run ${DOC} with other options` }).click();
  const rerun = page.getByTestId('rerun-dialog');
  await expect(rerun).toBeVisible();
  expect(await titleGap(rerun), 're-run dialog').toBeGreaterThanOrEqual(10);
});

test('history: the Pages and Size headers line up with their right-aligned figures', async ({ page, app }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await page.getByTestId('nav-history').click();
  const table = page.getByTestId('history-panel').getByRole('table');
  await expect(table.getByTestId('history-row')).toHaveCount(1);
  for (const [col, name] of [[3, 'Pages'], [5, 'Size']] as const) {
    const edges = await table.evaluate((tbl, c) => {
      const inner = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect().right;
      };
      return [inner(tbl.querySelector(`thead th:nth-child(${c})`)!), inner(tbl.querySelector(`tbody tr td:nth-child(${c})`)!)];
    }, col);
    expect(Math.abs(edges[0]! - edges[1]!), `${name}: header text ends where the figure ends`).toBeLessThanOrEqual(1);
  }
});
