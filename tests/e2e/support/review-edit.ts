// Driving the review's corrections in e2e: selecting a block by its box on the page, and exporting an
// edited version through its task's Export menu (the download's bytes).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** Exports the open result as `item` of its Export menu; answers the downloaded file. */
export async function exportVia(page: Page, item: string): Promise<Buffer> {
  await page.keyboard.press('Escape');
  // An edited version is not in the queue: its menu is named "Export" alone.
  await page
    .getByTestId('task-detail')
    .getByRole('button', { name: /^Export/ })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return readFile(await download.path());
}

/** Selects block `g` by clicking its box on the page. */
export async function selectBlock(page: Page, g: number): Promise<void> {
  await page.locator(`[data-testid=page-pane] [data-g="${g}"]`).first().click();
  await expect(page.getByTestId('edit-which')).toBeVisible();
}
