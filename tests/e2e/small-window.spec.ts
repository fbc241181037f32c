// E2E (browser mode, real local engine): the app fits small windows and reads well in both languages.
// At 1024×700 the queue is a rail, both review panes keep their width, and the review toolbar stays one row
// (labels become tooltips, keyboard kept). Settings rows and toast bursts: small-window-settings.spec.ts.
import type { Page } from '@playwright/test';
import { corpus, dropFiles, expectRowState, linesOf, openDoc } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'redp5110_sampled.pdf';

/** The review toolbar fits its width on one row: no control pushed to a second row, none cut, no label on two lines. */
async function expectToolbarOneRow(page: Page): Promise<void> {
  const m = await page
    .getByRole('toolbar')
    .first()
    .evaluate((bar) => {
      const controls = [...bar.querySelectorAll<HTMLElement>('button, select, input')].filter(
        (el) => el.offsetParent !== null,
      );
      const boxes = controls.map((el) => el.getBoundingClientRect());
      const b = bar.getBoundingClientRect();
      return {
        // Vertical centres of all controls within a few pixels of each other: one row.
        spread:
          Math.max(...boxes.map((r) => r.top + r.height / 2)) - Math.min(...boxes.map((r) => r.top + r.height / 2)),
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

/** The Markdown pane's header (Rendered/Source, Copy Markdown) is one row and nothing in it is cut. */
async function expectMdHeadOneRow(page: Page): Promise<void> {
  const m = await page.locator('.rv-md .rv-pane-head').evaluate((head) => {
    const boxes = [...head.querySelectorAll<HTMLElement>('button')].map((el) => el.getBoundingClientRect());
    const h = head.getBoundingClientRect();
    return {
      spread: Math.max(...boxes.map((r) => r.top + r.height / 2)) - Math.min(...boxes.map((r) => r.top + r.height / 2)),
      tallest: Math.max(...boxes.map((r) => r.height)),
      outside: boxes.filter((r) => r.left < h.left || r.right > h.right).length,
    };
  });
  expect(m.outside).toBe(0);
  expect(m.spread).toBeLessThan(4);
  expect(m.tallest).toBeLessThanOrEqual(28);
  // Compact or not, the copy button keeps its name for assistive technology and as its tooltip.
  await expect(page.getByTestId('copy-md')).toHaveAccessibleName(/Copy Markdown|复制 Markdown/);
}

test('at 1024×700 the queue is a labelled rail, both panes get ≥ 300 px (and fit beside the opened queue), labels never wrap per character', async ({
  page,
  app,
}) => {
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
  // One way back, not two side by side: the detail header offers only "Hide" while the queue is open.
  await expect(page.getByRole('button', { name: /队列/ })).toHaveCount(1);
  await expect(page.getByTestId('queue-collapse')).toHaveCount(0);
  // The review toolbar is one row in both languages, every control whole, and still works from the keyboard.
  await expectToolbarOneRow(page);
  await expectMdHeadOneRow(page);
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  await expect(page.getByRole('button', { name: 'Inspector', exact: true })).toBeVisible();
  await expectToolbarOneRow(page);
  await expectMdHeadOneRow(page);
  for (const width of [1150, 1210, 1024]) {
    // labelled or compact, on either side of the switch
    await page.setViewportSize({ width, height: 700 });
    await expectToolbarOneRow(page);
  }
  await page.getByTestId('toggle-thumbs').focus();
  for (
    let i = 0;
    i < 12 && !(await page.getByTestId('toggle-inspector').evaluate((el) => el === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
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

  // The rail opens the queue; the choice is remembered for narrow windows across a reload. (The
  // Inspector, a drawer over the Markdown pane at this width, is closed first: the pane is measured.)
  await page.getByTestId('toggle-inspector').click();
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  await expand.click();
  await expect(page.getByTestId('queue-list')).toBeVisible();
  // With the queue open the review is under 600 px wide: the panes share it, none pushed out of the window.
  for (const id of ['page-pane', 'md-pane']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(box.width).toBeGreaterThanOrEqual(240);
  }
  await expectMdHeadOneRow(page);
  // The drop zone's hint above the queue is whole (it wraps), not cut at "up to 200…", and a sentence:
  // no "·" separator left hanging at a line's end where it wraps at 1024 px.
  await invokeFromTest(app, 'settings:set', { language: 'en' });
  const hint = page.locator('#dropzone-hint');
  await expect(hint).toHaveText('PDF, images or Office files, up to 200 MB each');
  await expectMdHeadOneRow(page);
  expect(await hint.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // …and where it wraps, "up to 200 MB" stays on one line; in Chinese "单个不超过 200 MB" too.
  expect(await linesOf(hint, 'up\u00a0to\u00a0200\u00a0MB')).toBe(1);
  await invokeFromTest(app, 'settings:set', { language: 'zh-CN' });
  await expect(hint).toHaveText('PDF、图片、Office，单个不超过 200 MB');
  expect(await linesOf(hint, '单个不超过\u00a0200\u00a0MB')).toBe(1);
  await page.reload();
  await expect(page.getByTestId('queue-list')).toBeVisible();
  await expect(page.getByTestId('queue-rail')).toHaveCount(0);
});
