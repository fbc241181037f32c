import { test, expect, invokeFromTest } from './fixtures.ts';
import { corpus, dropFiles, listTasks } from './app-ui.ts';
test('look', async ({ page, app }) => {
  test.setTimeout(300_000);
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus('pdf-digital/redp5110_sampled.pdf'), corpus('tables/nics-background-checks-2015-11.pdf'));
  await expect.poll(async () => (await listTasks(app)).filter((t) => t.state === 'SUCCESS').length, { timeout: 200_000 }).toBe(2);
  for (const [w, h] of [[1440, 900], [1024, 700]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const name of ['redp5110_sampled.pdf', 'nics-background-checks-2015-11.pdf']) {
      await page.getByTestId('queue-row').filter({ hasText: name }).first().click();
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/uishots/${w}-${name}.png` });
    }
  }
  await invokeFromTest(app, 'settings:set', { language: 'zh-CN', theme: 'dark' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/uishots/zh-dark.png` });
});
