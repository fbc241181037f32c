// Regenerates the README's screenshots of the review screen (docs/screenshots/): 1024×700 and
// 1440×900, light and dark, English and Chinese, with a real corpus PDF parsed by the local engine.
// Skipped unless DOCPARSE_SCREENSHOTS=1:  DOCPARSE_SCREENSHOTS=1 npx playwright test tests/e2e/screenshots.spec.ts
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
  for (const [language, lang] of [['en', 'en'], ['zh-CN', 'zh']] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invokeFromTest(app, 'settings:set', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const [w, h] of [[1440, 900], [1024, 700]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.mouse.move(w - 5, h - 5);
        await expect(page.locator('[data-testid="page-canvas"][data-rendered="1"]').first()).toBeVisible();
        await page.waitForTimeout(800); // canvases of the pages around settle after the resize
        await page.screenshot({ path: join(REPO_ROOT, 'docs', 'screenshots', `review-${w}-${theme}-${lang}.png`) });
      }
    }
  }
});
