// E2E (browser mode, real local engine): how the app's dialogs, lists and queue are laid out, measured
// in Chromium: a form dialog's title stands apart from its first field; the history's number columns
// line their headers up with their figures; the queue's selection bar keeps one row (its actions under
// the count in the narrowest pane) inside the pane; the drop zone's size limit never leaves "each"
// alone on a line. The review screen's counterparts are in review-details.spec.ts.
import type { Locator } from '@playwright/test';
import { corpus, dropFiles, expectRowState, linesOf, row } from './app-ui.ts';
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
  await page
    .getByTestId('history-panel')
    .getByRole('button', { name: `Re-run ${DOC} with other options` })
    .click();
  const rerun = page.getByTestId('rerun-dialog');
  await expect(rerun).toBeVisible();
  expect(await titleGap(rerun), 're-run dialog').toBeGreaterThanOrEqual(10);
});

test('history: the Pages and File size headers line up with their right-aligned figures', async ({ page, app }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await page.getByTestId('nav-history').click();
  const table = page.getByTestId('history-panel').getByRole('table');
  await expect(table.getByTestId('history-row')).toHaveCount(1);
  for (const [col, name] of [
    [3, 'Pages'],
    [5, 'File size'],
  ] as const) {
    const edges = await table.evaluate((tbl, c) => {
      const inner = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect().right;
      };
      return [
        inner(tbl.querySelector(`thead th:nth-child(${c})`)!),
        inner(tbl.querySelector(`tbody tr td:nth-child(${c})`)!),
      ];
    }, col);
    expect(Math.abs(edges[0]! - edges[1]!), `${name}: header text ends where the figure ends`).toBeLessThanOrEqual(1);
  }
});

test('queue selection bar: one row at the default width; the count on one line and every action inside the pane, also at the narrowest', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`), corpus(`pdf-digital/${OTHER}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await expectRowState(page, OTHER, 'SUCCESS');
  await page.getByRole('checkbox', { name: 'Select all documents' }).check();
  const bar = page.locator('.queue-toolbar');
  const separator = page.getByRole('separator', { name: 'Resize the queue' });
  for (const width of ['default', 'narrowest'] as const) {
    if (width === 'narrowest') {
      await separator.focus();
      await page.keyboard.press('Home');
    }
    await expect(bar.getByText('2 selected')).toBeVisible();
    const m = await bar.evaluate((el) => {
      const pane = el.getBoundingClientRect();
      const kids = [...el.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0);
      const count = el.querySelector('.queue-count')!.getBoundingClientRect();
      const mids = kids.map((r) => r.top + r.height / 2);
      return {
        countHeight: count.height,
        spread: Math.max(...mids) - Math.min(...mids),
        overflow: Math.max(...kids.map((r) => r.right)) - pane.right,
      };
    });
    expect(m.countHeight, `count on one line (${width})`).toBeLessThan(24);
    if (width === 'default') expect(m.spread, 'one row').toBeLessThan(4);
    expect(m.overflow, `actions inside the pane (${width})`).toBeLessThanOrEqual(0);
  }
  await expect(bar.getByRole('button', { name: 'Clear selection' })).toBeVisible();
});

test('drop zone: "up to 200 MB each" (单个不超过 200 MB) stays together at every queue width', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`)); // a queue with a row: the compact drop zone, and a splitter
  const separator = page.getByRole('separator'); // the queue's splitter, named in either language
  const hint = page.locator('#dropzone-hint');
  for (const [language, phrase] of [
    ['en', 'up\u00a0to\u00a0200\u00a0MB\u00a0each'],
    ['zh-CN', '单个不超过\u00a0200\u00a0MB'],
  ] as const) {
    await invokeFromTest(app, 'settings:set', { language });
    await separator.focus();
    await page.keyboard.press('Home');
    const broken: number[] = [];
    for (let i = 0; i <= 22; i++) {
      const width = Number(await separator.getAttribute('aria-valuenow'));
      const lines = await linesOf(hint, phrase); // 0: the hint is hidden in the narrowest panes
      expect(lines, 'the hint says the limit this way').not.toBe(-1);
      if (lines > 1) broken.push(width);
      await page.keyboard.press('ArrowRight');
    }
    expect(broken, `queue widths where the limit broke over two lines (${language})`).toEqual([]);
  }
});
