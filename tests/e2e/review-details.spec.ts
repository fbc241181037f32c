// E2E (browser mode, real local engine): details of the review screen's layout, measured in Chromium:
// the toolbar keeps one row with a three-digit page count in a 1024 px window with the queue open; the
// Inspector as a drawer covers the Markdown pane exactly (no clipped strip of it beside the drawer, none
// of the page under it); a table block's details head keeps its buttons inside the Inspector column; a
// code block in the Markdown pane is set solid, not double-spaced (the Source view keeps its own type).
import { openInReview } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'multi_page.pdf';

test('review toolbar: one row for a 400-page document at 1024×700 with the queue open, in both languages', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  const LARGE = 'irs-manual-400p.pdf';
  await openInReview(page, app, `large/${LARGE}`, 200_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('queue-expand').click();
  await expect(page.getByTestId('queue-list')).toBeVisible();
  for (const language of ['en', 'zh-CN'] as const) {
    await invokeFromTest(app, 'settings:set', { language });
    await expect(page.getByTestId('page-total')).toHaveText('/ 400');
    await expect(page.getByTestId('toggle-inspector')).toHaveAccessibleName(language === 'en' ? 'Inspector' : '检查器');
    const spread = await page
      .getByRole('toolbar', { name: language === 'en' ? 'Review tools' : '审阅工具' })
      .evaluate((bar) => {
        const mids = [...bar.querySelectorAll<HTMLElement>('button, select, input')]
          .filter((el) => el.checkVisibility())
          .map((el) => {
            const r = el.getBoundingClientRect();
            return r.top + r.height / 2;
          });
        return Math.max(...mids) - Math.min(...mids);
      });
    expect(spread, `toolbar on one row (${language})`).toBeLessThan(4);
  }
});

test('the Inspector drawer covers exactly the Markdown pane (1440×900 and 1024×700, queue open)', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await openInReview(page, app, `pdf-digital/${DOC}`);
  await page.getByTestId('toggle-inspector').click();
  for (const [w, h] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // The queue folds below 1280 px (NARROW_PX) a moment after the resize: wait for its rail, not isVisible().
    if (w < 1280) await page.getByTestId('queue-expand').click();
    await expect(page.getByTestId('queue-list')).toBeVisible();
    await expect(page.getByTestId('inspector')).toBeVisible();
    const box = async (id: string) => (await page.getByTestId(id).boundingBox())!;
    const [pages, md, inspector] = [await box('page-pane'), await box('md-pane'), await box('inspector')];
    const label = `${w}×${h}`;
    expect(Math.abs(inspector.x - md.x), `drawer starts where the Markdown pane starts (${label})`).toBeLessThanOrEqual(
      1,
    );
    expect(
      Math.abs(inspector.x + inspector.width - (md.x + md.width)),
      `and ends where it ends (${label})`,
    ).toBeLessThanOrEqual(1);
    expect(inspector.x, `the page stays uncovered (${label})`).toBeGreaterThanOrEqual(pages.x + pages.width - 1);
    // What the drawer hides, Tab does not reach.
    await expect(page.getByTestId('md-pane')).not.toBeVisible();
  }
});

test('Inspector column: the details head of a table block keeps "Page 2 · #4" on one line and its buttons inside', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const WORD = 'word_sample.docx';
  await openInReview(page, app, `office/${WORD}`);
  await page.getByTestId('queue-collapse').click();
  await page.getByTestId('toggle-inspector').click();
  await page.getByTestId('page-input').fill('2');
  await page.getByTestId('page-input').press('Enter');
  // A dispatched click does not depend on where the box is while page 2 scrolls into view.
  await page.locator('.rv-box[data-type="table"]').first().dispatchEvent('click');
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

test('Markdown pane: the lines of a code block are set at most 1.5 times its font size apart', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const CODE = 'code_and_formula.pdf';
  await openInReview(page, app, `pdf-digital/${CODE}`);
  await page.locator('.rv-box[data-type="code"]').first().click({ force: true });
  const code = page.getByTestId('md-pane').locator('pre code').first();
  await expect(code).toBeVisible();
  const { pitch, size } = await code.evaluate((el) => {
    const lines = el.textContent!.replace(/\n$/, '').split('\n').length;
    return { pitch: el.getBoundingClientRect().height / lines, size: parseFloat(getComputedStyle(el).fontSize) };
  });
  expect(pitch / size).toBeLessThanOrEqual(1.5);
  // The Source view keeps its own type (12.5 px on 1.5), not the code blocks'.
  await page.getByRole('button', { name: 'Source' }).click();
  const src = await page
    .getByTestId('md-pane')
    .locator('pre.rv-src')
    .first()
    .evaluate((el) => {
      const cs = getComputedStyle(el);
      return [cs.fontSize, cs.lineHeight];
    });
  expect(src).toEqual(['12.5px', '18.75px']);
});
