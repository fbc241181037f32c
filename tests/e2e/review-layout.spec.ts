// E2E (browser mode, real local engine): the review screen keeps the reader's place through zoom,
// fit, panel and window changes; wide tables scroll sideways; elapsed times, duplicates, history names.
// (Small windows, settings rows and toasts: small-window.spec.ts.)
import type { Page } from '@playwright/test';
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'redp5110_sampled.pdf';
const TABLE = 'nics-background-checks-2015-11.pdf';

async function openDoc(page: Page, name: string): Promise<void> {
  await row(page, name).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await expect(page.getByTestId('md-chunk').first()).toBeVisible();
}

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

test('elapsed times read as time, duplicates ask first, history keeps the file name', async ({ page, app }) => {
  test.setTimeout(120_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  const file = corpus('pdf-digital/two_paragraphs.pdf');
  await dropFiles(page, file);
  await expectRowState(page, 'two_paragraphs.pdf', 'SUCCESS');
  const elapsed = row(page, 'two_paragraphs.pdf').locator('.row-elapsed');
  await expect(elapsed).toHaveText(/^(\d+\.\d s|\d+ s|\d+ min( \d+ s)?)$/);
  await expect(elapsed).not.toHaveText('0.0 s');
  // The detail header words it the same way.
  await row(page, 'two_paragraphs.pdf').click();
  await expect(page.getByTestId('task-detail').locator('.detail-sub')).toContainText((await elapsed.textContent())!);

  await page.getByTestId('dropzone-input').setInputFiles([]);
  await dropFiles(page, file);
  const ask = page.getByRole('alertdialog', { name: /already in the queue — add it again\?/ });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
  await page.getByTestId('dropzone-input').setInputFiles([]);
  await dropFiles(page, file);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Add again' }).click();
  await expect(page.getByTestId('queue-row')).toHaveCount(2);

  // Removed from the queue, reopened from History: still titled with its file name.
  const ids = await page
    .getByTestId('queue-row')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.taskId!));
  for (const id of ids) await invokeFromTest(app, 'tasks:remove', { id });
  await expect(page.getByTestId('queue-row')).toHaveCount(0);
  await page.getByTestId('nav-history').click();
  await page
    .getByTestId('history-row')
    .first()
    .getByRole('button', { name: 'Open two_paragraphs.pdf' })
    .first()
    .click();
  await expect(page.getByTestId('detail-heading')).toHaveText('two_paragraphs.pdf');
  // …and with the facts saved with the result: size, backend and the elapsed time, worded as in the queue.
  await expect(page.getByTestId('task-detail').locator('.detail-sub')).toContainText(
    /KB · .*Local engine · (\d+\.\d s|\d+ s)$/,
  );
});
