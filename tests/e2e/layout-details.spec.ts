// E2E (browser mode, real local engine): how the app's form dialogs and lists are laid out, measured
// in Chromium: a dialog's title stands apart from its first field; the history's number columns line
// their headers up with their figures; the queue's selection bar keeps
// one row (its actions under the count in the narrowest pane), inside the pane; the review toolbar keeps one row with a
// three-digit page count in a 1024 px window with the queue open; the Inspector as a drawer covers the
// Markdown pane exactly (no clipped strip of it beside the drawer, none of the page under it); a table
// block's details head keeps its buttons inside the Inspector column; a code block in the Markdown pane
// is set solid, not double-spaced; the drop zone's size limit never leaves "each" alone on a line.
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

test('queue selection bar: one row at the default width; the count on one line and every action inside the pane, also at the narrowest', async ({ page, app }) => {
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
      return { countHeight: count.height, spread: Math.max(...mids) - Math.min(...mids), overflow: Math.max(...kids.map((r) => r.right)) - pane.right };
    });
    expect(m.countHeight, `count on one line (${width})`).toBeLessThan(24);
    if (width === 'default') expect(m.spread, 'one row').toBeLessThan(4);
    expect(m.overflow, `actions inside the pane (${width})`).toBeLessThanOrEqual(0);
  }
  await expect(bar.getByRole('button', { name: 'Clear selection' })).toBeVisible();
});

test('review toolbar: one row for a 400-page document at 1024×700 with the queue open, in both languages', async ({ page, app }) => {
  test.setTimeout(240_000);
  const LARGE = 'irs-manual-400p.pdf';
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(`large/${LARGE}`));
  await expectRowState(page, LARGE, 'SUCCESS', 200_000);
  await row(page, LARGE).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('queue-expand').click();
  await expect(page.getByTestId('queue-list')).toBeVisible();
  for (const language of ['en', 'zh-CN'] as const) {
    await invokeFromTest(app, 'settings:set', { language });
    await expect(page.getByTestId('page-total')).toHaveText('/ 400');
    await expect(page.getByTestId('toggle-inspector')).toHaveAccessibleName(language === 'en' ? 'Inspector' : '检查器');
    const spread = await page.getByRole('toolbar', { name: language === 'en' ? 'Review tools' : '审阅工具' }).evaluate((bar) => {
      const mids = [...bar.querySelectorAll<HTMLElement>('button, select, input')]
        .filter((el) => el.checkVisibility())
        .map((el) => { const r = el.getBoundingClientRect(); return r.top + r.height / 2; });
      return Math.max(...mids) - Math.min(...mids);
    });
    expect(spread, `toolbar on one row (${language})`).toBeLessThan(4);
  }
});

test('the Inspector drawer covers exactly the Markdown pane (1440×900 and 1024×700, queue open)', async ({ page, app }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await row(page, DOC).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await page.getByTestId('toggle-inspector').click();
  for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (await page.getByTestId('queue-expand').isVisible()) await page.getByTestId('queue-expand').click();
    await expect(page.getByTestId('queue-list')).toBeVisible();
    await expect(page.getByTestId('inspector')).toBeVisible();
    const box = async (id: string) => (await page.getByTestId(id).boundingBox())!;
    const [pages, md, inspector] = [await box('page-pane'), await box('md-pane'), await box('inspector')];
    const label = `${w}×${h}`;
    expect(Math.abs(inspector.x - md.x), `drawer starts where the Markdown pane starts (${label})`).toBeLessThanOrEqual(1);
    expect(Math.abs(inspector.x + inspector.width - (md.x + md.width)), `and ends where it ends (${label})`).toBeLessThanOrEqual(1);
    expect(inspector.x, `the page stays uncovered (${label})`).toBeGreaterThanOrEqual(pages.x + pages.width - 1);
    // What the drawer hides, Tab does not reach.
    await expect(page.getByTestId('md-pane')).not.toBeVisible();
  }
});

test('Inspector column: the details head of a table block keeps "Page 2 · #4" on one line and its buttons inside', async ({ page, app }) => {
  test.setTimeout(120_000);
  const WORD = 'word_sample.docx';
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(`office/${WORD}`));
  await expectRowState(page, WORD, 'SUCCESS');
  await row(page, WORD).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await page.getByTestId('queue-collapse').click();
  await page.getByTestId('toggle-inspector').click();
  await page.getByTestId('page-input').fill('2');
  await page.getByTestId('page-input').press('Enter');
  await page.locator('.rv-box[data-type="table"]').first().click({ force: true });
  const head = page.getByTestId('block-details').locator('.rv-details-head');
  await expect(head.getByTestId('open-table-view')).toBeVisible();
  for (const language of ['en', 'zh-CN'] as const) {
    await invokeFromTest(app, 'settings:set', { language });
    await expect(head.getByTestId('copy-block-json')).toHaveText(language === 'en' ? 'Copy block JSON' : '复制块 JSON');
    const m = await head.evaluate((el) => {
      const pane = el.closest('[data-testid="inspector"]')!.getBoundingClientRect();
      const where = el.querySelector('.muted')!.getBoundingClientRect();
      const buttons = [...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
      return { whereHeight: where.height, overflow: Math.max(...buttons.map((r) => r.right)) - pane.right };
    });
    expect(m.whereHeight, `page and index on one line (${language})`).toBeLessThan(20);
    expect(m.overflow, `buttons inside the Inspector (${language})`).toBeLessThanOrEqual(0);
  }
});

test('Markdown pane: the lines of a code block are set at most 1.5 times its font size apart', async ({ page, app }) => {
  test.setTimeout(120_000);
  const CODE = 'code_and_formula.pdf';
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'], language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${CODE}`));
  await expectRowState(page, CODE, 'SUCCESS');
  await row(page, CODE).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await page.locator('.rv-box[data-type="code"]').first().click({ force: true });
  const code = page.getByTestId('md-pane').locator('pre code').first();
  await expect(code).toBeVisible();
  const { pitch, size } = await code.evaluate((el) => {
    const lines = el.textContent!.replace(/\n$/, '').split('\n').length;
    return { pitch: el.getBoundingClientRect().height / lines, size: parseFloat(getComputedStyle(el).fontSize) };
  });
  expect(pitch / size).toBeLessThanOrEqual(1.5);
});

test('drop zone: "max. 200 MB each" stays together at every queue width', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`)); // a queue with a row: the compact drop zone, and a splitter
  const separator = page.getByRole('separator', { name: 'Resize the queue' });
  await separator.focus();
  await page.keyboard.press('Home');
  const hint = page.locator('#dropzone-hint');
  const broken: number[] = [];
  for (let i = 0; i <= 22; i++) {
    const width = Number(await separator.getAttribute('aria-valuenow'));
    const lines = await hint.evaluate((el) => {
      const text = el.firstChild!;
      const start = (text.textContent ?? '').indexOf('max.');
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, (text.textContent ?? '').length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    if (lines > 1) broken.push(width);
    await page.keyboard.press('ArrowRight');
  }
  expect(broken, 'queue widths where the limit broke over two lines').toEqual([]);
});
