// Accessibility (axe-core): the queue, the review screen with and without the Inspector, a failed
// task, History and Settings, in light and dark, English and Chinese, report zero violations
// (axe's default rules plus label-content-name-mismatch: every control's name holds its visible label).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { corpus, dropFiles, expectRowState, row } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

const DOC = 'redp5110_sampled.pdf';
const BAD = 'garbage.pdf';

async function scan(page: Page, where: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return result.violations.map((v) =>
    `${where}: ${v.id} (${v.nodes.length}) ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join(' | ')}`);
}

test('zero axe violations on every screen, light and dark, English and Chinese', async ({ page, app }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await invokeFromTest(app, 'settings:set', { formats: ['markdown', 'json'] });
  await dropFiles(page, corpus(`pdf-digital/${DOC}`), corpus(`bad-input/${BAD}`));
  await expectRowState(page, DOC, 'SUCCESS');
  await expectRowState(page, BAD, 'FAILED');

  const found: string[] = [];
  for (const [language, theme] of [['en', 'light'], ['en', 'dark'], ['zh-CN', 'light'], ['zh-CN', 'dark']] as const) {
    const tag = `${language}/${theme}`;
    await invokeFromTest(app, 'settings:set', { language, theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByTestId('nav-queue').click();
    await row(page, BAD).click();
    await expect(page.getByTestId('status-panel')).toBeVisible();
    found.push(...(await scan(page, `${tag} failed task`)));
    await row(page, DOC).click();
    await expect(page.getByTestId('review')).toHaveAttribute('data-pdf', 'ready');
    await expect(page.getByTestId('md-chunk').first()).toBeVisible();
    const inspector = page.getByTestId('inspector');
    const toggle = page.getByTestId('toggle-inspector');
    if (await inspector.isVisible()) await toggle.click();
    await expect(inspector).toBeHidden();
    found.push(...(await scan(page, `${tag} queue + review`)));
    await toggle.click();
    await expect(inspector).toBeVisible();
    found.push(...(await scan(page, `${tag} review + inspector`)));
    await page.getByTestId('nav-history').click();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    found.push(...(await scan(page, `${tag} history`)));
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-view')).toBeVisible();
    found.push(...(await scan(page, `${tag} settings`)));
  }
  // A small window: the queue as a rail, the Inspector as a drawer, the table view dialog.
  await invokeFromTest(app, 'settings:set', { language: 'en', theme: 'light' });
  await page.getByTestId('nav-queue').click();
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(page.getByTestId('queue-rail')).toBeVisible();
  await expect(page.getByTestId('inspector')).toBeVisible();
  found.push(...(await scan(page, 'en/light 1024×700 rail + inspector drawer')));
  expect(found, found.join('\n')).toEqual([]);
});
