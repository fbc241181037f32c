// E2E (browser mode, real local engine) in a small window: settings rows line up (buttons level with their
// field) and show only the selected backend's concerns; toast bursts fold into one summary over the queue
// column.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { corpus, expectRowState, openSettings } from './app-ui.ts';
import { expect, invokeFromTest, test } from './fixtures.ts';

/** Every field row with buttons (LibreOffice path, custom address, API key): the buttons as tall as the field, level with it. */
async function expectFieldRowsAligned(page: Page, forms: number): Promise<void> {
  const rows = await page.locator('form.inline-form').evaluateAll((els) =>
    els.map((form) => {
      const field = form.querySelector('input')!.getBoundingClientRect();
      return [...form.querySelectorAll('button')].map((b) => {
        const r = b.getBoundingClientRect();
        return {
          button: b.textContent,
          dTop: Math.round(r.top - field.top),
          dHeight: Math.round(r.height - field.height),
        };
      });
    }),
  );
  expect(rows).toHaveLength(forms);
  for (const buttons of rows) {
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) expect(b).toEqual({ button: b.button, dTop: 0, dHeight: 0 });
  }
}

test('settings show only the selected backend; a connection result goes with a backend switch', async ({
  page,
  app,
}) => {
  await openSettings(page);
  const view = page.getByTestId('settings-view');
  await expect(view).toContainText('The local engine does not need a key.');
  await expect(view).not.toContainText(/keychain|DBus|Platform failure/i);
  await expectFieldRowsAligned(page, 1);
  // A plain-text value (Version, Results stored) reads on the line of its label.
  for (const label of ['Version', 'Results stored']) {
    const row = view.locator('.settings-row').filter({ has: page.getByText(label, { exact: true }) });
    const centre = async (el: ReturnType<Page['locator']>) => {
      const r = (await el.boundingBox())!;
      return r.y + r.height / 2;
    };
    const [a, b] = [
      await centre(row.locator('.settings-label > *').first()),
      await centre(row.locator('.settings-control > *').first()),
    ];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(2);
  }
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('reachable', { timeout: 30_000 });
  await page.getByRole('radio', { name: /SoMark cloud/ }).check();
  await expect(page.getByTestId('connection-result')).toHaveText('');
  await page.getByLabel('Service address').selectOption('custom');
  await expect(page.getByLabel('Private deployment base URL')).toBeVisible();
  await expectFieldRowsAligned(page, 2); // the address and the API key
  // Backend cards of unequal text (one line in Chinese, two in the other): each description sits right under its title.
  await page.setViewportSize({ width: 1024, height: 700 });
  await invokeFromTest(app, 'settings:set', { language: 'zh-CN' });
  await expect(page.getByText('本地引擎', { exact: true }).first()).toBeVisible();
  const gaps = await page
    .locator('.backend-card')
    .evaluateAll((cards) =>
      cards.map((c) =>
        Math.round(c.querySelector('.backend-card-text')!.getBoundingClientRect().top - c.getBoundingClientRect().top),
      ),
    );
  expect(gaps).toHaveLength(2);
  expect(gaps[0]).toBe(gaps[1]);
});

test('failures arriving together fold into one summary toast', async ({ page }) => {
  test.setTimeout(120_000);
  const bad = await readFile(corpus('bad-input/garbage.pdf'));
  await page
    .getByTestId('dropzone-input')
    .setInputFiles(['a', 'b', 'c'].map((n) => ({ name: `broken-${n}.pdf`, mimeType: 'application/pdf', buffer: bad })));
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
    // Below NARROW_PX (1280, renderer/src/stores/ui.ts) the queue folds into its rail a moment after the
    // resize: click the rail's button once it is there (asking isVisible() right away raced the fold).
    if (width < 1280) await page.getByTestId('queue-expand').click();
    await expect(page.locator('.queue-slot')).toBeVisible();
    const queue = (await page.locator('.queue-slot').boundingBox())!;
    const toasts = (await page.getByRole('region', { name: 'Notifications' }).boundingBox())!;
    expect(toasts.x).toBeGreaterThanOrEqual(queue.x);
    expect(toasts.x + toasts.width).toBeLessThanOrEqual(queue.x + queue.width);
  }
});
