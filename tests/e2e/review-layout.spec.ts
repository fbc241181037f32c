// E2E (browser mode, real local engine): the review screen keeps the reader's place through zoom,
// fit, panel and window changes; wide tables scroll sideways; small windows keep both panes usable
// (queue rail, inspector drawer, no per-character wrapping); settings show only the selected
// backend's concerns; toast bursts fold into one summary; elapsed times, duplicates, history names.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { corpus, dropFiles, expectRowState, openSettings, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'redp5110_sampled.pdf';
const TABLE = 'nics-background-checks-2015-11.pdf';

async function openDoc(page: Page, name: string): Promise<void> {
  await row(page, name).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await expect(page.getByTestId('md-chunk').first()).toBeVisible();
}

/** The review toolbar fits its width on one row: no control pushed to a second row, none cut, no label on two lines. */
async function expectToolbarOneRow(page: Page): Promise<void> {
  const m = await page.getByRole('toolbar').first().evaluate((bar) => {
    const controls = [...bar.querySelectorAll<HTMLElement>('button, select, input')].filter((el) => el.offsetParent !== null);
    const boxes = controls.map((el) => el.getBoundingClientRect());
    const b = bar.getBoundingClientRect();
    return {
      // Vertical centres of all controls within a few pixels of each other: one row.
      spread: Math.max(...boxes.map((r) => r.top + r.height / 2)) - Math.min(...boxes.map((r) => r.top + r.height / 2)),
      tallest: Math.max(...boxes.map((r) => r.height)),
      outside: boxes.filter((r) => r.left < b.left || r.right > b.right).length,
      overflow: bar.scrollWidth - bar.clientWidth,
    };
  });
  expect(m.spread).toBeLessThan(6);
  expect(m.tallest).toBeLessThanOrEqual(30);
  expect(m.outside).toBe(0);
  expect(m.overflow).toBe(0);
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
  await md.evaluate((el) => { el.scrollTop = el.scrollHeight / 2; });
  const topChunk = () => md.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const chunks = [...el.querySelectorAll<HTMLElement>('[data-chunk]')].filter((c) => c.getBoundingClientRect().bottom > top + 1);
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
  const inView = () => page.getByTestId('page-pane').evaluate((pane, id) => {
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
    const columns = firstRow ? [...firstRow.children].reduce((n, c) => n + ((c as HTMLTableCellElement).colSpan || 1), 0) : 0;
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
  await wrap.evaluate((el) => { el.scrollLeft = 400; });
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

test('at 1024×700 the queue is a labelled rail, both panes get ≥ 300 px (and fit beside the opened queue), labels never wrap per character', async ({ page, app }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'zh-CN' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await openDoc(page, DOC);
  await expect(page.getByTestId('queue-rail')).toHaveCount(0);

  await page.setViewportSize({ width: 1024, height: 700 });
  const expand = page.getByTestId('queue-expand');
  await expect(expand).toBeVisible();
  await expect(expand).toHaveAccessibleName(/队列/);
  // The review toolbar is one row in both languages, every control whole, and still works from the keyboard.
  await expectToolbarOneRow(page);
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await expect(page.getByRole('button', { name: 'Inspector', exact: true })).toBeVisible();
  await expectToolbarOneRow(page);
  for (const width of [1150, 1210, 1024]) { // labelled or compact, on either side of the switch
    await page.setViewportSize({ width, height: 700 });
    await expectToolbarOneRow(page);
  }
  await page.getByTestId('toggle-thumbs').focus();
  for (let i = 0; i < 12 && !(await page.getByTestId('toggle-inspector').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(page.getByTestId('toggle-inspector')).toBeFocused();
  const pressed = await page.getByTestId('toggle-inspector').getAttribute('aria-pressed');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toggle-inspector')).not.toHaveAttribute('aria-pressed', pressed!);
  await invokeFromTest(app, 'settings:set', { language: 'zh-CN' });
  if (!(await page.getByTestId('inspector').isVisible())) await page.getByTestId('toggle-inspector').click();
  await expect(page.getByTestId('inspector')).toBeVisible();
  const width = async (id: string) => (await page.getByTestId(id).boundingBox())!.width;
  expect(await width('page-pane')).toBeGreaterThanOrEqual(300);
  expect(await width('md-pane')).toBeGreaterThanOrEqual(300);
  // "服务端任务 ID" (and every id label) stays on one line.
  for (const label of await page.locator('.id-pair > .muted').all()) {
    const box = (await label.boundingBox())!;
    expect(box.height).toBeLessThan(24);
  }

  // The rail opens the queue; the choice is remembered for narrow windows across a reload.
  await expand.click();
  await expect(page.getByTestId('queue-list')).toBeVisible();
  // With the queue open the review is under 600 px wide: the panes share it, none pushed out of the window.
  for (const id of ['page-pane', 'md-pane']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(box.width).toBeGreaterThanOrEqual(240);
  }
  // The drop zone's hint above the queue is whole (it wraps), not cut at "max. 200…".
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  const hint = page.locator('#dropzone-hint');
  await expect(hint).toHaveText('PDF, images, Office · max. 200 MB each');
  expect(await hint.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // …and where it wraps, "max. 200 MB" stays on one line.
  const sizeLines = await hint.evaluate((el) => {
    const text = el.firstChild!;
    const start = (text.textContent ?? '').indexOf('max.');
    const range = document.createRange();
    range.setStart(text, start);
    range.setEnd(text, start + 'max. 200 MB'.length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(sizeLines).toBe(1);
  await page.reload();
  await expect(page.getByTestId('queue-list')).toBeVisible();
  await expect(page.getByTestId('queue-rail')).toHaveCount(0);
});

/** Every field row with buttons (LibreOffice path, custom address, API key): the buttons as tall as the field, level with it. */
async function expectFieldRowsAligned(page: Page, forms: number): Promise<void> {
  const rows = await page.locator('form.inline-form').evaluateAll((els) => els.map((form) => {
    const field = form.querySelector('input')!.getBoundingClientRect();
    return [...form.querySelectorAll('button')].map((b) => {
      const r = b.getBoundingClientRect();
      return { button: b.textContent, dTop: Math.round(r.top - field.top), dHeight: Math.round(r.height - field.height) };
    });
  }));
  expect(rows).toHaveLength(forms);
  for (const buttons of rows) {
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) expect(b).toEqual({ button: b.button, dTop: 0, dHeight: 0 });
  }
}

test('settings show only the selected backend; a connection result goes with a backend switch', async ({ page }) => {
  await openSettings(page);
  const view = page.getByTestId('settings-view');
  await expect(view).toContainText('The local engine does not need a key.');
  await expect(view).not.toContainText(/keychain|DBus|Platform failure/i);
  await expectFieldRowsAligned(page, 1);
  // A plain-text value (Version, Results stored) reads on the line of its label.
  for (const label of ['Version', 'Results stored']) {
    const row = view.locator('.settings-row').filter({ has: page.getByText(label, { exact: true }) });
    const centre = async (el: ReturnType<Page['locator']>) => { const r = (await el.boundingBox())!; return r.y + r.height / 2; };
    const [a, b] = [await centre(row.locator('.settings-label > *').first()), await centre(row.locator('.settings-control > *').first())];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(2);
  }
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('reachable', { timeout: 30_000 });
  await page.getByRole('radio', { name: /SoMark cloud/ }).check();
  await expect(page.getByTestId('connection-result')).toHaveText('');
  await page.getByLabel('Service address').selectOption('custom');
  await expect(page.getByLabel('Private deployment base URL')).toBeVisible();
  await expectFieldRowsAligned(page, 2); // the address and the API key
});

test('failures arriving together fold into one summary toast', async ({ page }) => {
  test.setTimeout(120_000);
  const bad = await readFile(corpus('bad-input/garbage.pdf'));
  await page.getByTestId('dropzone-input').setInputFiles(
    ['a', 'b', 'c'].map((n) => ({ name: `broken-${n}.pdf`, mimeType: 'application/pdf', buffer: bad })),
  );
  for (const n of ['a', 'b', 'c']) await expectRowState(page, `broken-${n}.pdf`, 'FAILED', 60_000);
  const summary = page.getByTestId('toast-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(summary).toContainText(/notifications · [3-9] failed/);
  await summary.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expect(summary).toHaveCount(0);
  // They stand over the queue column, in a narrow window (icon sidebar) too, never over the task's details.
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 700 });
    if (await page.getByTestId('queue-expand').isVisible()) await page.getByTestId('queue-expand').click();
    const queue = (await page.locator('.queue-slot').boundingBox())!;
    const toasts = (await page.getByRole('region', { name: 'Notifications' }).boundingBox())!;
    expect(toasts.x).toBeGreaterThanOrEqual(queue.x);
    expect(toasts.x + toasts.width).toBeLessThanOrEqual(queue.x + queue.width);
  }
});

test('elapsed times read as time, duplicates ask first, history keeps the file name', async ({ page, app }) => {
  test.setTimeout(120_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  const file = corpus('pdf-digital/two_paragraphs.pdf');
  await dropFiles(page, file);
  await expectRowState(page, 'two_paragraphs.pdf', 'SUCCESS');
  const elapsed = row(page, 'two_paragraphs.pdf').locator('.row-elapsed');
  await expect(elapsed).toHaveText(/^(\d+\.\d s|\d+:\d\d)$/);
  await expect(elapsed).not.toHaveText('0:00');

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
  const ids = await page.getByTestId('queue-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.taskId!));
  for (const id of ids) await invokeFromTest(app, 'tasks:remove', { id });
  await expect(page.getByTestId('queue-row')).toHaveCount(0);
  await page.getByTestId('nav-history').click();
  await page.getByTestId('history-row').first().getByRole('button', { name: 'Open two_paragraphs.pdf' }).first().click();
  await expect(page.getByTestId('detail-heading')).toHaveText('two_paragraphs.pdf');
});
