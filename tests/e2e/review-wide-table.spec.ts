// E2E (browser mode, real local engine): a wide table scrolls sideways in the review's Markdown pane and
// its cells are never one character wide.
import { corpus, dropFiles, expectRowState, openDoc } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const TABLE = 'nics-background-checks-2015-11.pdf';

test('a wide table scrolls sideways in the Markdown pane, cells never one character wide', async ({ page, app }) => {
  test.setTimeout(120_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus(`tables/${TABLE}`));
  await expectRowState(page, TABLE, 'SUCCESS');
  await openDoc(page, TABLE);
  await page.setViewportSize({ width: 1024, height: 700 });
  const wrap = page.getByTestId('md-pane').locator('.md-table-wrap').first();
  await expect(wrap).toBeVisible();
  const m = await wrap.evaluate((el) => {
    const cells = [...el.querySelectorAll<HTMLElement>('td, th')];
    const firstRow = el.querySelector('tr');
    const columns = firstRow
      ? [...firstRow.children].reduce((n, c) => n + ((c as HTMLTableCellElement).colSpan || 1), 0)
      : 0;
    // Per-character wrapping: a cell with a word of 2+ letters rendered narrower than that word.
    const squeezed = cells.filter((c) => {
      const word = (c.textContent ?? '').split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
      return word.length >= 2 && c.getBoundingClientRect().width < 40;
    }).length;
    return { scroll: el.scrollWidth, client: el.clientWidth, columns, cells: cells.length, squeezed };
  });
  expect(m.columns).toBeGreaterThanOrEqual(20);
  expect(m.scroll).toBeGreaterThan(m.client + 100);
  expect(m.squeezed).toBe(0);
  await wrap.evaluate((el) => {
    el.scrollLeft = 400;
  });
  expect(await wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // The selected table block opens in a table view that copies as CSV.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  await wrap.click();
  if (!(await page.getByTestId('inspector').isVisible())) await page.getByTestId('toggle-inspector').click();
  await page.getByTestId('open-table-view').click();
  const dialog = page.getByTestId('table-view');
  await expect(dialog).toBeVisible();
  const columns = await dialog.locator('tr').first().locator('th').count();
  expect(columns).toBeGreaterThanOrEqual(20);
  await dialog.getByTestId('copy-csv').click();
  const csv = await page.evaluate(() => navigator.clipboard.readText());
  expect(csv.split('\r\n').length).toBeGreaterThan(10);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
