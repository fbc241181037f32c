// Regenerates the README's screenshots of the review screen (docs/screenshots/): 1024×700 and
// 1440×900, light and dark, English and Chinese, with a real corpus PDF parsed by the local engine.
// Skipped unless DOCPARSE_SCREENSHOTS=1:  DOCPARSE_SCREENSHOTS=1 npx playwright test tests/e2e/screenshots.spec.ts
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';
import { REPO_ROOT } from './support/web-app.ts';

const DOC = 'redp5110_sampled.pdf';

test('review screen screenshots for the README', async ({ page, app }) => {
  test.skip(process.env.DOCPARSE_SCREENSHOTS !== '1', 'set DOCPARSE_SCREENSHOTS=1 to regenerate docs/screenshots');
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`), corpus('tables/nics-background-checks-2015-11.pdf'));
  await expectRowState(page, DOC, 'SUCCESS');
  await expectRowState(page, 'nics-background-checks-2015-11.pdf', 'SUCCESS');
  await row(page, DOC).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  await page.getByTestId('page-input').fill('3');
  await page.getByTestId('page-input').press('Enter');
  // "Added 2 files to the queue" goes after 4 s: it is not part of the screen being shown.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  for (const [language, lang] of [
    ['en', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invokeFromTest(app, 'settings:set', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const [w, h] of [
        [1440, 900],
        [1024, 700],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.mouse.move(w - 5, h - 5);
        await expect(page.locator('[data-testid="page-canvas"][data-rendered="1"]').first()).toBeVisible();
        await page.waitForTimeout(800); // canvases of the pages around settle after the resize
        await page.screenshot({ path: join(REPO_ROOT, 'docs', 'screenshots', `review-${w}-${theme}-${lang}.png`) });
      }
    }
  }
});

// A look at every screen as a user sees it: queue, review and settings (top and bottom), both languages,
// both themes, 1024×700 and 1440×900, with a digital and a scanned PDF. Written to a folder outside the
// repo:  DOCPARSE_SCREENSHOTS_DIR=/some/folder npx playwright test tests/e2e/screenshots.spec.ts
test('every screen in both languages, themes and window sizes', async ({ page, app }) => {
  const dir = process.env.DOCPARSE_SCREENSHOTS_DIR;
  test.skip(!dir, 'set DOCPARSE_SCREENSHOTS_DIR to a folder for the screenshots');
  test.setTimeout(600_000);
  const shot = (name: string) => page.screenshot({ path: join(dir!, `${name}.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  const [digital, scanned] = ['multi-column-2p.pdf', 'ocr_test.pdf'];
  await dropFiles(page, corpus(`pdf-digital/${digital}`), corpus(`pdf-scanned/${scanned}`));
  await expectRowState(page, digital, 'SUCCESS');
  await expectRowState(page, scanned, 'SUCCESS');
  for (const [language, lang] of [
    ['en', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invokeFromTest(app, 'settings:set', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const [w, h] of [
        [1440, 900],
        [1024, 700],
      ] as const) {
        const tag = `${w}-${theme}-${lang}`;
        await page.setViewportSize({ width: w, height: h });
        await page.getByTestId('nav-queue').click();
        if (await page.getByTestId('queue-expand').isVisible()) await page.getByTestId('queue-expand').click();
        await row(page, scanned).click();
        await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
        await expect(page.locator('[data-testid="page-canvas"][data-rendered="1"]').first()).toBeVisible();
        await page.waitForTimeout(600);
        await shot(`queue-${tag}`);
        await row(page, digital).click();
        await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
        const collapse = page.getByTestId('queue-collapse');
        if (w < 1280 && (await collapse.isVisible())) await collapse.click();
        if (!(await page.getByTestId('inspector').isVisible())) await page.getByTestId('toggle-inspector').click();
        await page.locator('.rv-box').first().click({ force: true });
        await expect(page.locator('[data-testid="page-canvas"][data-rendered="1"]').first()).toBeVisible();
        await page.mouse.move(w - 5, h - 5);
        await page.waitForTimeout(800);
        await shot(`review-${tag}`);
        await page.getByTestId('toggle-inspector').click();
        await page.getByTestId('nav-settings').click();
        await expect(page.getByTestId('settings-view')).toBeVisible();
        await shot(`settings-${tag}`);
        await page.getByTestId('settings-view').evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        await shot(`settings-end-${tag}`);
      }
    }
  }
  // A burst of failures folds into one toast; it follows a language switch.
  await page.getByTestId('nav-queue').click();
  if (await page.getByTestId('queue-expand').isVisible()) await page.getByTestId('queue-expand').click();
  const bad = await readFile(corpus('bad-input/garbage.pdf'));
  await page
    .getByTestId('dropzone-input')
    .setInputFiles(['a', 'b', 'c'].map((n) => ({ name: `broken-${n}.pdf`, mimeType: 'application/pdf', buffer: bad })));
  await expect(page.getByTestId('toast-summary')).toBeVisible({ timeout: 60_000 });
  await shot('toast-summary-zh');
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });
  await expect(page.getByTestId('toast-summary')).toContainText('notifications');
  await shot('toast-summary-en');
});

// The review's chrome on a PDF with many block types (redp5110: 10+ legend chips and a notice):
// 1024×700 with the queue open and closed, 1440×900, and the "+N" panel open; to DOCPARSE_SCREENSHOTS_DIR.
test('review chrome with many block types', async ({ page, app }) => {
  const dir = process.env.DOCPARSE_SCREENSHOTS_DIR;
  test.skip(!dir, 'set DOCPARSE_SCREENSHOTS_DIR to a folder for the screenshots');
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await row(page, DOC).click();
  await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
  for (const [language, lang] of [
    ['en', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invokeFromTest(app, 'settings:set', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const [w, h, queue] of [
        [1440, 900, ''],
        [1024, 700, '-queue-closed'],
        [1024, 700, '-queue-open'],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        if (queue === '-queue-open') await page.getByTestId('queue-expand').click();
        await page.mouse.move(w - 5, h - 5);
        await expect(page.locator('[data-testid="page-canvas"][data-rendered="1"]').first()).toBeVisible();
        await page.waitForTimeout(800);
        await page.screenshot({ path: join(dir!, `review-chrome-${w}${queue}-${theme}-${lang}.png`) });
        const more = page.getByTestId('legend-more');
        if (queue === '-queue-open' && (await more.count())) {
          await more.click();
          await page.screenshot({ path: join(dir!, `review-chrome-${w}${queue}-more-${theme}-${lang}.png`) });
          await page.keyboard.press('Escape');
        }
        if (queue === '-queue-open') await page.getByTestId('queue-collapse').click();
      }
    }
  }
});
